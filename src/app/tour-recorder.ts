/**
 * The tour recorder: a new tour of the open session whose steps are the reader's own moves (view,
 * cursor, selection, marks). Moves closer together than MERGE_MS merge into one step (a slider drag
 * is one step); the player's moves are not recorded. Editing steps: caption, order, delete.
 */
import type { Tour, TourStep } from '../core/tour';
import { useApp } from '../store/store';
import { setTour as set, tourState } from './tour-state';

/** Recorded moves closer together than this merge into one step. */
export const MERGE_MS = 800;

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

class Recorder {
  /** True while the player applies a step: its moves are not the reader's. */
  ignoring = false;
  private lastAt = 0;
  private unsubscribe?: () => void;

  start(): void {
    this.lastAt = Date.now();
    this.unsubscribe?.();
    this.unsubscribe = useApp.subscribe((now, prev) => {
      if (this.ignoring || !now.tour.recording || now.phase !== 'ready') return;
      if (now.cursor === prev.cursor && now.view === prev.view && now.selected === prev.selected && now.markA === prev.markA && now.markB === prev.markB) return;
      const steps = [...(now.tour.tour?.steps ?? [])];
      const at = Date.now();
      const last = steps[steps.length - 1];
      if (last && at - this.lastAt < MERGE_MS) steps[steps.length - 1] = stepHere(last.caption);
      else steps.push(stepHere(''));
      this.lastAt = at;
      replaceSteps(steps);
      set({ step: steps.length - 1 });
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}

export const recorder = new Recorder();

/** Starts a new tour of the open session whose first step is the moment shown now (the player's timer is stopped first). */
export function beginRecording(): void {
  const s = useApp.getState();
  if (!s.summary) return;
  const tour: Tour = { version: 1, session: { id: s.summary.header?.id ?? 'unknown' }, steps: [stepHere('')] };
  set({ tour, origin: 'recorded', libraryId: undefined, step: 0, playing: false, recording: true, problems: [], playAnyway: false, panel: true, error: undefined });
  recorder.start();
}

export function stopRecording(): void {
  recorder.stop();
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
