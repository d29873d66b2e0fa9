/** The folder slice: the open folder of sessions, whether its panel shows, and a kept folder to offer to reopen. */
import type { StateCreator } from 'zustand';
import type { PriceTable } from '../core/cost';
import type { FolderItem, HeaderFacts, Judgement } from '../protocol/folder-protocol';
import type { AppState } from './store';

export interface FolderSession extends FolderItem {
  /** undefined until read; null when the file has no readable header. */
  readonly header?: HeaderFacts | null;
  readonly judged?: Judgement | { readonly error: string };
}

export interface FolderState {
  readonly name: string;
  readonly via: 'picker' | 'files' | 'http';
  readonly sessions: readonly FolderSession[];
  /** Headers read so far (the list is complete when it equals sessions.length). */
  readonly headersRead: number;
  readonly listMs?: number;
  readonly error?: string;
}

export interface FolderSlice {
  folder?: FolderState;
  folderPanel?: boolean;
  savedFolder?: string;
  /** The price table the user gave for the fleet's costs (none: no cost is shown), and why the last one given was refused. */
  prices?: PriceTable;
  pricesError?: string;
}

export const createFolderSlice: StateCreator<AppState, [], [], FolderSlice> = () => ({});
