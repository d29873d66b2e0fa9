/**
 * The Runs view's state (state only; its effects are in src/app/runs.ts): run B's comparison with
 * the shown session as the worker answered it, the difference opened and its details, and B's
 * cursor. Every answer names the summary it was made for, so another session never shows it.
 */
import { create } from 'zustand';
import type { Summary } from '../protocol/worker-protocol';
import type { RunsInfo, RunsPair } from '../protocol/runs-protocol';

export interface RunsState {
  /** The session (run A) the comparison is for. */
  for?: Summary;
  phase: 'none' | 'loading' | 'ready' | 'failed';
  /** Run B's name while it loads, and the reason it could not be compared. */
  bName?: string;
  error?: string;
  info?: RunsInfo;
  /** Library ids of A and B, when both are kept: the deep link `#compare=<a>,<b>` names them. */
  ids?: readonly [string, string];
  /** The difference opened (index into info.differences), and its details once they arrive. */
  open: number;
  pair?: RunsPair;
  /** B's cursor when B's slider moved last, with A's cursor it moved A to; once A's cursor is elsewhere, B follows A. */
  bCursor?: { readonly b: number; readonly a: number };
  /** Milliseconds from the worker's answer to the Runs view's first paint. */
  firstPaintMs?: number;
  /** Milliseconds from the alignment's end in the worker to the same paint (the answer built, sent and rendered). */
  paintAfterAlignMs?: number;
}

export const useRuns = create<RunsState>()(() => ({ phase: 'none', open: -1 }));

/** The comparison of the session shown, if it has arrived. */
export const selectRuns = (s: RunsState, summary: Summary | undefined): RunsInfo | undefined => (s.for === summary && summary ? s.info : undefined);
