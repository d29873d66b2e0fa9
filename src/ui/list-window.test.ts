import { describe, expect, it } from 'vitest';
import { listWindow, slotCount, slotKey } from './list-window';

const keysOf = (w: { first: number; last: number }, slots: number) => {
  const k: number[] = [];
  for (let i = w.first; i < w.last; i++) k.push(slotKey(i, slots));
  return k;
};

describe('list window and slot keys', () => {
  const rowHeight = 22, overscan = 8, count = 1_300_000;

  it('the window covers the rows on screen plus the overscan, clamped to the list', () => {
    expect(listWindow(count, rowHeight, 0, 600, overscan)).toEqual({ first: 0, last: Math.ceil(600 / 22) + 8 });
    const w = listWindow(count, rowHeight, 22 * 1000, 600, overscan);
    expect(w.first).toBe(1000 - 8);
    expect(w.last).toBe(1000 + Math.ceil(600 / 22) + 8);
    expect(listWindow(10, rowHeight, 0, 600, overscan)).toEqual({ first: 0, last: 10 });
    expect(listWindow(0, rowHeight, 0, 600, overscan)).toEqual({ first: 0, last: 0 });
  });

  it('keys are distinct within every window the viewport can show, at any scroll position', () => {
    for (const viewport of [0, 21, 22, 600, 601, 900]) {
      const slots = slotCount(rowHeight, viewport, overscan);
      for (let top = 0; top < 22 * 300; top += 7) {
        const w = listWindow(count, rowHeight, top, viewport, overscan);
        expect(w.last - w.first).toBeLessThanOrEqual(slots);
        expect(new Set(keysOf(w, slots)).size).toBe(w.last - w.first);
      }
    }
  });

  it('a jump reuses all but a slot or two of the keys (the mounted rows take the new indices); a one-row scroll replaces one key', () => {
    const viewport = 600, slots = slotCount(rowHeight, viewport, overscan);
    const before = listWindow(count, rowHeight, 22 * 5000, viewport, overscan);
    const size = before.last - before.first;
    for (const to of [7, 912_345, 1_299_000, 5000 + size]) {
      const jumped = listWindow(count, rowHeight, 22 * to, viewport, overscan);
      const a = new Set(keysOf(before, slots));
      const kept = keysOf(jumped, slots).filter((k) => a.has(k)).length;
      // two runs of consecutive keys on a ring of `slots` share at least their lengths' sum less the ring
      expect(kept).toBeGreaterThanOrEqual(size + (jumped.last - jumped.first) - slots);
      expect(slots - size).toBeLessThanOrEqual(2);
    }
    const next = listWindow(count, rowHeight, 22 * 5001, viewport, overscan);
    const a = new Set(keysOf(before, slots)), b = new Set(keysOf(next, slots));
    expect([...b].filter((k) => !a.has(k))).toEqual([slotKey(next.last - 1, slots)]);
    expect([...a].filter((k) => !b.has(k))).toEqual([slotKey(before.first, slots)]);
  });
});
