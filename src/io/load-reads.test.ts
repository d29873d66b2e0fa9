/**
 * Issue 29: a disk-backed log is read once while it loads. A record admitted while loading that
 * reads an earlier line (a tool-result rewrite compares its target) finds it among the bytes just
 * scanned; in a worker each read of the file again is a FileReaderSync call.
 */
import { describe, expect, it } from 'vitest';
import { formatJsonl } from '../synth/write';
import { synthesize } from '../synth/generate';
import { loadBytes } from './load';
import type { SyncReader } from './paged-backing';

describe('loading a disk-backed log', () => {
  it('reads no line again while it loads, rewrites included, and keeps none of the scanned bytes after', async () => {
    const s = synthesize({ seed: 7, events: 6_000, contextTokens: 8_000 });
    const bytes = new TextEncoder().encode(formatJsonl(s.header, s.events));
    const reads = { n: 0 };
    const reader: SyncReader = () => (start, end) => { reads.n++; return bytes.slice(start, end); };
    const r = await loadBytes(new Blob([bytes]), { now: 0, syncReader: reader, pages: { pageBytes: 4096, pages: 2 } });
    expect(r.verdict.ok).toBe(true);
    const log = r.session!.log;
    const rewrites = r.timeline!.replacementSeqs.filter((q) => log.typeAt(q) === 'tool/result').length;
    expect(rewrites).toBeGreaterThan(5);
    expect(reads.n).toBe(0);
    expect(log.bytes.backed).toBe(true);
    expect(log.bytes.heldBytes).toBeLessThanOrEqual(2 * 4096);
    log.rawAt(0);
    expect(reads.n).toBe(1);
  });
});
