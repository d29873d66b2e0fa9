/**
 * The tour player: the tour open now, shown step by step (view, cursor, selection and marks as the
 * step recorded them, applied through the same actions a reader's clicks use), on a timer when
 * playing; and the check of the tour against the open session.
 */
import { checkTourAgainst, TOUR_DWELL_MS, TOUR_SPEEDS, type Tour, type TourView } from '../core/tour';
import { VIEWS, type View } from '../core/view';
import { useApp } from '../store/store';
import type { TourOrigin, TourState } from '../store/tour-slice';
import { select, setCursor, setMarks } from './cursor';
import { client } from './session-client';
import { beginRecording, recorder, stopRecording } from './tour-recorder';
import { setTour as set, setTourError, tourState } from './tour-state';
import { setView } from './view';

export { TOUR_SPEEDS };

/** The timer of the step shown while playing. */
const player: { timer?: ReturnType<typeof setTimeout> } = {};

function stopTimer(): void {
  if (player.timer !== undefined) clearTimeout(player.timer);
  player.timer = undefined;
}

/** The session facts a tour is checked against. */
function sessionProblems(tour: Tour): string[] {
  const s = useApp.getState().summary;
  if (!s) return [];
  return checkTourAgainst(tour, { id: s.header?.id, length: s.length }).map((p) => p.message);
}

/** Opens a validated tour at its start, checked against the open session. */
export function openTour(tour: Tour, origin: TourOrigin, libraryId?: string): void {
  stopTimer();
  set({ tour, origin, libraryId, step: -1, playing: false, recording: false, problems: sessionProblems(tour), playAnyway: false, error: undefined });
}

export function closeTour(): void {
  stopTimer();
  stopRecording();
  set({ tour: undefined, origin: undefined, libraryId: undefined, step: -1, playing: false, problems: [], playAnyway: false, error: undefined });
}

/** A tour view the app cannot show (the Diff tab on a build without it) falls back to Compare. */
function viewFor(v: TourView): View {
  return (VIEWS as readonly string[]).includes(v) ? (v) : 'compare';
}

/** Shows step `i`: view, cursor, selection and marks, as the step recorded them. */
export function goToStep(i: number): void {
  const t = tourState().tour;
  if (!t || i < 0 || i >= t.steps.length) return;
  const st = t.steps[i];
  recorder.ignoring = true;
  try {
    setView(viewFor(st.view));
    setCursor(st.seq);
    select(st.selection);
    if (st.a !== undefined || st.b !== undefined) setMarks(st.a, st.b);
  } finally { recorder.ignoring = false; }
  set({ step: i });
}

/**
 * Whether the player may move: a session is loaded (a tour opened from a link waits for it), and a
 * tour that does not fit it waits for "Play anyway".
 */
export function canPlay(s: TourState = tourState(), ready = useApp.getState().phase === 'ready'): boolean {
  return ready && !!s.tour && s.tour.steps.length > 0 && !s.recording && (s.problems.length === 0 || s.playAnyway);
}

function schedule(): void {
  stopTimer();
  const s = tourState();
  const t = s.tour;
  if (!t || !s.playing) return;
  const st = t.steps[s.step];
  const dwell = (st?.dwellMs ?? TOUR_DWELL_MS) / s.speed;
  player.timer = setTimeout(() => {
    const now = tourState();
    if (!now.playing || now.tour !== t) return;
    if (now.step + 1 >= t.steps.length) { set({ playing: false }); return; }
    goToStep(now.step + 1);
    schedule();
  }, dwell);
}

export function playTour(): void {
  const s = tourState();
  if (!canPlay(s)) return;
  const from = s.step < 0 || s.step >= s.tour!.steps.length - 1 ? 0 : s.step;
  set({ playing: true });
  goToStep(from);
  schedule();
}

export function pauseTour(): void {
  stopTimer();
  set({ playing: false });
}

export function toggleTourPlay(): void {
  if (tourState().playing) pauseTour(); else playTour();
}

/** One step forward or back; pauses a playing tour. */
export function stepTour(delta: 1 | -1): void {
  const s = tourState();
  if (!s.tour || !canPlay(s)) return;
  pauseTour();
  const i = Math.max(0, Math.min(s.tour.steps.length - 1, s.step + delta));
  goToStep(i);
}

export function setTourSpeed(speed: number): void {
  set({ speed });
  if (tourState().playing) schedule();
}

export function acceptTourProblems(): void { set({ playAnyway: true }); }

/** Starts recording a new tour of the open session (a playing one stops). */
export function startRecording(): void {
  if (!useApp.getState().summary) return;
  stopTimer();
  beginRecording();
}

/** The last step whose seq is at or before `seq` (-1: none). */
export function stepAtOrBefore(tour: Tour, seq: number): number {
  let k = -1;
  tour.steps.forEach((st, i) => { if (st.seq <= seq) k = i; });
  return k;
}

/** Loads the built-in tour of the open session from the worker and opens it paused at the cursor. */
export async function playBuiltinTour(): Promise<void> {
  const summary = useApp.getState().summary;
  if (!summary) return;
  try {
    const tour = await client.request('builtinTour');
    if (useApp.getState().summary !== summary) return;
    openTour(tour, 'builtin');
    // paused where the reader stands: the step at or before the cursor is current, nothing moves
    set({ step: stepAtOrBefore(tour, useApp.getState().cursor) });
  } catch (err) {
    setTourError(`The built-in tour could not be made: ${(err as Error).message}`);
  }
}

/** A tour opened before its session loaded is checked once the session is there. */
export function recheckTour(): void {
  const t = tourState().tour;
  if (t && tourState().origin !== 'recorded') set({ problems: sessionProblems(t) });
}
