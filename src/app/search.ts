/**
 * Search and the Family filter. A search starts at the selection (or the cursor), runs to the end
 * of the log and wraps round to where it started; it keeps only hits inside the Family filter when
 * one is set, and counts those outside it; it selects a hit without ever moving the cursor (the
 * toolbar offers "Move cursor to hit" for a hit after it); hits stop at SEARCH_CAP.
 */
import { lastAtOrBefore } from '../core/timeline';
import { useApp } from '../store/store';
import { select, setCursor } from './cursor';
import { Latest } from './latest';
import { HitCollector, SEARCH_CAP } from './search-hits';
import { client } from './session-client';
import { loads } from './session-scope';

const get = useApp.getState, set = useApp.setState;

const searches = new Latest();

/** Shows only the families (or `type:<type>`) listed (null: all); a search runs again within the new filter. */
export function setFamilies(families: readonly string[] | null): void {
  set({ families, filterSeqs: undefined });
  const s = get().search;
  if (s && s.families !== families) void runSearch(s.query);
  if (!families) return;
  const current = loads.current();
  client.request('filter', [...families]).then((filterSeqs) => {
    if (current() && get().families === families) set({ filterSeqs });
  }, () => undefined);
}

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
  const mine = searches.next();
  if (!query) { set({ search: undefined }); return; }
  await filterReady();
  const s0 = get();
  if (!mine() || !s0.summary) return;
  const sessionId = s0.sessionId, families = s0.families;
  const c = new HitCollector(s0.selected ?? s0.cursor, families ? s0.filterSeqs : undefined);
  let from = c.start, revealed = false;
  while (from >= 0) {
    const b = await client.request('searchFrom', query, from, 250, SEARCH_CAP - c.total);
    // a followed file growing keeps the search: the worker searches the grown log, hits found stay hits
    if (!mine() || get().sessionId !== sessionId || get().families !== families) return;
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
