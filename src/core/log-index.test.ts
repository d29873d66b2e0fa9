import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logOnly } from '../testing/builders';
import { LogIndex } from './log-index';
import type { SessionEvent } from './types';

/** The (cited, citer) pairs the runs stand for, in citer order. */
function pairsOf(ix: LogIndex): { cited: number[]; citer: number[] } {
  const runs = ix.citationRuns(), cited: number[] = [], citer: number[] = [];
  for (let k = 0; k < runs.cited.length; k++) for (let i = 0; i < runs.length[k]; i++) { cited.push(runs.cited[k] + i); citer.push(runs.citer[k]); }
  return { cited, citer };
}

const citing = (seq: number, src: unknown[]) => ({ ...logOnly(seq), sourceEventSeqs: src }) as unknown as SessionEvent;

describe('LogIndex citations', () => {
  it('keeps a citer of consecutive seqs as one run, and expands runs to pairs in citer order', () => {
    const ix = new LogIndex();
    ix.observe(citing(10, [1, 2, 3, 4, 6, 7, 'x', -1, 10, 11, 2.5]), 10);
    ix.observe(citing(11, [8, 9, 10]), 11);
    const runs = ix.citationRuns();
    expect(Array.from(runs.cited)).toEqual([1, 6, 8]);
    expect(Array.from(runs.length)).toEqual([4, 2, 3]);
    expect(Array.from(runs.citer)).toEqual([10, 10, 11]);
    const { cited, citer } = pairsOf(ix);
    expect(Array.from(cited)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    expect(Array.from(citer)).toEqual([10, 10, 10, 10, 10, 10, 11, 11, 11]);
  });
  it('expands to exactly the valid (cited, citer) pairs, in order', () => {
    const src = fc.array(fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constant(1.5), fc.constant('3')), { maxLength: 12 });
    fc.assert(fc.property(fc.array(src, { maxLength: 8 }), (lists) => {
      const ix = new LogIndex();
      const want: [number, number][] = [];
      lists.forEach((l, i) => {
        const seq = 20 + i;
        ix.observe(citing(seq, l), seq);
        for (const c of l) if (Number.isSafeInteger(c) && (c as number) >= 0 && (c as number) < seq) want.push([c as number, seq]);
      });
      const { cited, citer } = pairsOf(ix);
      expect(Array.from(cited, (c, i) => [c, citer[i]])).toEqual(want);
    }), { numRuns: 200 });
  });
});
