import type { RunAlignment } from './run-align';

/**
 * What the Runs view lists, one line each: runs of equal pairs folded into one line, and every
 * difference under the turn and step it falls in.
 */
export type RunRow =
  /** Alignment rows [from, to) are equal pairs: items of A seq aFrom..aTo, of B bFrom..bTo, turns turnFrom..turnTo. */
  | { readonly kind: 'fold'; readonly from: number; readonly to: number; readonly turnFrom: number; readonly turnTo: number; readonly aFrom: number; readonly aTo: number; readonly bFrom: number; readonly bTo: number }
  | { readonly kind: 'turn'; readonly turn: number }
  | { readonly kind: 'step'; readonly turn: number; readonly step: number }
  /** Difference `diff` (RunAlignment.differences). */
  | { readonly kind: 'diff'; readonly diff: number };

/** Seqs and turns of the items the views fold, per run. */
export interface RowPlaces {
  readonly at: Int32Array;
  readonly turn: Int32Array;
  readonly step: Int32Array;
}

/** The Runs view's lines for an alignment, in place order. */
export function deriveRunRows(al: RunAlignment, a: RowPlaces, b: RowPlaces): RunRow[] {
  const out: RunRow[] = [];
  let turn = -1, step = -1, r = 0;
  const place = (row: number) => {
    const i = al.rowA[row], j = al.rowB[row];
    return i >= 0 ? { turn: a.turn[i], step: a.step[i] } : { turn: b.turn[j], step: b.step[j] };
  };
  const fold = (to: number) => {
    if (to <= r) return;
    const ia0 = al.rowA[r], ia1 = al.rowA[to - 1], ib0 = al.rowB[r], ib1 = al.rowB[to - 1];
    out.push({ kind: 'fold', from: r, to, turnFrom: a.turn[ia0], turnTo: a.turn[ia1], aFrom: a.at[ia0], aTo: a.at[ia1], bFrom: b.at[ib0], bTo: b.at[ib1] });
    turn = -1; step = -1;
  };
  al.differences.forEach((d, k) => {
    fold(d.row);
    const p = place(d.row);
    if (p.turn !== turn) { out.push({ kind: 'turn', turn: p.turn }); turn = p.turn; step = -1; }
    if (p.step !== step) { out.push({ kind: 'step', turn: p.turn, step: p.step }); step = p.step; }
    out.push({ kind: 'diff', diff: k });
    r = d.row + d.count;
  });
  fold(al.rows);
  return out;
}
