/**
 * The cursor slice: the seq the views show (and the moment the worker answered for it), the
 * selection and its lineage, the selected unreadable line, the Diff's A and B marks, and replay.
 */
import type { StateCreator } from 'zustand';
import type { LineageInfo, Moment } from '../protocol/worker-protocol';
import type { AppState } from './store';

export interface CursorSlice {
  cursor: number;
  moment?: Moment;
  selected?: number;
  lineage?: LineageInfo;
  /** Physical line of the selected unreadable record (header = line 1); it has no seq. */
  selectedLine?: number;
  /** Seq of mark A, or undefined when unset. */
  markA?: number;
  /** Seq of mark B, or undefined when unset. */
  markB?: number;
  /** The scrubber's replay is running (Play button, Space). */
  playing: boolean;
}

/** The cursor itself stays until the new session settles (the Log lists events while loading). */
export const cursorReset = (): Partial<CursorSlice> => ({
  moment: undefined, selected: undefined, lineage: undefined, selectedLine: undefined, markA: undefined, markB: undefined, playing: false,
});

export const createCursorSlice: StateCreator<AppState, [], [], CursorSlice> = () => ({ cursor: 0, playing: false });
