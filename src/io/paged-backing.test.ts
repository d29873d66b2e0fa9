import { describe, expect, it } from 'vitest';
import { PagedBacking } from './paged-backing';

/** A file of `n` bytes (byte i = i mod 251) and the reads made of it. */
function fileOf(n: number) {
  const bytes = Uint8Array.from({ length: n }, (_, i) => i % 251);
  const reads: [number, number][] = [];
  return { bytes, reads, read: (s: number, e: number) => { reads.push([s, e]); return bytes.slice(s, e); } };
}

describe('PagedBacking', () => {
  it('answers every range with the file\'s bytes, whatever the order of reads', () => {
    const f = fileOf(10_000);
    const b = new PagedBacking(f.bytes.length, f.read, { pageBytes: 100, pages: 5, readAhead: 4 });
    let x = 3;
    for (let i = 0; i < 500; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      const start = x % f.bytes.length, end = Math.min(f.bytes.length, start + (x % 450));
      expect(b.read(start, end)).toEqual(f.bytes.subarray(start, end));
    }
    for (let s = 0; s < f.bytes.length; s += 37) expect(b.read(s, Math.min(f.bytes.length, s + 37))).toEqual(f.bytes.subarray(s, s + 37));
  });

  it('reads one page for a line out of order, and doubles the read, up to readAhead, while reads run in file order', () => {
    const f = fileOf(100_000);
    const b = new PagedBacking(f.bytes.length, f.read, { pageBytes: 1000, pages: 64, readAhead: 8 });
    b.read(50_500, 50_600);
    expect(f.reads).toEqual([[50_000, 51_000]]);
    // a scan in file order from the start: 1, 2, 4, 8, 8 … pages a read
    for (let s = 0; s < 30_000; s += 100) b.read(s, s + 100);
    expect(f.reads.slice(1).map(([s, e]) => (e - s) / 1000)).toEqual([1, 2, 4, 8, 8, 8]);
    // a jump elsewhere starts again with one page
    b.read(70_100, 70_200);
    expect(f.reads.at(-1)).toEqual([70_000, 71_000]);
  });

  it('keeps at most `pages` pages, each of its own bytes', () => {
    const f = fileOf(100_000);
    const b = new PagedBacking(f.bytes.length, f.read, { pageBytes: 1000, pages: 6, readAhead: 4 });
    for (let s = 0; s < 100_000; s += 500) b.read(s, s + 500);
    expect(b.heldBytes).toBe(6 * 1000);
    expect(b.readStats.bytes).toBe(100_000);
  });

  it('prefetches a span in one read, from which every range in it is answered, lines over many pages too', () => {
    const f = fileOf(100_000);
    const b = new PagedBacking(f.bytes.length, f.read, { pageBytes: 1000, pages: 64, readAhead: 8 });
    b.read(40_100, 40_200);
    b.prefetch(38_500, 47_300);
    // one read from the first page not kept to the last (a kept page inside the span is read again with it)
    expect(f.reads.slice(1)).toEqual([[38_000, 48_000]]);
    for (const [s, e] of [[38_500, 38_700], [39_900, 44_100], [40_000, 41_000], [46_999, 47_300]]) expect(b.read(s, e)).toEqual(f.bytes.subarray(s, e));
    expect(f.reads).toHaveLength(2);
  });

  it('does not read past the end of the file', () => {
    const f = fileOf(2_500);
    const b = new PagedBacking(f.bytes.length, f.read, { pageBytes: 1000, pages: 8, readAhead: 8 });
    for (let s = 0; s < 2_500; s += 250) expect(b.read(s, s + 250)).toEqual(f.bytes.subarray(s, s + 250));
    expect(f.reads).toEqual([[0, 1000], [1000, 2500]]);
  });
});
