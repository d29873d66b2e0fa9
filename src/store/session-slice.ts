/**
 * The session slice: the load's phase and progress, the session shown (its summary from the worker,
 * never a copy of the log), why a load failed, and the live file it reads as it grows.
 */
import type { StateCreator } from 'zustand';
import type { Summary } from '../protocol/worker-protocol';
import type { AppState } from './store';

export type Phase = 'idle' | 'loading' | 'ready' | 'cancelled' | 'failed';

/** Why a load failed when the file itself was refused as a whole (DSH's verdict kind and our code). */
export interface Refusal { readonly kind: 'corrupt' | 'unsupported'; readonly code: string }

/**
 * An open that gave no session while one was shown (not a session log, unreadable, a failed
 * fetch): the session shown stays, and this says once which file and why, until dismissed or the
 * next load. `file`: the name or address opened; `refusal`: DSH's verdict kind when the file was
 * read and refused as a whole.
 */
export interface OpenFailure { readonly file: string; readonly message: string; readonly refusal?: Refusal }

export interface LiveSessionState {
  /** Where the bytes come from, for the status line. */
  readonly source: string;
  /** Live is on: the cursor stays pinned to the end as the log grows (moving it back turns this off). */
  readonly pinnedToEnd: boolean;
  /** Why reading the live file stopped or reloaded, one sentence. */
  readonly notice?: string;
}

export interface SessionSlice {
  phase: Phase;
  /**
   * Bytes read of the total, and events read so far; while loading, the Log lists those events
   * (`startTime`: the first one's time) before the views open.
   */
  progress: { done: number; total: number; events?: number; startTime?: number };
  message?: string;
  /** Why the last load failed, when the file itself was refused as a whole (shown as a verdict banner). */
  refusal?: Refusal;
  sessionName?: string;
  summary?: Summary;
  /**
   * Which session is shown: a new number each time a load shows one, kept while a live file grows
   * (each growth gives a new `summary`). Work scoped to the session (a search, the Share review,
   * waiting for a session to open) compares this, not the summary's identity.
   */
  sessionId?: number;
  /** Bumped when fetched rows arrive or are dropped (the Log re-reads its row cache). */
  rowsVersion: number;
  /** Bumped when fetched cards or chunk runs arrive or are dropped. */
  cardsVersion: number;
  /** Why the last file brought was not read at all (too large for a tab); src/app/size-guard.ts. */
  sizeRefusal?: string;
  /** A live file, one still being written, read as it grows (src/app/live-file.ts). */
  liveSession?: LiveSessionState;
  /** The last open that failed over the session shown, which stayed (said in the banners). */
  openFailure?: OpenFailure;
}

/** The session-scoped part: what a new load starts from (src/store/store.ts resetSession). */
export const sessionReset = (): Partial<SessionSlice> => ({
  progress: { done: 0, total: 0 }, message: undefined, refusal: undefined, sessionName: undefined, summary: undefined, sessionId: undefined, liveSession: undefined, openFailure: undefined,
});

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = () => ({
  phase: 'idle', progress: { done: 0, total: 0 }, rowsVersion: 0, cardsVersion: 0,
});
