/**
 * The one app store: state only. Each slice (src/store/*-slice.ts) owns its fields, its initial
 * value and its part of `resetSession()`; the root composes them. Actions, workers and I/O live in
 * src/app; the store holds ids, cursors and the worker's latest answers, never a copy of the log.
 */
import { create } from 'zustand';
import { compareReset, createCompareSlice, type CompareSlice } from './compare-slice';
import { createCursorSlice, cursorReset, type CursorSlice } from './cursor-slice';
import { createFolderSlice, type FolderSlice } from './folder-slice';
import { createLibrarySlice, type LibrarySlice } from './library-slice';
import { createOverviewSlice, overviewReset, type OverviewSlice } from './overview-slice';
import { createSearchSlice, searchReset, type SearchSlice } from './search-slice';
import { createSessionSlice, sessionReset, type SessionSlice } from './session-slice';
import { createTourSlice, type TourSlice } from './tour-slice';
import { createViewSlice, type ViewSlice } from './view-slice';

export type { Phase, LiveSessionState, OpenFailure, Refusal } from './session-slice';

export type AppState = SessionSlice & CursorSlice & ViewSlice & SearchSlice & OverviewSlice & CompareSlice & LibrarySlice & FolderSlice & TourSlice;

export const useApp = create<AppState>()((...a) => ({
  ...createSessionSlice(...a), ...createCursorSlice(...a), ...createViewSlice(...a), ...createSearchSlice(...a), ...createOverviewSlice(...a),
  ...createCompareSlice(...a), ...createLibrarySlice(...a), ...createFolderSlice(...a), ...createTourSlice(...a),
}));

/**
 * Clears every session-scoped field to its slice's initial value, in one update, with `then`
 * applied on top (the new load's phase and name). The only way session-scoped state is cleared:
 * a new field is reset by adding it to its slice's reset.
 */
export function resetSession(then: Partial<AppState> = {}): void {
  useApp.setState({ ...sessionScoped(), ...then });
}

const sessionScoped = (): Partial<AppState> => ({ ...sessionReset(), ...cursorReset(), ...searchReset(), ...overviewReset(), ...compareReset() });

/**
 * The session-scoped fields of `s` as they are: what `resetSession()` clears, so that restoring
 * them (a load that failed or was cancelled) shows that session again exactly as it was.
 */
export function sessionSnapshot(s: AppState = useApp.getState()): Partial<AppState> {
  const keys = Object.keys(sessionScoped()) as (keyof AppState)[];
  return Object.fromEntries(keys.map((k) => [k, s[k]]));
}

/** The last seq of the session shown (0 when none). */
export function lastSeq(s: Pick<AppState, 'summary'> = useApp.getState()): number {
  return Math.max(0, (s.summary?.length ?? 1) - 1);
}
