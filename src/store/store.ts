/**
 * The one app store: the session slice (ids, cursors and the latest answers from the worker; never
 * a copy of the log) at the top level, and the library slice under `library` (src/store/library.ts).
 */
import { create } from 'zustand';
import type { LineageInfo, Moment, OverviewNow, Row, Summary } from '../protocol/worker-protocol';
import { client, type Refusal } from './client';
import type { View } from './hash';
import type { FolderState } from './folder';
import type { LibraryState } from './library';
import type { BrokenLineSlice } from './broken-line';
import type { FollowSlice } from './follow';
import type { MarksSlice } from './marks';
import type { SearchSlice } from './search';
import type { TourState } from './tour';
import type { OverviewSlice } from './overview';

export type Phase = 'idle' | 'loading' | 'ready' | 'cancelled' | 'failed';

export interface AppState extends MarksSlice, FollowSlice, SearchSlice, BrokenLineSlice, OverviewSlice {
  phase: Phase;
  /**
   * Bytes read of the total, and events read so far; while loading, the Log lists those events
   * (`startTime`: the first one's time) before the views open.
   */
  progress: { done: number; total: number; events?: number; startTime?: number };
  message?: string;
  /** Why the last load failed, when the file itself was refused as a whole (shown as a verdict banner). */
  refusal?: Refusal;
  sessionName?: string;
  summary?: Summary;
  cursor: number;
  moment?: Moment;
  selected?: number;
  lineage?: LineageInfo;
  view: View;
  families: readonly string[] | null;
  filterSeqs?: Int32Array;
  rowsVersion: number;
  showHelp: boolean;
  /** The scrubber's replay is running (Play button, Space). */
  playing: boolean;
  /** The Inspector is collapsed to a strip (button, `i`). */
  inspectorCollapsed: boolean;
  /** Why the last file brought was not read at all (too large for a tab); src/store/size-guard.ts. */
  sizeRefusal?: string;
  library: LibraryState;
  tour: TourState;
  /** A followed live session (src/store/live-session.ts): `live` keeps the cursor at the end as the log grows. */
  liveSession?: LiveSessionState;
  /** The open folder of sessions (src/store/folder.ts), whether its panel shows, and a kept folder to offer to reopen. */
  folder?: FolderState;
  folderPanel?: boolean;
  savedFolder?: string;
}

export interface LiveSessionState {
  /** Where the bytes come from, for the status line. */
  readonly source: string;
  readonly live: boolean;
  /** Why following stopped or reloaded, one sentence. */
  readonly notice?: string;
}

export const useApp = create<AppState>(() => ({
  phase: 'idle', progress: { done: 0, total: 0 }, cursor: 0, view: 'log', families: null, rowsVersion: 0, showHelp: false, playing: false, inspectorCollapsed: false,
  library: { ready: false, entries: [], bytesUsed: 0, drawer: false, media: new Map() },
  tour: { step: -1, playing: false, speed: 1, recording: false, problems: [], playAnyway: false, panel: false },
}));

const set = useApp.setState;
const get = useApp.getState;

/** Rows fetched from the worker, by seq; cleared on every load. */
export const rowCache = new Map<number, Row>();
const ROW_CACHE_CAP = 5000;
const inflight = new Set<number>();
/** Seqs waiting for the next batched row request. */
let queued: number[] = [];
let generation = 0;
/** Bumped by dropRows: answers to row requests made before it are discarded. */
let rowsEpoch = 0;

/**
 * Forgets every fetched row: on a new load, and when a load settles (rows fetched while loading
 * lack the verdict's flags, so they are fetched again).
 */
function dropRows(): void {
  rowsEpoch++;
  rowCache.clear();
  inflight.clear();
  queued = [];
}

export function lastSeq(): number {
  return Math.max(0, (get().summary?.length ?? 1) - 1);
}

export interface Restore {
  cursor?: number; sel?: number; view?: View;
  /** The Diff's A and B marks (deep link `a`, `b`). */
  a?: number; b?: number;
  /** ZIP: the session entry to open instead of the root. */
  entry?: string;
  /** Load to take appends (follow): nothing synthesized, an unfinished tail waits. */
  follow?: boolean;
  /** Told once the load settles (the library keeps the file then; issue 4). */
  onLoaded?: (summary: Summary) => void;
  onFailed?: (message: string) => void;
}

/** What Cancel returns to: the session open when a load began (its worker waits in the client). */
type OpenSession = Pick<AppState, 'sessionName' | 'summary' | 'cursor' | 'moment' | 'selected' | 'lineage' | 'view' | 'families' | 'filterSeqs' | 'markA' | 'markB'> & { libraryId?: string };
let beforeLoad: OpenSession | undefined;

export function openBytes(bytes: ArrayBuffer | Blob, fileName: string, sessionName: string, restore: Restore = {}): void {
  const s = get();
  // the summary is cleared while a load runs: a load replacing a load in flight keeps the session open before both
  if (s.summary) {
    beforeLoad = { sessionName: s.sessionName, summary: s.summary, cursor: s.cursor, moment: s.moment, selected: s.selected, lineage: s.lineage,
      view: s.view, families: s.families, filterSeqs: s.filterSeqs, markA: s.markA, markB: s.markB, libraryId: s.library.currentId };
  } else if (s.phase !== 'loading') beforeLoad = undefined;
  generation++;
  const gen = generation;
  dropRows();
  set({ playing: false, phase: 'loading', progress: { done: 0, total: bytes instanceof Blob ? bytes.size : bytes.byteLength }, message: undefined, refusal: undefined, sessionName, summary: undefined, moment: undefined,
    selected: undefined, lineage: undefined, filterSeqs: undefined, families: null, search: undefined, markA: undefined, markB: undefined, ...(restore.view ? { view: restore.view } : {}),
    ...(restore.follow ? {} : { liveSession: undefined }) });
  client.load(bytes, fileName, {
    onProgress: (done, total, events, startTime) => { if (gen === generation) set({ progress: { done, total, events, startTime } }); },
    onLoaded: (summary) => {
      if (gen !== generation) return;
      beforeLoad = undefined;
      dropRows();
      const last = Math.max(0, summary.length - 1);
      const cursor = restore.cursor !== undefined ? Math.min(restore.cursor, last) : last;
      // a selection made in the Log while loading stays, now with its lineage
      const sel = restore.sel !== undefined && restore.sel < summary.length ? restore.sel : get().selected;
      const mark = (m?: number) => (m !== undefined && m <= last ? m : undefined);
      set({ phase: 'ready', summary, cursor, markA: mark(restore.a), markB: mark(restore.b), progress: { done: summary.byteLength, total: summary.byteLength }, rowsVersion: get().rowsVersion + 1 });
      requestMoment(cursor);
      if (sel !== undefined) select(sel);
      restore.onLoaded?.(summary);
    },
    onFailed: (message, refusal) => { if (gen === generation) { beforeLoad = undefined; set({ phase: 'failed', message, refusal }); restore.onFailed?.(message); } },
  }, restore.entry, restore.follow);
}

/**
 * Follow: sends the bytes appended to the file to the worker, which grows the same session; the
 * views keep their place (Live moves the cursor to the new end). False when a newer load replaced it.
 */
export async function appendBytes(bytes: ArrayBuffer): Promise<boolean> {
  const gen = generation;
  const grown = await client.append(bytes);
  if (gen !== generation) return false;
  // the overview extends after the moment is asked for (the worker answers in order): the one shown stays until then
  const before = get().summary;
  const summary: Summary = { ...grown, overview: before?.overview, overviewStats: before?.overviewStats };
  // rows at the old end may change (a torn line read, flags); the views fetch what they show again
  dropRows();
  set({ summary, progress: { done: summary.byteLength, total: summary.byteLength }, rowsVersion: get().rowsVersion + 1 });
  const f = get().liveSession;
  if (f?.live) moveCursor(summary.length - 1); else requestMoment(get().cursor);
  client.request<OverviewNow>({ op: 'overview' }).then((o) => {
    if (gen === generation && get().summary === summary) set({ summary: { ...summary, ...o } });
  }, () => undefined);
  return true;
}

/** The generation of the session shown: a follower stops when it changes. */
export function loadGeneration(): number {
  return generation;
}

export function setLiveSession(liveSession: LiveSessionState | undefined): void {
  set({ liveSession });
  if (liveSession?.live && get().summary) moveCursor(lastSeq());
}

export function failOpen(message: string): void {
  set({ phase: 'failed', message, refusal: undefined });
}

/** Cancel: stops the load and returns to the session that was open, at the same seq and selection. */
export function cancelLoad(): void {
  generation++;
  const back = beforeLoad;
  beforeLoad = undefined;
  dropRows();
  if (client.cancel() && back) {
    const { libraryId, ...open } = back;
    set((s) => ({ ...open, phase: 'ready', message: 'Load cancelled', progress: { done: 0, total: 0 }, search: undefined, rowsVersion: s.rowsVersion + 1, library: { ...s.library, currentId: libraryId } }));
    return;
  }
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

/** Moves the cursor; moving it back from the end pauses Live. */
export function setCursor(n: number): void {
  const f = get().liveSession;
  if (f?.live && Math.round(n) < lastSeq()) set({ liveSession: { ...f, live: false } });
  moveCursor(n);
}

function moveCursor(n: number): void {
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
  const epoch = rowsEpoch;
  client.request<Row[]>({ op: 'rowsOf', seqs: batch }).then((rows) => {
    if (epoch !== rowsEpoch) return;
    for (const r of rows) { rowCache.set(r.seq, r); inflight.delete(r.seq); }
    // bounded: the oldest fetched rows go first (a Map iterates in insertion order)
    for (const k of rowCache.keys()) { if (rowCache.size <= ROW_CACHE_CAP) break; rowCache.delete(k); }
    set({ rowsVersion: get().rowsVersion + 1 });
  }, () => { if (epoch === rowsEpoch) for (const s of batch) inflight.delete(s); });
}

/** Play from the cursor (from seq 0 when it stands at the end), or pause. */
export function togglePlay(play = !get().playing): void {
  // at the end of the slider's range (the log, or the overview's zoom) play starts over from its start
  const zoom = get().zoom;
  if (play && get().summary && get().cursor >= (zoom ? zoom.to : lastSeq())) setCursor(zoom ? zoom.from : 0);
  set({ playing: play && !!get().summary });
}

export function toggleInspector(collapsed = !get().inspectorCollapsed): void {
  set({ inspectorCollapsed: collapsed });
}

export function toggleHelp(show?: boolean): void {
  set({ showHelp: show ?? !get().showHelp });
}
