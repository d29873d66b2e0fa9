/**
 * Search (issue 14): a slice of the app store. A search starts at the selection (or the cursor),
 * runs to the end of the log and wraps round to where it started; it keeps only hits inside the
 * Family filter when one is set, and counts those outside it; it selects a hit without ever moving
 * the cursor (the toolbar offers "Move cursor to hit" for a hit after it); hits stop at SEARCH_CAP.
 */
import { lastAtOrBefore } from '../core/timeline';
import type { SearchBatch } from '../protocol/worker-protocol';
import { client } from './client';
import { select, setCursor, useApp } from './store';

export const SEARCH_CAP = 100_000;

export interface SearchState {
  readonly query: string;
  /** Hits, ascending. */
  readonly hits: Int32Array;
  /** The current hit's index in `hits` (-1 when there is none). */
  readonly index: number;
  /** False while later batches are still being searched. */
  readonly done?: boolean;
  /** True when the search stopped at SEARCH_CAP hits. */
  readonly capped?: boolean;
  /** With a Family filter on: hits the filter left out. */
  readonly outside?: number;
  /** The filter the hits are restricted to (null: none). */
  readonly families?: readonly string[] | null;
  /** Why the query cannot run (a bad regex or filter), one sentence. */
  readonly error?: string;
}

export interface SearchSlice {
  search?: SearchState;
}

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

let token = 0;

const get = useApp.getState, set = useApp.setState;

/** Waits until the Family filter's seqs have arrived (or the filter or session changed). */
function filterReady(): Promise<void> {
  const ready = () => { const s = get(); return s.families === null || s.filterSeqs !== undefined; };
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => { const un = useApp.subscribe(() => { if (ready()) { un(); resolve(); } }); });
}

/**
 * Searches the log in batches of about 250 ms of worker time, from the selection (or the cursor),
 * within the Family filter; selects the first hit at or after the start as soon as a batch finds
 * it. A newer search, another filter or another session abandons it.
 */
export async function runSearch(query: string): Promise<void> {
  const mine = ++token;
  if (!query) { set({ search: undefined }); return; }
  await filterReady();
  const s0 = get();
  if (mine !== token || !s0.summary) return;
  const summary = s0.summary, families = s0.families;
  const c = new HitCollector(s0.selected ?? s0.cursor, families ? s0.filterSeqs : undefined);
  let from = c.start, revealed = false;
  while (from >= 0) {
    const b = await client.request<SearchBatch>({ op: 'searchFrom', query, from, budgetMs: 250, cap: SEARCH_CAP - c.total });
    if (mine !== token || get().summary !== summary || get().families !== families) return;
    if (b.error) { set({ search: { query, hits: new Int32Array(0), index: -1, done: true, families, error: b.error.message } }); return; }
    from = c.add(b);
    const { hits, first } = c.result();
    const prev = get().search;
    // the current hit stays the same hit while earlier ones arrive
    const index = revealed && prev && prev.index >= 0 ? lastAtOrBefore(hits, prev.hits[prev.index]) : first;
    set({ search: { query, hits, index, done: from < 0, capped: c.capped, outside: c.outside, families } });
    if (!revealed && index >= 0) { revealed = true; select(hits[index]); }
  }
}

/** Selects the next (or previous) hit; never moves the cursor. */
export function stepSearch(delta: number): void {
  const s = get().search;
  if (!s || s.hits.length === 0) return;
  const index = (s.index + delta + s.hits.length) % s.hits.length;
  set({ search: { ...s, index } });
  select(s.hits[index]);
}

/** Moves the cursor to the current hit (offered when it lies after the cursor). */
export function moveCursorToHit(): void {
  const s = get().search;
  if (s && s.index >= 0) setCursor(s.hits[s.index]);
}

// another Family filter: the search runs again within it
useApp.subscribe((s, prev) => {
  if (s.families !== prev.families && s.search && s.search.families !== s.families) void runSearch(s.search.query);
});
