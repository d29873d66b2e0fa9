/**
 * Issue 29: once a disk-backed log is loaded, what the page asks to settle (the summary with its
 * overview, the moment at the last seq) is answered from what the load kept: no line is read from
 * the file again (in a worker each read is a FileReaderSync call: 1.5 ms plus 5 ms a MiB).
 */
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import { SessionQueries } from './queries';

describe('a disk-backed log, settled', () => {
  it('answers the summary and the last moment without reading the file again', async () => {
    const s = synthesize({ seed: 5, events: 6_000, contextTokens: 8_000, crash: true });
    const bytes = new TextEncoder().encode(formatJsonl(s.header, s.events));
    const reads = { n: 0 };
    const r = await loadBytes(new Blob([bytes]), { now: 0, syncReader: () => (a, b) => { reads.n++; return bytes.slice(a, b); }, pages: { pageBytes: 4096, pages: 2 } });
    expect(r.verdict.ok).toBe(true);
    expect(r.timeline!.compactionSeqs.length).toBeGreaterThan(0);
    const q = new SessionQueries(r);
    const summary = q.summary();
    expect(summary.overview?.compSeq.length).toBeGreaterThan(0);
    const last = q.length - 1;
    q.moment(last);
    expect(reads.n).toBe(0);
    // a view that needs a line still reads it
    q.json(0);
    expect(reads.n).toBeGreaterThan(0);
  });
});
