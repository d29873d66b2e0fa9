/** Collecting a whole-log search's batches into ascending hits, wrapping round to where it started. Pure. */
import { lastAtOrBefore } from '../core/timeline';
import type { SearchBatch } from '../protocol/worker-protocol';

/** Hits stop here (the worker's cap too). */
export const SEARCH_CAP = 100_000;

const has = (a: Int32Array, x: number) => { const i = lastAtOrBefore(a, x); return i >= 0 && a[i] === x; };

/**
 * Collects the batches of a search that starts at `start`: first the hits from `start` to the end,
 * then from 0 up to `start` (later batches of the wrap may run past `start`; those hits are
 * dropped). Keeps the hits ascending, inside `filter` when given, at most `cap`. Pure.
 */
export class HitCollector {
  private before: number[] = [];
  private after: number[] = [];
  private wrapped = false;
  outside = 0;
  capped = false;

  constructor(readonly start: number, private readonly filter?: Int32Array, private readonly cap = SEARCH_CAP) {}

  get total(): number { return this.before.length + this.after.length; }

  /** Adds one batch; returns where the next batch starts, or -1 when the search is over. */
  add(b: SearchBatch): number {
    for (const h of b.hits) {
      if (this.wrapped && h >= this.start) return this.finish();
      if (this.filter && !has(this.filter, h)) { this.outside++; continue; }
      (this.wrapped ? this.before : this.after).push(h);
      if (this.total >= this.cap) { this.capped = true; return this.finish(); }
    }
    if (this.wrapped) return b.next < 0 || b.next >= this.start ? this.finish() : b.next;
    if (b.next >= 0) return b.next;
    this.wrapped = true;
    return this.start > 0 ? 0 : this.finish();
  }

  private finish(): number { this.wrapped = true; return -1; }

  /** Hits ascending, and the index of the first hit at or after the start (wrapping to 0). */
  result(): { hits: Int32Array; first: number } {
    const hits = Int32Array.from([...this.before, ...this.after]);
    return { hits, first: hits.length === 0 ? -1 : this.after.length ? this.before.length : 0 };
  }
}
