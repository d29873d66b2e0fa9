/**
 * The session's load lifecycle: load bytes into a new session worker (with progress), cancel back
 * to the session open before, grow a live file's session with appended bytes. Every other way of
 * opening a session (a file, a URL, the library, a folder, a live file) ends here.
 */
import type { Summary } from '../protocol/worker-protocol';
import type { View } from '../core/view';
import { resetSession, sessionSnapshot, useApp, type AppState, type LiveSessionState, type Refusal } from '../store/store';
import { forgetMoment, moveCursor, requestMoment, select } from './cursor';
import { isStartedLoad, loadSize, type ArrivingLog, type StartedLoad } from './arriving-log';
import { client, type LoadCallbacks } from './session-client';
import { dropAnswers, loads } from './session-scope';
import { recheckTour } from './tour-player';

const set = useApp.setState;
const get = useApp.getState;

export interface Restore {
  cursor?: number; sel?: number; view?: View;
  /** The Diff's A and B marks (deep link `a`, `b`). */
  a?: number; b?: number;
  /** ZIP: the session entry to open instead of the root. */
  entry?: string;
  /** Load to take appends (a live file): nothing synthesized, an unfinished tail waits. */
  live?: boolean;
  /** Told once the load settles (the library keeps the file then). */
  onLoaded?: (summary: Summary) => void;
  /** Told when the file gave no session; `kept`: the session open before stays shown. */
  onFailed?: (message: string, kept: boolean) => void;
}

/**
 * What Cancel, or a load that gave no session, returns to: the session open when a load began
 * (its worker waits in the client), every session-scoped field as it was, with its view and library entry.
 */
type OpenSession = { fields: Partial<AppState>; view: AppState['view']; libraryId?: string };

/** The session open before the load in flight, while one runs. */
const before: { open?: OpenSession } = {};

/** The last `sessionId` given (src/store/session-slice.ts). */
let lastSessionId = 0;

/** A session was shown (loaded, grown, or back after a cancel): what follows from it. */
function shown(summary: Summary, fresh: boolean): void {
  // `npm run bench -- browser` times the strip's first draw from here (overviewMs)
  if (fresh && summary.overview) performance.mark('seqscope:overview-requested');
  recheckTour();
}

/**
 * Loads `bytes` as the session shown (named `sessionName` in the URL hash), replacing the one open:
 * every session-scoped field is reset, and Cancel returns to the session open before. A load
 * already started (a bundle's) is taken as the one shown.
 */
export function loadSession(bytes: ArrayBuffer | Blob | ArrivingLog | StartedLoad, fileName: string, sessionName: string, restore: Restore = {}): void {
  const s = get();
  // the summary is cleared while a load runs: a load replacing a load in flight keeps the session open before both
  if (s.summary) before.open = { fields: sessionSnapshot(s), view: s.view, libraryId: s.library.currentId };
  else if (s.phase !== 'loading') before.open = undefined;
  const mine = loads.next();
  dropAnswers();
  forgetMoment();
  resetSession({ phase: 'loading', progress: { done: 0, total: loadSize(bytes) }, sessionName,
    ...(restore.view ? { view: restore.view } : {}), ...(restore.live ? { liveSession: s.liveSession } : {}) });
  const callbacks: LoadCallbacks = {
    onProgress: (done, total, events, startTime) => { if (mine()) set({ progress: { done, total, events, startTime } }); },
    onLoaded: (summary) => {
      if (!mine()) return;
      before.open = undefined;
      dropAnswers();
      const last = Math.max(0, summary.length - 1);
      const cursor = restore.cursor !== undefined ? Math.min(restore.cursor, last) : last;
      // a selection made in the Log while loading stays, now with its lineage
      const sel = restore.sel !== undefined && restore.sel < summary.length ? restore.sel : get().selected;
      const mark = (m?: number) => (m !== undefined && m <= last ? m : undefined);
      set({ phase: 'ready', summary, sessionId: ++lastSessionId, cursor, markA: mark(restore.a), markB: mark(restore.b), progress: { done: summary.byteLength, total: summary.byteLength }, rowsVersion: get().rowsVersion + 1 });
      shown(summary, true);
      requestMoment(cursor);
      if (sel !== undefined) select(sel);
      restore.onLoaded?.(summary);
    },
    onFailed: (message, refusal, kept) => {
      if (!mine()) return;
      const back = before.open;
      before.open = undefined;
      if (!kept || !back) { set({ phase: 'failed', message, refusal }); restore.onFailed?.(message, false); return; }
      // a file that gives no session (refused as a whole, unreadable, a broken worker) does not take
      // the place of the session shown; rows the failed load listed while it read are not that session's
      dropAnswers();
      forgetMoment();
      returnTo(back, undefined, keptOver(fileName, message, refusal));
      restore.onFailed?.(message, true);
    },
  };
  if (isStartedLoad(bytes)) bytes.attach(callbacks); else client.load(bytes, fileName, callbacks, restore.entry, restore.live);
}

/**
 * A live file grew: sends the appended bytes to the worker, which grows the same session; the
 * views keep their place (Live moves the cursor to the new end). False when a newer load replaced it.
 */
export async function growSession(bytes: ArrayBuffer): Promise<boolean> {
  const current = loads.current();
  const grown = await client.append(bytes);
  if (!current()) return false;
  // the overview extends after the moment is asked for (the worker answers in order): the one shown stays until then
  const prev = get().summary;
  const summary: Summary = { ...grown, overview: prev?.overview, overviewStats: prev?.overviewStats };
  // rows at the old end may change (a torn line read, flags); the views fetch what they show again
  dropAnswers();
  set({ summary, progress: { done: summary.byteLength, total: summary.byteLength }, rowsVersion: get().rowsVersion + 1 });
  shown(summary, false);
  const f = get().liveSession;
  if (f?.pinnedToEnd) moveCursor(summary.length - 1); else requestMoment(get().cursor);
  client.request('overviewNow').then((o) => {
    if (current() && get().summary === summary) set({ summary: { ...summary, ...o } });
  }, () => undefined);
  return true;
}

/**
 * Resolves once the open begun next shows a session: its summary; undefined when it shows none
 * (it failed, was cancelled, or failed or was cancelled over the session shown, which stays). A
 * followed file growing meanwhile is the session shown, not the next one.
 */
export function nextSessionShown(): Promise<Summary | undefined> {
  const floor = lastSessionId;
  return new Promise((resolve) => {
    const unsub = useApp.subscribe((s, prev) => {
      const done = (v: Summary | undefined) => { unsub(); resolve(v); };
      if (s.phase === 'ready' && s.summary && s.sessionId !== undefined && s.sessionId > floor) done(s.summary);
      else if (s.phase === 'failed' || s.phase === 'cancelled') done(undefined);
      // the session shown stays: said in the banners (failed), or back after Cancel
      else if ((s.openFailure && s.openFailure !== prev.openFailure) || (prev.phase === 'loading' && s.phase === 'ready')) done(undefined);
    });
  });
}

export function setLiveSession(liveSession: LiveSessionState | undefined): void {
  set({ liveSession });
  const s = get();
  if (liveSession?.pinnedToEnd && s.summary) moveCursor(s.summary.length - 1);
}

/**
 * An open that failed before any bytes reached the worker (a fetch, the library, a folder's file):
 * over a session shown, that session stays and the failure is said in its alert; with none, the
 * load fails with the reason. `file`: the name or address that was being opened.
 */
export function failOpen(file: string, message: string): void {
  if (get().summary) { set({ phase: 'ready', progress: { done: 0, total: 0 }, ...keptOver(file, message, undefined) }); return; }
  set({ phase: 'failed', message, refusal: undefined });
}

/** Said once, in the banners, with the session shown again (one update): `file` gave no session, the session shown stays. */
function keptOver(file: string, message: string, refusal: Refusal | undefined): Pick<AppState, 'openFailure'> {
  return { openFailure: { file, message, ...(refusal ? { refusal } : {}) } };
}

/** The failure alert is dismissed. */
export function dismissOpenFailure(): void {
  set({ openFailure: undefined });
}

/** Shows again the session open before a load (its worker is the client's again), at the same seq and selection. */
function returnTo(back: OpenSession, message: string | undefined, also: Partial<AppState> = {}): void {
  // a search still running when the load began was stopped with it; a followed file is no longer
  // polled (its poller ended with the load), so it is shown as it stands, not followed
  const { search, ...fields } = back.fields;
  set((s) => ({ ...fields, search: search?.done ? search : undefined, liveSession: undefined, playing: false, view: back.view, phase: 'ready', message,
    progress: { done: 0, total: 0 }, rowsVersion: s.rowsVersion + 1, library: { ...s.library, currentId: back.libraryId }, ...also }));
  if (back.fields.summary) shown(back.fields.summary, true);
}

/** Cancel: stops the load and returns to the session that was open, at the same seq and selection. */
export function cancelLoad(): void {
  loads.drop();
  const back = before.open;
  before.open = undefined;
  dropAnswers();
  forgetMoment();
  if (client.cancel() && back) { returnTo(back, 'Load cancelled'); return; }
  // cancelled before its bytes reached the worker: the session shown was never replaced
  if (get().summary) { set({ phase: 'ready', message: 'Load cancelled', progress: { done: 0, total: 0 } }); return; }
  set({ phase: 'cancelled', message: 'Load cancelled' });
}
