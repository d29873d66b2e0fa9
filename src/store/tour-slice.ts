/** The tour slice, under `tour`: the tour open now, the player, the recorder, and the tour's fit to the session. */
import type { StateCreator } from 'zustand';
import type { Tour } from '../core/tour';
import type { AppState } from './store';

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

export interface TourSlice {
  /** A tour opens beside its session and outlives a load (it is checked again against the new one). */
  tour: TourState;
}

export const createTourSlice: StateCreator<AppState, [], [], TourSlice> = () => ({
  tour: { step: -1, playing: false, speed: 1, recording: false, problems: [], playAnyway: false, panel: false },
});
