/**
 * The overview slice: the zoomed seq range the strip and the scrubber share, the range's numbers
 * (the session's come with the summary), the x-axis kind, and how the strip is shown.
 */
import type { StateCreator } from 'zustand';
import type { OverviewStats } from '../core/overview-stats';
import type { AppState } from './store';

export interface OverviewSlice {
  /** Numbers for the zoomed range (the session's come with the summary). */
  overviewRange?: OverviewStats;
  /** The zoomed seq range [from, to] of the strip and the scrubber; undefined: the whole log. */
  zoom?: { readonly from: number; readonly to: number };
  overviewAxis?: 'seq' | 'time';
  /** The text alternative (tables) instead of the canvas. */
  overviewTable?: boolean;
  /** The strip folded away (its header stays). */
  overviewHidden?: boolean;
}

/** A new load drops the old zoom and range numbers (a followed log that grows keeps them). */
export const overviewReset = (): Partial<OverviewSlice> => ({ overviewRange: undefined, zoom: undefined });

export const createOverviewSlice: StateCreator<AppState, [], [], OverviewSlice> = () => ({});
