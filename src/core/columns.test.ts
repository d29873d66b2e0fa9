import { describe, expect, it } from 'vitest';
import { IntColumn, lastAtOrBeforeIn } from './columns';

describe('IntColumn', () => {
  it('grows past its capacity and keeps every value', () => {
    const c = new IntColumn(2);
    for (let i = 0; i < 1000; i++) c.push(i * 3 - 7);
    expect(c.length).toBe(1000);
    expect(c.at(0)).toBe(-7);
    expect(c.at(999)).toBe(999 * 3 - 7);
    expect(Array.from(c.view().subarray(0, 3))).toEqual([-7, -4, -1]);
  });
  it('sets in place, and trims its slack without losing values or the ability to grow', () => {
    const c = new IntColumn();
    c.push(1); c.push(2); c.set(1, 5);
    c.trim();
    expect(Array.from(c.view())).toEqual([1, 5]);
    c.push(9);
    expect(Array.from(c.view())).toEqual([1, 5, 9]);
    const empty = new IntColumn(0);
    empty.trim();
    expect(empty.view().length).toBe(0);
  });
  it('allocates nothing until its first push, and an empty column trimmed holds nothing either', () => {
    const c = new IntColumn(64);
    expect(c.view().buffer.byteLength).toBe(0);
    c.trim();
    expect(c.view().buffer.byteLength).toBe(0);
    c.push(4);
    expect(Array.from(c.view())).toEqual([4]);
    const d = new IntColumn(64);
    d.push(1);
    expect(d.view().buffer.byteLength).toBe(64 * 4);
    d.trim();
    expect(d.view().buffer.byteLength).toBe(4);
  });
});

describe('lastAtOrBeforeIn', () => {
  it('finds the last entry ≤ x among the first n, or -1', () => {
    const a = new Int32Array([2, 4, 4, 9, 100]);
    expect(lastAtOrBeforeIn(a, 4, 1)).toBe(-1);
    expect(lastAtOrBeforeIn(a, 4, 4)).toBe(2);
    expect(lastAtOrBeforeIn(a, 4, 8)).toBe(2);
    expect(lastAtOrBeforeIn(a, 4, 1000)).toBe(3); // the 5th entry is past n
    expect(lastAtOrBeforeIn(a, 0, 5)).toBe(-1);
  });
});
