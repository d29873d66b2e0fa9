import { describe, expect, it } from 'vitest';
import type { Overview } from '../../core/overview';
import { BREAK_PX, anchorsOf, seqAxis, timeAxis } from './axis';
import { markBins, maxBins, spanBins, stepLineBins, stepLinePaths } from './bins';

const I = (xs: number[]) => Int32Array.from(xs), F = (xs: number[]) => Float64Array.from(xs);
/** Two turns of 1 s each, an hour apart: seqs 0–9 and 10–19, one step each. */
function twoTurns(): Overview {
  const e = () => new Int32Array(0), f = () => new Float64Array(0);
  return {
    last: 19, startTime: 0, endTime: 3_602_000,
    reqSeq: e(), reqTime: f(), reqStep: e(), reqIn: f(), reqCacheRead: f(), reqCacheWrite: f(), reqOut: f(), reqReasoning: f(), reqFlags: new Uint8Array(0),
    winSeq: e(), winValue: f(), compSeq: e(), compStart: e(), compSaved: f(), pruneSeq: e(), pruneSaved: f(),
    turnStart: I([0, 10]), turnEnd: I([9, 19]), turnT0: F([0, 3_601_000]), turnT1: F([1000, 3_602_000]),
    stepStart: I([1, 11]), stepEnd: I([8, 18]), stepTurn: I([1, 2]), stepFirst: I([-1, -1]), stepLast: I([-1, -1]), stepMessage: I([-1, -1]),
    stepT0: F([100, 3_601_100]), stepTFirst: F([NaN, NaN]), stepTLast: F([NaN, NaN]), stepTMessage: F([NaN, NaN]), stepT1: F([900, 3_601_900]),
    toolCall: e(), toolResult: e(), toolT0: f(), toolT1: f(), toolName: e(), toolError: new Uint8Array(0), toolNames: [],
  };
}

describe('overview axes', () => {
  it('maps seqs linearly over the zoomed range and back', () => {
    const a = seqAxis(100, 200, 101);
    expect(a.x(100, NaN)).toBe(0);
    expect(a.x(200, NaN)).toBe(100);
    expect(a.seqAt(50)).toBe(150);
    expect(a.seqAt(-5)).toBe(100);
    expect(a.seqAt(500)).toBe(200);
  });
  it('compresses the idle hour between turns to a break of a few pixels, and maps x back to seqs', () => {
    const o = twoTurns();
    const a = timeAxis(o, anchorsOf(o), 0, 19, 401);
    expect(a.breaks).toHaveLength(1);
    expect(a.breaks[0].ms).toBe(3_600_000);
    expect(a.breaks[0].x1 - a.breaks[0].x0).toBeCloseTo(BREAK_PX, 5);
    // the two active seconds share the rest of the width equally
    expect(a.x(0, NaN)).toBe(0);
    expect(a.x(19, NaN)).toBeCloseTo(400, 5);
    expect(a.x(9, NaN)).toBeCloseTo(a.breaks[0].x0, 5);
    expect(a.x(10, NaN)).toBeCloseTo(a.breaks[0].x1, 5);
    expect(a.breaks[0].x0).toBeCloseTo((400 - BREAK_PX) / 2, 5);
    expect(a.seqAt(a.x(11, NaN) + 0.01)).toBe(11);
    expect(a.seqAt(400)).toBe(19);
  });
});

describe('per-pixel bins', () => {
  it('draws a step line: the highest value inside a pixel, else the last before it', () => {
    expect(Array.from(stepLineBins([-3, 1.2, 1.7, 4], [5, 10, 7, 2], 6))).toEqual([5, 10, 7, 7, 2, 2]);
    expect(Array.from(stepLineBins([2], [1], 3))).toEqual([NaN, NaN, 1]);
  });
  it('keeps the maximum of bars per pixel, marks and the highest class of spans', () => {
    expect(Array.from(maxBins([0.5, 0.7, 2.1, 9], [3, 8, 1, 4], 3))).toEqual([8, 0, 1]);
    expect(Array.from(markBins([0.5, 2.9, -1], 3))).toEqual([1, 0, 1]);
    expect(Array.from(spanBins([0, 1.5, 4.2], [3, 2, 4.3], [1, 2, 1], 6))).toEqual([1, 2, 1, 0, 1, 0]);
  });
  it('paths a step line with one point per change of height, covering every drawn pixel column at its height', () => {
    expect(stepLinePaths([1, 1, 1, 3, 3, NaN, 2], (v) => v * 10)).toEqual([[0, 10.5, 3, 10.5, 3, 30.5, 5, 30.5], [6, 20.5, 7, 20.5]]);
    expect(stepLinePaths([1, 1, 2], (v) => v, (px) => px !== 1)).toEqual([[0, 1.5, 1, 1.5], [2, 2.5, 3, 2.5]]);
    // against the per-pixel definition on pseudo-random bins with gaps: each drawn column [px, px + 1]
    // lies on one horizontal segment at its height, and no segment covers an undrawn column
    let seed = 3;
    const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
    const bins = Array.from({ length: 400 }, () => (rnd() < 0.1 ? NaN : Math.floor(rnd() * 4)));
    const keep = (px: number) => px % 37 !== 5;
    const y = (v: number) => 50 - v * 7;
    const covered = new Map<number, number>();
    for (const run of stepLinePaths(bins, y, keep)) {
      for (let k = 0; k + 3 < run.length; k += 2) {
        const [x0, y0, x1, y1] = run.slice(k, k + 4);
        if (y0 === y1) for (let px = x0; px < x1; px++) { expect(covered.has(px)).toBe(false); covered.set(px, y0); }
        else expect(x0).toBe(x1);
      }
    }
    for (let px = 0; px < bins.length; px++) {
      const drawn = !Number.isNaN(bins[px]) && keep(px);
      expect(covered.get(px)).toBe(drawn ? Math.round(y(bins[px])) + 0.5 : undefined);
    }
  });
});
