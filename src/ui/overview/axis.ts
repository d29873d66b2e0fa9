import { lastAtOrBeforeIn } from '../../core/columns';
import type { Overview } from '../../core/overview';

export type AxisKind = 'seq' | 'time';

/** A compressed idle gap on the time axis: where it is drawn and how long it really was. */
export interface AxisBreak {
  readonly x0: number;
  readonly x1: number;
  readonly ms: number;
}

/**
 * The strip's x-axis over the seqs [lo, hi], `width` pixels wide: by seq (the scrubber's), or by
 * wall-clock time with the idle gaps between turns compressed to a few pixels each.
 */
export interface Axis {
  readonly kind: AxisKind;
  readonly lo: number;
  readonly hi: number;
  readonly width: number;
  /** x of something at `seq` that happened at `time` (time: NaN → the time known at seq). */
  x(seq: number, time: number): number;
  /** The seq shown at x (clamped to [lo, hi]). */
  seqAt(x: number): number;
  readonly breaks: readonly AxisBreak[];
}

export function seqAxis(lo: number, hi: number, width: number): Axis {
  const span = Math.max(1, hi - lo), w = Math.max(1, width - 1);
  return {
    kind: 'seq', lo, hi, width, breaks: [],
    x: (seq) => ((seq - lo) / span) * w,
    seqAt: (x) => Math.max(lo, Math.min(hi, Math.round(lo + (x / w) * span))),
  };
}

/** Known (seq, time) points of a session, ascending by seq, times made non-decreasing (a clock step back reads as no time passing). */
export interface Anchors {
  readonly seq: Float64Array;
  readonly time: Float64Array;
}

export function anchorsOf(o: Overview): Anchors {
  const seqs: number[] = [], times: number[] = [];
  const add = (s: ArrayLike<number>, t: ArrayLike<number>) => { for (let i = 0; i < s.length; i++) if (s[i] >= 0 && Number.isFinite(t[i])) { seqs.push(s[i]); times.push(t[i]); } };
  add([0, o.last], [o.startTime, o.endTime]);
  add(o.turnStart, o.turnT0); add(o.turnEnd, o.turnT1);
  add(o.stepStart, o.stepT0); add(o.stepFirst, o.stepTFirst); add(o.stepLast, o.stepTLast); add(o.stepMessage, o.stepTMessage); add(o.stepEnd, o.stepT1);
  add(o.toolCall, o.toolT0); add(o.toolResult, o.toolT1); add(o.reqSeq, o.reqTime);
  const order = seqs.map((_, i) => i).sort((a, b) => seqs[a] - seqs[b]);
  const seq = Float64Array.from(order, (i) => seqs[i]), time = Float64Array.from(order, (i) => times[i]);
  for (let i = 1; i < time.length; i++) if (time[i] < time[i - 1]) time[i] = time[i - 1];
  return { seq, time };
}

/** The time known at seq: the last anchor's at or before it. */
export function timeAtSeq(a: Anchors, seq: number): number {
  const i = lastAtOrBeforeIn(a.seq, a.seq.length, seq);
  return i >= 0 ? a.time[i] : a.time[0] ?? 0;
}

/** Gaps between turns longer than this (and than 2% of the shown time) are compressed. */
export const IDLE_MIN_MS = 10_000;
/** Pixels a compressed gap takes. */
export const BREAK_PX = 10;

export function timeAxis(o: Overview, a: Anchors, lo: number, hi: number, width: number): Axis {
  const t0 = timeAtSeq(a, lo), t1 = Math.max(t0, timeAtSeq(a, hi));
  const span = t1 - t0, min = Math.max(IDLE_MIN_MS, span * 0.02);
  // idle gaps: turn end → next turn start, clipped to the shown time
  const gaps: [number, number][] = [];
  for (let i = 0; i + 1 < o.turnStart.length; i++) {
    const g0 = Math.max(t0, o.turnT1[i]), g1 = Math.min(t1, o.turnT0[i + 1]);
    if (g1 - g0 > min) gaps.push([g0, g1]);
  }
  const idle = gaps.reduce((s, [g0, g1]) => s + g1 - g0, 0);
  const W = Math.max(1, width - 1);
  const bp = gaps.length ? Math.min(BREAK_PX, W / (4 * gaps.length)) : 0;
  const active = Math.max(1, span - idle);
  // each gap takes `c` units of compressed time, so that it is `bp` pixels wide
  const total = active / (1 - (gaps.length * bp) / W);
  const c = (bp * total) / W;
  const scale = W / total;
  // compressed time at each gap's start
  const u0: number[] = [];
  let shift = 0;
  for (const [g0, g1] of gaps) { u0.push(g0 - t0 - shift); shift += g1 - g0 - c; }
  const toU = (t: number) => {
    let lo2 = 0, hi2 = gaps.length - 1, k = -1;
    while (lo2 <= hi2) { const m = (lo2 + hi2) >> 1; if (gaps[m][0] <= t) { k = m; lo2 = m + 1; } else hi2 = m - 1; }
    if (k < 0) return t - t0;
    const [g0, g1] = gaps[k];
    return t < g1 ? u0[k] + ((t - g0) / (g1 - g0)) * c : u0[k] + c + (t - g1);
  };
  const fromU = (u: number) => {
    let k = -1;
    for (let i = 0; i < u0.length && u0[i] <= u; i++) k = i;
    if (k < 0) return t0 + u;
    const [g0, g1] = gaps[k];
    return u < u0[k] + c ? g0 + ((u - u0[k]) / Math.max(1e-9, c)) * (g1 - g0) : g1 + (u - u0[k] - c);
  };
  const x = (seq: number, time: number) => toU(Number.isFinite(time) ? time : timeAtSeq(a, seq)) * scale;
  const seqAt = (px: number) => {
    const t = fromU(px / scale);
    // the last anchor at or before t, within [lo, hi]
    let l = 0, h = a.time.length - 1, k = 0;
    while (l <= h) { const m = (l + h) >> 1; if (a.time[m] <= t) { k = m; l = m + 1; } else h = m - 1; }
    return Math.max(lo, Math.min(hi, a.seq[k]));
  };
  const breaks = gaps.map(([g0, g1], k) => ({ x0: u0[k] * scale, x1: (u0[k] + c) * scale, ms: g1 - g0 }));
  return { kind: 'time', lo, hi, width, x, seqAt, breaks };
}
