/**
 * The Diff view's answer: the worker's diff of the A and B marks, fetched when they change (the
 * latest request wins) and dropped with the session. Derived data, so outside the app store.
 */
import { create } from 'zustand';
import type { DiffInfo } from '../protocol/worker-protocol';
import { client } from './client';
import { useApp } from './store';

interface DiffState {
  /** The diff for `key` (`a:b`), when it has arrived. */
  key?: string;
  diff?: DiffInfo;
  error?: string;
}

export const useDiffState = create<DiffState>(() => ({}));

let wanted = '';

/** Asks for the diff of A and B unless it is the one shown or already asked for. */
export function requestDiff(a: number, b: number): void {
  const key = `${a}:${b}`;
  if (key === wanted) return;
  wanted = key;
  const summary = useApp.getState().summary;
  client.request<DiffInfo>({ op: 'diff', a, b }).then((diff) => {
    if (wanted === key && useApp.getState().summary === summary) useDiffState.setState({ key, diff, error: undefined });
  }, (e: Error) => { if (wanted === key) useDiffState.setState({ key, diff: undefined, error: e.message }); });
}

useApp.subscribe((s, prev) => {
  if (s.summary !== prev.summary) { wanted = ''; useDiffState.setState({ key: undefined, diff: undefined, error: undefined }); }
});
