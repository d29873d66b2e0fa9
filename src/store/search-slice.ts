/** The search slice: the Family filter and its seqs, and the search's hits (src/app/search.ts runs it). */
import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export interface SearchState {
  readonly query: string;
  /** Hits, ascending. */
  readonly hits: Int32Array;
  /** The current hit's index in `hits` (-1 when there is none). */
  readonly index: number;
  /** False while later batches are still being searched. */
  readonly done?: boolean;
  /** True when the search stopped at SEARCH_CAP hits. */
  readonly capped?: boolean;
  /** With a Family filter on: hits the filter left out. */
  readonly outside?: number;
  /** The filter the hits are restricted to (null: none). */
  readonly families?: readonly string[] | null;
  /** Why the query cannot run (a bad regex or filter), one sentence. */
  readonly error?: string;
}

export interface SearchSlice {
  /** The Family filter: families (or `type:<type>`) shown; null: all. */
  families: readonly string[] | null;
  /** The seqs the filter keeps, once the worker answered. */
  filterSeqs?: Int32Array;
  search?: SearchState;
}

export const searchReset = (): Partial<SearchSlice> => ({ families: null, filterSeqs: undefined, search: undefined });

export const createSearchSlice: StateCreator<AppState, [], [], SearchSlice> = () => ({ families: null });
