/**
 * The library slice, under `library`: the kept sessions, the notice about the last import, which
 * kept session is shown, a ZIP's images as blob: URLs, and the fork comparison. Kept sessions
 * persist across loads, so nothing here is session-scoped (the comparison names its session).
 */
import type { StateCreator } from 'zustand';
import type { LibraryEntry } from '../protocol/library-entry';
import type { ForkSide, Summary } from '../protocol/worker-protocol';
import type { AppState } from './store';

export interface Notice { readonly kind: 'error' | 'info'; readonly text: string }

export interface LibraryState {
  ready: boolean;
  unavailable?: string;
  entries: LibraryEntry[];
  bytesUsed: number;
  drawer: boolean;
  notice?: Notice;
  /** The library entry shown now, if any. */
  currentId?: string;
  /** Images of the open ZIP: attachment id → blob: URL. */
  media: ReadonlyMap<string, string>;
  /** The fork comparison shown in the main area, for the session it was made for. */
  forkCompare?: ForkComparison;
}

/** A fork and its parent from the divergence point `from`: both sides' rows from `from` and their lengths. */
export interface ForkComparison {
  readonly for: Summary;
  readonly parentId: string;
  readonly from: number;
  readonly self: ForkSide;
  readonly other: ForkSide;
}

export interface LibrarySlice {
  library: LibraryState;
}

export const createLibrarySlice: StateCreator<AppState, [], [], LibrarySlice> = () => ({
  library: { ready: false, entries: [], bytesUsed: 0, drawer: false, media: new Map() },
});
