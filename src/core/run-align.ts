import { ItemComparer, type RunSide } from './run-item-compare';
import { ITEM_KINDS, lastItemAtOrBefore, type ItemKind, type ItemsAt, type RunItems } from './run-items';

export type DivergenceKind = ItemKind | 'end';

/** A compared item that differs from its counterpart, or has none: the seq carrying it in each run. */
export interface Divergence {
  readonly a: number | null;
  readonly b: number | null;
  readonly kind: DivergenceKind;
}

export interface Difference extends Divergence {
  /** The place both items stand at: turn (0 before the first), step in the turn (0 before the first), index in the step. */
  readonly turn: number;
  readonly step: number;
  readonly index: number;
  /** The row of the first pair (RunAlignment) and how many pairs it covers (more than 1 only for `end`). */
  readonly row: number;
  readonly count: number;
}

/**
 * Two runs aligned item by item (issue §1): pairs of items at the same place (turn, step, index),
 * in place order, which is log order in each run. `end`: one run has no item at or past the place
 * (it ended, or the other went on); the run of such pairs at the tail is one difference.
 */
export interface RunAlignment {
  readonly rows: number;
  /** Per row, the item index in A and in B (-1: none at that place). */
  readonly rowA: Int32Array;
  readonly rowB: Int32Array;
  readonly equal: Uint8Array;
  /** Per item, its row. */
  readonly rowOfA: Int32Array;
  readonly rowOfB: Int32Array;
  readonly firstDivergence: Divergence | null;
  readonly differences: readonly Difference[];
}

function cmpPlace(x: RunItems, i: number, y: RunItems, j: number): number {
  return x.turn[i] - y.turn[j] || x.step[i] - y.step[j] || x.index[i] - y.index[j];
}

/** Aligns two runs: one merge over both item lists, each pair compared once. */
export function alignRuns(a: RunSide, b: RunSide): RunAlignment {
  const A = a.items, B = b.items;
  const cap = A.length + B.length;
  const rowA = new Int32Array(cap), rowB = new Int32Array(cap), equal = new Uint8Array(cap);
  const rowOfA = new Int32Array(A.length), rowOfB = new Int32Array(B.length);
  const cmp = new ItemComparer(a, b);
  const differences: Difference[] = [];
  let i = 0, j = 0, r = 0;
  while (i < A.length || j < B.length) {
    const c = i >= A.length ? 1 : j >= B.length ? -1 : cmpPlace(A, i, B, j);
    const ia = c <= 0 ? i : -1, jb = c >= 0 ? j : -1;
    rowA[r] = ia; rowB[r] = jb;
    if (ia >= 0) rowOfA[ia] = r;
    if (jb >= 0) rowOfB[jb] = r;
    const eq = ia >= 0 && jb >= 0 && cmp.equal(ia, jb);
    equal[r] = eq ? 1 : 0;
    if (!eq) {
      const ended = ia < 0 ? i >= A.length : jb < 0 ? j >= B.length : false;
      const last = differences[differences.length - 1];
      if (ended && last?.kind === 'end' && last.row + last.count === r) (last as { count: number }).count++;
      else {
        const items = ia >= 0 ? A : B, k = ia >= 0 ? ia : jb;
        differences.push({
          a: ia >= 0 && A.seq[ia] >= 0 ? A.seq[ia] : null, b: jb >= 0 && B.seq[jb] >= 0 ? B.seq[jb] : null,
          kind: ended ? 'end' : ITEM_KINDS[items.kind[k]],
          turn: items.turn[k], step: items.step[k], index: items.index[k], row: r, count: 1,
        });
      }
    }
    if (ia >= 0) i++;
    if (jb >= 0) j++;
    r++;
  }
  const d0 = differences[0];
  return {
    rows: r, rowA: rowA.slice(0, r), rowB: rowB.slice(0, r), equal: equal.slice(0, r), rowOfA, rowOfB,
    firstDivergence: d0 ? { a: d0.a, b: d0.b, kind: d0.kind } : null,
    differences,
  };
}

/**
 * The seq in the other run aligned with `seq` of this one (linked scrubbers): the counterpart of
 * the last item at or before `seq`, moved on by as far as `seq` is past that item, short of the
 * counterpart's next item. With no item before it, `seq` maps to the same distance from the start.
 */
export function alignedSeq(al: Pick<RunAlignment, 'rowOfA' | 'rowOfB' | 'rowA' | 'rowB'>, from: ItemsAt, to: ItemsAt, fromIsA: boolean, seq: number, toLength: number): number {
  const rowOf = fromIsA ? al.rowOfA : al.rowOfB, other = fromIsA ? al.rowB : al.rowA;
  const clamp = (s: number) => Math.max(0, Math.min(toLength - 1, s));
  let k = lastItemAtOrBefore(from, seq);
  while (k >= 0 && other[rowOf[k]] < 0) k--;
  if (k < 0) return clamp(seq);
  const t = other[rowOf[k]];
  const next = t + 1 < to.length ? to.at[t + 1] : toLength;
  return clamp(Math.max(to.at[t], Math.min(to.at[t] + (seq - from.at[k]), next - 1)));
}
