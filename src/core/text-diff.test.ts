import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines } from './text-diff';

const sides = (d: ReturnType<typeof diffLines>) => ({
  a: d.filter((l) => l.op !== '+').map((l) => l.text).join('\n'),
  b: d.filter((l) => l.op !== '-').map((l) => l.text).join('\n'),
});

describe('diffLines', () => {
  it('marks one changed line in the middle', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc')).toEqual([{ op: '=', text: 'a' }, { op: '-', text: 'b' }, { op: '+', text: 'B' }, { op: '=', text: 'c' }]);
  });
  it('rebuilds both texts, and finds a shortest edit when edits are few', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd', '');
    fc.assert(fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), (x, y) => {
      const a = x.join('\n'), b = y.join('\n');
      const d = diffLines(a, b);
      expect(sides(d)).toEqual({ a, b });
      // an LCS by dynamic programming bounds the kept lines
      const X = a.split('\n'), Y = b.split('\n');
      const L = Array.from({ length: X.length + 1 }, () => new Array<number>(Y.length + 1).fill(0));
      for (let i = 1; i <= X.length; i++) for (let j = 1; j <= Y.length; j++) L[i][j] = X[i - 1] === Y[j - 1] ? L[i - 1][j - 1] + 1 : Math.max(L[i - 1][j], L[i][j - 1]);
      expect(d.filter((l) => l.op === '=').length).toBe(L[X.length][Y.length]);
    }), { numRuns: 300 });
  });
  it('treats texts past the edit budget as replaced', () => {
    const d = diffLines('a\nb\nc', 'x\ny\nz', 2);
    expect(sides(d)).toEqual({ a: 'a\nb\nc', b: 'x\ny\nz' });
    expect(d.every((l) => l.op !== '=')).toBe(true);
  });
});
