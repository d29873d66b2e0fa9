import { lastAtOrBeforeIn } from '../../core/columns';
import type { Overview } from '../../core/overview';
import type { Axis } from './axis';

/** Every overview item's x on an axis (steps and tools: each phase's start), computed once per axis. */
export interface Layout {
  readonly axis: Axis;
  readonly req: Float64Array;
  readonly win: Float64Array;
  readonly comp: Float64Array;
  readonly prune: Float64Array;
  readonly turn0: Float64Array;
  readonly turn1: Float64Array;
  readonly step0: Float64Array;
  readonly stepFirst: Float64Array;
  readonly stepLast: Float64Array;
  readonly stepMessage: Float64Array;
  readonly step1: Float64Array;
  readonly tool0: Float64Array;
  readonly tool1: Float64Array;
}

export function layoutOf(o: Overview, axis: Axis): Layout {
  // plain loops: Float64Array.from with a map function iterates slowly
  const map = (seqs: Int32Array, times?: Float64Array, fallback?: Float64Array, open?: number) => {
    const out = new Float64Array(seqs.length);
    for (let i = 0; i < seqs.length; i++) {
      const s = seqs[i];
      out[i] = s >= 0 ? axis.x(s, times ? times[i] : NaN) : open ?? (fallback ? fallback[i] : NaN);
    }
    return out;
  };
  const step0 = map(o.stepStart, o.stepT0);
  const stepMessage = map(o.stepMessage, o.stepTMessage, step0);
  const stepLast = map(o.stepLast, o.stepTLast, stepMessage);
  const stepFirst = map(o.stepFirst, o.stepTFirst, stepMessage);
  const lastX = axis.x(o.last, o.endTime);
  const tool0 = map(o.toolCall, o.toolT0);
  return {
    axis, req: map(o.reqSeq, o.reqTime), win: map(o.winSeq), comp: map(o.compSeq), prune: map(o.pruneSeq),
    turn0: map(o.turnStart, o.turnT0), turn1: map(o.turnEnd, o.turnT1, undefined, lastX),
    step0, stepFirst, stepLast, stepMessage, step1: map(o.stepEnd, o.stepT1, undefined, lastX),
    tool0, tool1: map(o.toolResult, o.toolT1, tool0),
  };
}

/** Index of the last x ≤ px in an (about) ascending array, or -1. */
export const lastAtOrLeft = (xs: Float64Array, px: number): number => lastAtOrBeforeIn(xs, xs.length, px);

/** Index of the item nearest px within `tol` pixels, or -1. */
export function nearest(xs: Float64Array, px: number, tol: number): number {
  const i = lastAtOrLeft(xs, px);
  let best = -1, d = tol;
  for (const k of [i, i + 1]) if (k >= 0 && k < xs.length && Math.abs(xs[k] - px) <= d) { best = k; d = Math.abs(xs[k] - px); }
  return best;
}
