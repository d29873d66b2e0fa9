/**
 * Cursor and selection: moving the cursor (the moment at it is asked of the worker, coalesced),
 * selecting an event (its lineage follows) or an unreadable line, the A and B marks, replay.
 */
import { lastSeq, useApp } from '../store/store';
import { Coalescer } from './latest';
import { client } from './session-client';
import { loads } from './session-scope';

const set = useApp.setState;
const get = useApp.getState;

/** At most one moment request in flight; the latest cursor wins; an answer for another session is dropped. */
const moments = new Coalescer<number>(async (n) => {
  const current = loads.current();
  const m = await client.request('moment', n);
  if (current()) set({ moment: m });
});

/** Asks for the moment at `n` (coalesced). */
export function requestMoment(n: number): void {
  moments.want(n);
}

/** Moves the cursor; moving it back from the end pauses Live. */
export function setCursor(n: number): void {
  const f = get().liveSession;
  if (f?.pinnedToEnd && Math.round(n) < lastSeq()) set({ liveSession: { ...f, pinnedToEnd: false } });
  moveCursor(n);
}

/** Moves the cursor without touching Live (a live file that grew, Live turned on). */
export function moveCursor(n: number): void {
  const s = get().summary;
  if (!s) return;
  const c = Math.max(0, Math.min(Math.round(n), s.length - 1));
  if (c === get().cursor && get().moment?.seq === c) return;
  set({ cursor: c });
  requestMoment(c);
}

/** Selects an event (undefined: none); an unreadable line selected before is left. */
export function select(seq: number | undefined): void {
  if (seq === undefined) { set({ selected: undefined, lineage: undefined }); return; }
  set({ selected: seq, selectedLine: undefined });
  const current = loads.current();
  client.request('lineage', seq).then((lineage) => {
    if (current() && get().selected === seq) set({ lineage });
  }, () => undefined);
}

/** Selects `seq`, moving the cursor forward if the event lies past it. */
export function reveal(seq: number): void {
  if (seq > get().cursor) setCursor(seq);
  select(seq);
}

/** Selects a record DSH would not read, by its physical line (it has no seq); clears the event selection. */
export function selectLine(line: number | undefined): void {
  if (line !== undefined) select(undefined);
  set({ selectedLine: line });
}

/** Play from the cursor (from the start of the slider's range when it stands at its end), or pause. */
export function togglePlay(play = !get().playing): void {
  const zoom = get().zoom;
  if (play && get().summary && get().cursor >= (zoom ? zoom.to : lastSeq())) setCursor(zoom ? zoom.from : 0);
  set({ playing: play && !!get().summary });
}

function clamp(n: number | undefined): number | undefined {
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return Math.max(0, Math.min(Math.round(n), lastSeq()));
}

export function setMarkA(n: number | undefined): void {
  set({ markA: clamp(n) });
}

export function setMarkB(n: number | undefined): void {
  set({ markB: clamp(n) });
}

/** Sets both marks at once (one store update, one hash entry). */
export function setMarks(a: number | undefined, b: number | undefined): void {
  set({ markA: clamp(a), markB: clamp(b) });
}

export function clearMarks(): void {
  set({ markA: undefined, markB: undefined });
}

/** The last seq in `seqs` (ascending) strictly before `n`, or undefined. */
function lastBefore(seqs: ArrayLike<number>, n: number): number | undefined {
  let lo = 0, hi = seqs.length - 1, ans: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid] < n) { ans = seqs[mid]; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}

/**
 * "What changed in this step": B = the cursor, A = the seq just before the latest step/start
 * strictly before the cursor (so at a step's first seq, the previous step is shown). A = 0 before any step.
 */
export function markStepAtCursor(): void {
  const s = get();
  if (!s.summary) return;
  const start = lastBefore(s.summary.stepSeqs, s.cursor);
  setMarks(start === undefined ? 0 : Math.max(0, start - 1), s.cursor);
}

/**
 * "What the model has not seen yet": A = the moment of the latest model request at or before B
 * (the seq just before that step's first chunk); B defaults to the cursor when unset.
 */
export function markPreviousRequest(): void {
  const s = get();
  if (!s.summary) return;
  const b = s.markB ?? s.cursor;
  const req = lastBefore(s.summary.requestSeqs, b);
  setMarks(req ?? 0, b);
}

/** Another session opens: a moment asked for the old one is not sent after the one in flight. */
export function forgetMoment(): void {
  moments.forget();
}
