/**
 * The compare slice: the worker's answers for the Compare view (the aligned Compare at a seq) and
 * the Diff view (the diff of the A and B marks). Each answer names the summary it was made for, so
 * an answer for another session (or the same log before it grew) is never shown.
 */
import type { StateCreator } from 'zustand';
import type { CompareInfo, DiffInfo, Summary } from '../protocol/worker-protocol';
import type { AppState } from './store';

export interface DiffAnswer {
  readonly for: Summary;
  /** `a:b` of the marks it answers. */
  readonly key: string;
  readonly diff?: DiffInfo;
  readonly error?: string;
}

export interface CompareSlice {
  compareAnswer?: { readonly for: Summary; readonly info: CompareInfo };
  diffAnswer?: DiffAnswer;
}

export const compareReset = (): Partial<CompareSlice> => ({ compareAnswer: undefined, diffAnswer: undefined });

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = () => ({});

/** The Compare answer for the session shown, if it has arrived. */
export const selectCompare = (s: AppState): CompareInfo | undefined => (s.compareAnswer?.for === s.summary ? s.compareAnswer?.info : undefined);

/** The Diff answer for the session shown, if it has arrived. */
export const selectDiff = (s: AppState): DiffAnswer | undefined => (s.diffAnswer?.for === s.summary ? s.diffAnswer : undefined);
