/** App state: ids, cursors and the latest answers from the worker; never a copy of the log. */
import { create } from 'zustand';
import type { LineageInfo, Moment, Row, Summary } from '../worker/protocol';
import { client } from './client';
import type { View } from './hash';

export type Phase = 'idle' | 'loading' | 'ready' | 'cancelled' | 'failed';

export interface SearchState {
  readonly query: string;
  readonly hits: Int32Array;
  readonly index: number;
}

export interface AppState {
  phase: Phase;
  progress: { done: number; total: number };
  message?: string;
  sessionName?: string;
  summary?: Summary;
  cursor: number;
  moment?: Moment;
  selected?: number;
  lineage?: LineageInfo;
  view: View;
  families: readonly string[] | null;
  filterSeqs?: Int32Array;
  search?: SearchState;
  rowsVersion: number;
  showHelp: boolean;
}

export const useApp = create<AppState>(() => ({
  phase: 'idle', progress: { done: 0, total: 0 }, cursor: 0, view: 'log', families: null, rowsVersion: 0, showHelp: false,
}));

const set = useApp.setState;
const get = useApp.getState;

/** Rows fetched from the worker, by seq; cleared on every load. */
export const rowCache = new Map<number, Row>();
const inflight = new Set<number>();
let generation = 0;

export function lastSeq(): number {
  return Math.max(0, (get().summary?.length ?? 1) - 1);
}

interface Restore { cursor?: number; sel?: number; view?: View }

export function openBytes(bytes: ArrayBuffer, fileName: string, sessionName: string, restore: Restore = {}): void {
  generation++;
  const gen = generation;
  rowCache.clear();
  inflight.clear();
  queued = [];
  set({ phase: 'loading', progress: { done: 0, total: bytes.byteLength }, message: undefined, sessionName, summary: undefined, moment: undefined,
    selected: undefined, lineage: undefined, filterSeqs: undefined, families: null, search: undefined, ...(restore.view ? { view: restore.view } : {}) });
  client.load(bytes, fileName, {
    onProgress: (done, total) => { if (gen === generation) set({ progress: { done, total } }); },
    onLoaded: (summary) => {
      if (gen !== generation) return;
      const last = Math.max(0, summary.length - 1);
      const cursor = restore.cursor !== undefined ? Math.min(restore.cursor, last) : last;
      set({ phase: 'ready', summary, cursor, progress: { done: summary.byteLength, total: summary.byteLength } });
      requestMoment(cursor);
      if (restore.sel !== undefined && restore.sel < summary.length) select(restore.sel);
    },
    onFailed: (message) => { if (gen === generation) set({ phase: 'failed', message }); },
  });
}

export function failOpen(message: string): void {
  set({ phase: 'failed', message });
}

export function cancelLoad(): void {
  generation++;
  client.terminate();
  set({ phase: 'cancelled', message: 'Load cancelled' });
}

let momentBusy = false;
let momentWanted = -1;

/** Asks for the moment at `n`, coalescing: at most one request in flight, the latest wins. */
function requestMoment(n: number): void {
  momentWanted = n;
  if (momentBusy) return;
  momentBusy = true;
  const gen = generation;
  client.request<Moment>({ op: 'moment', seq: n }).then((m) => {
    if (gen === generation) set({ moment: m });
  }, () => undefined).finally(() => {
    momentBusy = false;
    if (gen === generation && momentWanted !== n) requestMoment(momentWanted);
  });
}

export function setCursor(n: number): void {
  const s = get().summary;
  if (!s) return;
  const c = Math.max(0, Math.min(Math.round(n), s.length - 1));
  if (c === get().cursor && get().moment?.seq === c) return;
  set({ cursor: c });
  requestMoment(c);
}

export function select(seq: number | undefined): void {
  if (seq === undefined) { set({ selected: undefined, lineage: undefined }); return; }
  set({ selected: seq });
  const gen = generation;
  client.request<LineageInfo>({ op: 'lineage', seq }).then((lineage) => {
    if (gen === generation && get().selected === seq) set({ lineage });
  }, () => undefined);
}

/** Selects `seq`, moving the cursor forward if the event lies past it. */
export function reveal(seq: number): void {
  if (seq > get().cursor) setCursor(seq);
  select(seq);
}

export function setView(view: View): void {
  set({ view });
}

export function setFamilies(families: readonly string[] | null): void {
  set({ families, filterSeqs: undefined });
  if (!families) return;
  const gen = generation;
  client.request<Int32Array>({ op: 'filter', families: [...families] }).then((filterSeqs) => {
    if (gen === generation && get().families === families) set({ filterSeqs });
  }, () => undefined);
}

export async function runSearch(query: string): Promise<void> {
  if (!query) { set({ search: undefined }); return; }
  const hits = await client.request<Int32Array>({ op: 'search', query });
  set({ search: { query, hits, index: hits.length ? 0 : -1 } });
  if (hits.length) reveal(hits[0]);
}

export function stepSearch(delta: number): void {
  const s = get().search;
  if (!s || s.hits.length === 0) return;
  const index = (s.index + delta + s.hits.length) % s.hits.length;
  set({ search: { ...s, index } });
  reveal(s.hits[index]);
}

let queued: number[] = [];

/** Queues seqs whose rows are not cached; one batched request per microtask. */
export function ensureRows(seqs: readonly number[]): void {
  const wasEmpty = queued.length === 0;
  for (const s of seqs) if (!rowCache.has(s) && !inflight.has(s)) { inflight.add(s); queued.push(s); }
  if (wasEmpty && queued.length > 0) queueMicrotask(flushRows);
}

function flushRows(): void {
  const batch = queued;
  queued = [];
  if (batch.length === 0) return;
  const gen = generation;
  client.request<Row[]>({ op: 'rowsOf', seqs: batch }).then((rows) => {
    if (gen !== generation) return;
    for (const r of rows) { rowCache.set(r.seq, r); inflight.delete(r.seq); }
    set({ rowsVersion: get().rowsVersion + 1 });
  }, () => { for (const s of batch) inflight.delete(s); });
}

export function toggleHelp(show?: boolean): void {
  set({ showHelp: show ?? !get().showHelp });
}
