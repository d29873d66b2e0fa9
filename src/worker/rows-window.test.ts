/**
 * A Log window's rows from a log read again from its file (issue 29, scrubbing): the window's lines
 * are read in one read of the file, not a page per line, and the rows are those of the log read whole.
 */
import { describe, expect, it } from 'vitest';
import { openBytes } from '../io/open';
import type { SyncReader } from '../io/paged-backing';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import { SessionQueries } from './queries';
import { rowsInSlices } from './rows-slices';

describe('rowsOf on a log read lazily', () => {
  it('reads a window of rows in one read of the file, with the rows of the log read whole', async () => {
    const s = synthesize({ seed: 5, events: 4_000 });
    const bytes = new TextEncoder().encode(formatJsonl(s.header, s.events));
    const reads: [number, number][] = [];
    const reader: SyncReader = () => (start, end) => { reads.push([start, end]); return bytes.slice(start, end); };
    // pages much smaller than a window, so that a page per line would take many reads
    const lazy = await openBytes(new Blob([bytes]), { fileName: 'w.jsonl', now: 0, syncReader: reader, pages: { pageBytes: 512, pages: 4096 } });
    const whole = await openBytes(bytes, { fileName: 'w.jsonl', now: 0 });
    const q = new SessionQueries(lazy.result), full = new SessionQueries(whole.result);
    expect(q.length).toBeGreaterThan(3_000);
    for (const at of [2_900, 150, 1_700]) {
      const window = Array.from({ length: 101 }, (_, i) => at - 50 + i);
      const before = reads.length;
      const rows = q.rowsOf(window);
      expect(rows).toEqual(full.rowsOf(window));
      expect(reads.length - before).toBe(1);
      // the read spans the window's lines, and more than one page of them
      const [start, end] = reads.at(-1)!;
      expect(end - start).toBeGreaterThan(512);
    }
  });

  it('reads a window answered in slices once too, with the same rows', async () => {
    const s = synthesize({ seed: 5, events: 4_000 });
    const bytes = new TextEncoder().encode(formatJsonl(s.header, s.events));
    let reads = 0;
    const reader: SyncReader = () => (start, end) => { reads++; return bytes.slice(start, end); };
    const lazy = await openBytes(new Blob([bytes]), { fileName: 'w.jsonl', now: 0, syncReader: reader, pages: { pageBytes: 512, pages: 4096 } });
    const whole = await openBytes(bytes, { fileName: 'w.jsonl', now: 0 });
    const q = new SessionQueries(lazy.result), full = new SessionQueries(whole.result);
    const window = Array.from({ length: 101 }, (_, i) => 2_400 + i);
    const before = reads;
    expect(await rowsInSlices((seqs, span) => q.rowsOf(seqs, span), window, 16, async () => undefined)).toEqual(full.rowsOf(window));
    expect(reads - before).toBe(1);
  });
});
