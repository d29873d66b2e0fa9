/**
 * Lineage as of the cursor (issue 14): which facts about the selected event are true at the cursor,
 * which happen after it (and at which seq), and the role each seq plays towards the selection in
 * the views. Pure; the Inspector and every view read the same answer.
 */
import type { LineageInfo } from '../protocol/worker-protocol';

export type LineageRole = 'source' | 'dependent' | 'replaced';

/** One line of the Inspector's lineage: `label` and the seqs it names; `at`: the seq it became true, when not the seqs themselves. */
export interface LineageFact {
  readonly label: string;
  readonly seqs: readonly number[];
  readonly at?: number;
}

export interface LineageAt {
  readonly now: readonly LineageFact[];
  readonly later: readonly LineageFact[];
}

/** Splits the selection's lineage at the cursor: facts true at seq `cursor`, and facts that come later. */
export function lineageAt(lin: LineageInfo, cursor: number): LineageAt {
  const now: LineageFact[] = [], later: LineageFact[] = [];
  const own = lin.seq <= cursor;
  // facts that became true when the selected event was written
  const add = (label: string, seqs: readonly number[], at: number) => {
    if (seqs.length) (at <= cursor ? now : later).push(at <= cursor || at === seqs[0] ? { label, seqs } : { label, seqs, at });
  };
  add('Cites', lin.sources, lin.seq);
  add('Replaced', lin.replaced, lin.seq);
  // facts that became true at each later seq they name
  const split = (label: string, seqs: readonly number[]) => {
    const a = seqs.filter((s) => s <= cursor && own), b = seqs.filter((s) => !(s <= cursor && own));
    if (a.length) now.push({ label, seqs: a });
    if (b.length) later.push({ label, seqs: b });
  };
  split('Cited by', lin.dependents);
  if (lin.replacer !== undefined) split('Replaced by', [lin.replacer]);
  if (lin.chain.length > 1) split('Replacement chain', lin.chain.slice(1));
  if (lin.carriedBy) {
    split('Carried by checkpoint', [lin.carriedBy.checkpoint]);
    add('Shadows (through its checkpoint)', lin.carriedBy.shadowed, lin.carriedBy.checkpoint);
  }
  return { now, later };
}

interface Sorted { sources: Int32Array; dependents: Int32Array; replaced: Int32Array }
const sortedOf = new WeakMap<LineageInfo, Sorted>();

function sorted(lin: LineageInfo): Sorted {
  let s = sortedOf.get(lin);
  if (!s) {
    const replaced = [...lin.replaced, ...(lin.carriedBy?.shadowed ?? [])];
    s = { sources: Int32Array.from(lin.sources).sort(), dependents: Int32Array.from(lin.dependents).sort(), replaced: Int32Array.from(replaced).sort() };
    sortedOf.set(lin, s);
  }
  return s;
}

/** Whether sorted `a` holds a value in [lo, hi]. */
function anyIn(a: Int32Array, lo: number, hi: number): boolean {
  let l = 0, h = a.length;
  while (l < h) { const m = (l + h) >> 1; if (a[m] < lo) l = m + 1; else h = m; }
  return l < a.length && a[l] <= hi;
}

/**
 * The role of the seqs [start, end] (one seq, or a folded run) towards the selection at the cursor:
 * replaced first, then source, then dependent; nothing for a fact that happens after the cursor.
 */
export function roleAt(start: number, end: number, lin: LineageInfo | undefined, cursor: number): LineageRole | undefined {
  if (!lin || start > cursor) return undefined;
  const s = sorted(lin);
  // a replacement shadows from its own seq; a summary's shadows count from its checkpoint's
  const replacedAt = lin.replaced.length ? lin.seq : lin.carriedBy ? lin.carriedBy.checkpoint : Infinity;
  if (replacedAt <= cursor && anyIn(s.replaced, start, end)) return 'replaced';
  if (lin.seq <= cursor && anyIn(s.sources, start, end)) return 'source';
  if (anyIn(s.dependents, start, Math.min(end, cursor))) return 'dependent';
  return undefined;
}
