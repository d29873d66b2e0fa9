/**
 * The tour slice of the app store (issue 12): the tour open now, the player (step, playing,
 * speed), the recorder, and the check of the tour against the open session. A step is applied
 * through the session slice's own actions, exactly as a user's clicks would be.
 */
import { checkTourAgainst, TOUR_DWELL_MS, TOUR_SPEEDS, validateTour, type Tour, type TourStep, type TourView } from '../core/tour';
import { VIEWS, type View } from './hash';
import { library, libraryState } from './library';
import { setMarks } from './marks';
import { select, setCursor, setView, useApp } from './store';
import { client } from './client';

export { TOUR_SPEEDS };

export type TourOrigin = 'builtin' | 'recorded' | 'imported' | 'library' | 'url';

export interface TourState {
  tour?: Tour;
  origin?: TourOrigin;
  /** The kept tour's library id, once kept or when opened from the library. */
  libraryId?: string;
  /** Index of the step shown; -1 before the first. */
  step: number;
  playing: boolean;
  /** Playback rate: a step stays dwellMs ÷ speed. */
  speed: number;
  recording: boolean;
  /** Why the tour may not fit the open session (other session, seqs past the end); empty when it fits. */
  problems: readonly string[];
  /** The user chose to play a tour despite its problems. */
  playAnyway: boolean;
  /** The editor panel is open. */
  panel: boolean;
  /** The last import, keep or load failure, one sentence. */
  error?: string;
}


export function useTour<T>(pick: (s: TourState) => T): T {
  return useApp((s) => pick(s.tour));
}

export function tourState(): TourState {
  return useApp.getState().tour;
}

function set(patch: Partial<TourState>): void {
  useApp.setState((s) => ({ tour: { ...s.tour, ...patch } }));
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** True while a step is being applied, so the recorder does not record the player's own moves. */
let applying = false;

function stopTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
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

export function setTourPanel(panel: boolean): void { set({ panel }); }
export function setTourError(error: string | undefined): void { set({ error }); }

/** A tour view the app cannot show (the Diff tab on a build without it) falls back to Compare. */
function viewFor(v: TourView): View {
  return (VIEWS as readonly string[]).includes(v) ? (v as View) : 'compare';
}

/** Shows step `i`: view, cursor, selection and marks, as the step recorded them. */
export function goToStep(i: number): void {
  const t = tourState().tour;
  if (!t || i < 0 || i >= t.steps.length) return;
  const st = t.steps[i];
  applying = true;
  try {
    setView(viewFor(st.view));
    setCursor(st.seq);
    select(st.selection);
    if (st.a !== undefined || st.b !== undefined) setMarks(st.a, st.b);
  } finally { applying = false; }
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
  timer = setTimeout(() => {
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

/** Loads the built-in tour of the open session from the worker and plays it. */
export async function playBuiltinTour(): Promise<void> {
  const summary = useApp.getState().summary;
  if (!summary) return;
  try {
    const tour = await client.request<Tour>({ op: 'builtinTour' });
    if (useApp.getState().summary !== summary) return;
    openTour(tour, 'builtin');
    playTour();
  } catch (err) {
    setTourError(`The built-in tour could not be made: ${(err as Error).message}`);
  }
}

/* Recording */

/** Recorded moves closer together than this merge into one step (a slider drag is one step). */
const MERGE_MS = 800;
let lastRecordedAt = 0;
let unsubscribe: (() => void) | undefined;

function stepHere(caption: string): TourStep {
  const s = useApp.getState();
  // a tour plays one session: the Runs view (two) is recorded as the Log
  const step: { -readonly [K in keyof TourStep]: TourStep[K] } = { seq: s.cursor, view: s.view === 'runs' ? 'log' : s.view, caption };
  if (s.selected !== undefined) step.selection = s.selected;
  if (s.markA !== undefined) step.a = s.markA;
  if (s.markB !== undefined) step.b = s.markB;
  return step;
}

function replaceSteps(steps: TourStep[]): void {
  const t = tourState().tour;
  if (t) set({ tour: { ...t, steps } });
}

/** Starts a new tour of the open session whose first step is the moment shown now. */
export function startRecording(): void {
  const s = useApp.getState();
  if (!s.summary) return;
  stopTimer();
  const tour: Tour = { version: 1, session: { id: s.summary.header?.id ?? 'unknown' }, steps: [stepHere('')] };
  set({ tour, origin: 'recorded', libraryId: undefined, step: 0, playing: false, recording: true, problems: [], playAnyway: false, panel: true, error: undefined });
  lastRecordedAt = Date.now();
  unsubscribe?.();
  unsubscribe = useApp.subscribe((now, prev) => {
    if (applying || !now.tour.recording || now.phase !== 'ready') return;
    if (now.cursor === prev.cursor && now.view === prev.view && now.selected === prev.selected && now.markA === prev.markA && now.markB === prev.markB) return;
    const steps = [...(now.tour.tour?.steps ?? [])];
    const at = Date.now();
    const last = steps[steps.length - 1];
    if (last && at - lastRecordedAt < MERGE_MS) steps[steps.length - 1] = stepHere(last.caption);
    else steps.push(stepHere(''));
    lastRecordedAt = at;
    replaceSteps(steps);
    set({ step: steps.length - 1 });
  });
}

export function stopRecording(): void {
  unsubscribe?.();
  unsubscribe = undefined;
  set({ recording: false });
}

export function setStepCaption(i: number, caption: string): void {
  const steps = [...(tourState().tour?.steps ?? [])];
  if (!steps[i]) return;
  steps[i] = { ...steps[i], caption };
  replaceSteps(steps);
}

export function moveStep(i: number, delta: 1 | -1): void {
  const steps = [...(tourState().tour?.steps ?? [])];
  const j = i + delta;
  if (!steps[i] || !steps[j]) return;
  [steps[i], steps[j]] = [steps[j], steps[i]];
  replaceSteps(steps);
  set({ step: j });
}

export function deleteStep(i: number): void {
  const steps = [...(tourState().tour?.steps ?? [])];
  if (!steps[i]) return;
  steps.splice(i, 1);
  replaceSteps(steps);
  set({ step: Math.min(tourState().step, steps.length - 1) });
}

/* Import, export, keep */

/** The open tour as a `.tour.json` file's name and text. */
export function formatTourFile(): { name: string; text: string } | undefined {
  const t = tourState().tour;
  if (!t) return undefined;
  const base = (t.session.id || 'session').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
  return { name: `${base}.tour.json`, text: JSON.stringify(t, null, 2) + '\n' };
}

/** Parses and validates tour text: the tour, or one sentence saying why it is not one. */
function parseTourText(text: string): { tour: Tour } | { error: string } {
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (err) {
    return { error: `it is not valid JSON (${(err as Error).message}).` };
  }
  const v = validateTour(parsed);
  return v.ok ? { tour: v.tour } : { error: v.message };
}

/** Opens tour text, or says in one sentence (prefixed with `what`) why it cannot. */
function importTourText(text: string, origin: TourOrigin, what: string, libraryId?: string): boolean {
  const r = parseTourText(text);
  if ('error' in r) { setTourError(`${what} is not a valid tour: ${r.error}`); return false; }
  openTour(r.tour, origin, libraryId);
  // an import is made from the editor, which stays open; a link opens the tour without it
  if (origin === 'imported') set({ panel: true });
  return true;
}

const MAX_TOUR_BYTES = 8 << 20;

export async function importTourFile(file: Blob): Promise<void> {
  if (file.size > MAX_TOUR_BYTES) { setTourError(`This tour file is ${file.size} bytes; tours over 8 MB are not read.`); return; }
  importTourText(await file.text(), 'imported', 'This file');
}

/** `?tour=<url>`: same-origin addresses only, as `?url=`. */
export async function openTourUrl(url: string): Promise<void> {
  let target: URL;
  try { target = new URL(url, location.href); } catch { setTourError(`The tour address ${url} is not a valid URL.`); return; }
  if (target.origin !== location.origin) { setTourError(`The tour at ${url} is on another origin; only same-origin addresses are allowed.`); return; }
  try {
    const res = await fetch(target);
    // a static server answers a missing path with its index page: that is "not found" too
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) { setTourError(`The tour at ${url} was not found (${res.ok ? 'the server sent a web page' : res.status}).`); return; }
    if (Number(res.headers.get('content-length') ?? 0) > MAX_TOUR_BYTES) { setTourError(`The tour at ${url} is over 8 MB and is not read.`); return; }
    importTourText(await res.text(), 'url', `The tour at ${url}`);
  } catch (err) {
    setTourError(`The tour at ${url} could not be fetched (${(err as Error).message}).`);
  }
}

/** Keeps the open tour in the library with its session; returns its library id. */
export async function keepTour(): Promise<string | undefined> {
  const s = tourState();
  const t = s.tour;
  if (!t) return undefined;
  const lib = await library();
  if (!lib) { setTourError('The library is unavailable in this browser; export the tour instead.'); return undefined; }
  const id = s.libraryId ?? `tour-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    await lib.addTour({ id, entryId: libraryState().currentId, sessionId: t.session.id, title: t.title ?? `Tour of ${t.session.id}`, steps: t.steps.length, addedAt: Date.now(), tour: t });
  } catch (err) {
    setTourError((err as Error).message);
    return undefined;
  }
  set({ libraryId: id, error: undefined });
  return id;
}

/** `#tour=<library id>`: opens a kept tour (validated again: the store is only as safe as what wrote it). */
export async function openKeptTour(id: string): Promise<void> {
  const lib = await library();
  if (!lib) { setTourError('The library is unavailable in this browser.'); return; }
  try {
    const kept = await lib.tour(id);
    importTourText(JSON.stringify(kept.tour), 'library', `The kept tour ${id}`, id);
  } catch (err) {
    setTourError((err as Error).message);
  }
}

/** A tour opened before its session loaded is checked once the session is there. */
export function recheckTour(): void {
  const t = tourState().tour;
  if (t && tourState().origin !== 'recorded') set({ problems: sessionProblems(t) });
}

useApp.subscribe((s, prev) => { if (s.summary !== prev.summary && s.summary) recheckTour(); });
