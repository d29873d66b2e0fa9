import { describe, expect, it } from 'vitest';
import { HitCollector } from './search-hits';

const batch = (hits: number[], next: number) => ({ hits: Int32Array.from(hits), next });

describe('HitCollector (issue 14)', () => {
  it('starts at the start, wraps round to it, and keeps hits ascending with the first at or after the start', () => {
    const c = new HitCollector(50);
    expect(c.add(batch([55, 60], 70))).toBe(70);
    expect(c.result()).toEqual({ hits: Int32Array.from([55, 60]), first: 0 });
    expect(c.add(batch([90], -1))).toBe(0);
    // the wrap scans from 0; a batch that runs past the start drops those hits (already counted)
    expect(c.add(batch([3, 10], 40))).toBe(40);
    expect(c.add(batch([45, 55, 60], 80))).toBe(-1);
    expect(c.result()).toEqual({ hits: Int32Array.from([3, 10, 45, 55, 60, 90]), first: 3 });
  });

  it('wraps to the first hit when none lies after the start', () => {
    const c = new HitCollector(50);
    expect(c.add(batch([], -1))).toBe(0);
    expect(c.add(batch([7], -1))).toBe(-1);
    expect(c.result()).toEqual({ hits: Int32Array.from([7]), first: 0 });
  });

  it('keeps hits inside the filter and counts the others', () => {
    const c = new HitCollector(0, Int32Array.from([2, 4, 6]));
    expect(c.add(batch([1, 2, 3, 4, 5], -1))).toBe(-1);
    expect(c.result().hits).toEqual(Int32Array.from([2, 4]));
    expect(c.outside).toBe(3);
  });

  it('stops at the cap and says so', () => {
    const c = new HitCollector(0, undefined, 3);
    expect(c.add(batch([1, 2, 3, 4], 9))).toBe(-1);
    expect(c.capped).toBe(true);
    expect(c.result().hits.length).toBe(3);
  });
});
