/**
 * Issue 29: what the loader folds as it stores each record answers as the derivations over the
 * loaded log do, so the worker need not read the log's lines again after a load: the uncommitted
 * chunk runs and the compaction records' facts, on every log of the conformance corpus and the
 * fixtures, and on synthesized sessions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveCompactionSpans } from '../core/compaction';
import { deriveUncommittedRuns } from '../core/streamed';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import { corpusLogFiles } from '../testing/corpus';
import { loadBytes, type LoadResult } from './load';
import { openBytes } from './open';


/** The folded runs against the derivation over the log; the number of runs. */
function checkRuns(r: LoadResult): number {
  const log = r.session?.log;
  if (!log) return 0;
  const fold = r.session.uncommitted;
  expect(fold.length).toBe(log.length);
  const derived = deriveUncommittedRuns(log);
  expect(Array.from(fold.runs())).toEqual(Array.from(derived));
  return derived.length / 2;
}

/** Compaction spans read with the facts the loader kept against read from every line; the number of spans. */
function checkSpans(r: LoadResult): number {
  const log = r.session?.log, t = r.timeline;
  if (!log || !t) return 0;
  const src = { checkpointSeqs: t.compactionSeqs, replacementSeqs: t.replacementSeqs };
  const kept = deriveCompactionSpans({ log, ...src });
  const lines = { length: log.length, typeAt: (s: number) => log.typeAt(s), rawAt: (s: number) => log.rawAt(s), factsAt: () => undefined };
  expect(kept).toEqual(deriveCompactionSpans({ log: lines, ...src }));
  return kept.length;
}

describe('folds kept by the loader', () => {
  it('uncommitted chunk runs and compaction spans: the same as derived from the log, on every corpus log', async () => {
    const files = corpusLogFiles();
    expect(files.length).toBeGreaterThan(100);
    let runs = 0, logs = 0, spans = 0;
    for (const file of files) {
      const opened = await openBytes(new Uint8Array(readFileSync(file)), { fileName: path.basename(file), now: 0 }).catch(() => undefined);
      if (!opened) continue;
      logs++;
      runs += checkRuns(opened.result);
      spans += checkSpans(opened.result);
    }
    expect(spans).toBeGreaterThan(10);
    expect(logs).toBeGreaterThan(100);
    // the corpus holds uncommitted runs, so the comparison is not of empty lists only
    expect(runs).toBeGreaterThan(3);
  });

  it('uncommitted chunk runs and compaction spans of synthesized sessions (a crash mid-stream, compactions), read lazily', async () => {
    let spans = 0;
    for (const seed of [3, 11, 29]) {
      const s = synthesize({ seed, events: 4_000, crash: true, contextTokens: 8_000 });
      const bytes = new TextEncoder().encode(formatJsonl(s.header, s.events));
      const r = await loadBytes(new Blob([bytes]), { now: 0, syncReader: () => (a, b) => bytes.slice(a, b) });
      checkRuns(r);
      spans += checkSpans(r);
      // the compaction records' facts were kept, so the spans read none of their lines
      const log = r.session!.log;
      for (let q = 0; q < log.length; q++) if (log.typeAt(q).startsWith('compaction/')) expect(log.factsAt(q)).toBeDefined();
      for (const q of r.timeline!.compactionSeqs) expect(log.factsAt(q)?.sourceEventSeqs).toBeDefined();
    }
    expect(spans).toBeGreaterThan(5);
  });
});
