/**
 * Issue 29: a log read lazily (a Blob the host reads again, in small pages; a zstd log's frames
 * decoded again when a line is asked for) answers every question the page asks exactly as the same
 * log read whole does, on every log of the conformance corpus and the fixtures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Joined } from '../cli/digest';
import { openBytes } from '../io/open';
import type { SyncReader } from '../io/paged-backing';
import { formatVerdictRecord } from '../io/verdict-record';
import { CONFORMANCE_DIR, corpusLogFiles } from '../testing/corpus';
import { searchAll } from './session-search';
import { SessionQueries } from './queries';

/** A reader of the Blob made from `bytes` (FileReaderSync's part in a worker), counting its reads. */
const readerOf = (bytes: Uint8Array, reads: { n: number }): SyncReader => () => (start, end) => { reads.n++; return bytes.slice(start, end); };

/** Up to `k` seqs spread over [0, n), the ends included. */
const spread = (n: number, k: number) => [...new Set(Array.from({ length: Math.min(n, k) }, (_, i) => Math.round((i * (n - 1)) / Math.max(1, Math.min(n, k) - 1))))];

/** What the page can ask of a session, for a sample of seqs (the worker's answers, as they cross to the page). */
function answers(q: SessionQueries): Record<string, unknown> {
  const n = q.length;
  const seqs = spread(n, 40), few = spread(n, 6);
  const out: Record<string, unknown> = { summary: q.summary() };
  if (n === 0) return out;
  const at = (f: () => unknown) => { try { return f(); } catch (e) { return `threw: ${(e as Error).message}`; } };
  out.rows = q.rowsOf(seqs);
  out.json = seqs.map((s) => q.json(s));
  out.cards = q.cards(seqs);
  out.moments = few.map((s) => at(() => q.moment(s)));
  out.headers = few.map((s) => at(() => q.headers([q.moment(s).headerSeq])));
  out.lineage = few.map((s) => at(() => q.lineage(s)));
  out.requests = few.map((s) => at(() => q.request(s)));
  out.compare = few.map((s) => at(() => q.compare(s)));
  out.counts = few.map((s) => q.typeCountsThrough(s));
  out.diff = at(() => q.diff(0, n - 1));
  out.overview = at(() => q.overviewStats());
  out.tour = at(() => q.builtinTour());
  out.search = ['turn', 'TEXT-DELTA', '"seq":1', 'é', 'zq-none-qz', '/tool.result/', 'is:error'].map((t) => at(() => Array.from(searchAll(q, t))));
  return out;
}

/** The answers without how long they took (fields named `ms` or `…Ms`). */
function untimed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(untimed);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'ms' && !k.endsWith('Ms')).map(([k, x]) => [k, untimed(x)]));
  }
  return v;
}

// every log file of the corpus and fixtures (the fixture mode and ZIPs open whole either way, and are included)
const files = corpusLogFiles(/\.(jsonl|zstd|zst|zip)$/);

describe('a log read lazily answers as the log read whole', () => {
  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((f) => [path.relative(path.dirname(CONFORMANCE_DIR), f), f]))('%s', async (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const name = path.basename(file);
    const whole = await openBytes(bytes, { fileName: name, now: 0, keepPlaintext: true }).catch((e: Error) => e);
    const reads = { n: 0 };
    const lazy = await openBytes(new Blob([bytes]), { fileName: name, now: 0, syncReader: readerOf(bytes, reads), pages: { pageBytes: 61, pages: 2 } }).catch((e: Error) => e);
    if (whole instanceof Error || lazy instanceof Error) {
      expect(String(lazy)).toBe(String(whole));
      return;
    }
    expect(formatVerdictRecord(lazy.result, sha256Joined)).toEqual(formatVerdictRecord(whole.result, sha256Joined));
    const got = untimed(answers(new SessionQueries(lazy.result)));
    expect(got).toEqual(untimed(answers(new SessionQueries(whole.result))));
    const log = lazy.result.session?.log;
    if (lazy.container === 'log' && lazy.result.encoding === 'jsonl' && log) {
      // the lazy path was taken: the log read the file again and holds no more than its two small pages
      expect(log.bytes.backed).toBe(true);
      expect(log.bytes.heldBytes).toBeLessThanOrEqual(2 * 61);
      if (lazy.result.storedEventCount > 0) expect(reads.n).toBeGreaterThan(0);
    }
    if (lazy.container === 'log' && lazy.result.encoding === 'zstd' && log) {
      // the frames stay compressed: only a torn final frame's plaintext is kept
      expect(log.bytes.backed).toBe(true);
      if (!lazy.result.frames?.tornBytes) expect(log.bytes.keptBytes).toBe(0);
      if (lazy.result.storedEventCount > 0) expect(reads.n).toBeGreaterThan(0);
    }
  });
});
