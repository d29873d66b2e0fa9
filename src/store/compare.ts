/**
 * The aligned Compare at the cursor, fetched while the Compare view is shown: at most one request
 * in flight, the latest cursor wins, dropped with the session. Derived data, outside the app store.
 */
import { create } from 'zustand';
import type { CompareInfo } from '../protocol/worker-protocol';
import { client } from './client';
import { useApp } from './store';

export const useCompareState = create<{ info?: CompareInfo }>(() => ({}));

let busy = false;
let wanted = -1;

export function requestCompare(seq: number): void {
  wanted = seq;
  if (busy || useCompareState.getState().info?.seq === seq) return;
  busy = true;
  const summary = useApp.getState().summary;
  client.request<CompareInfo>({ op: 'compare', seq }).then((info) => {
    if (useApp.getState().summary === summary) useCompareState.setState({ info });
  }, () => undefined).finally(() => {
    busy = false;
    if (wanted !== seq && useApp.getState().summary === summary) requestCompare(wanted);
  });
}

useApp.subscribe((s, prev) => {
  if (s.summary !== prev.summary) { wanted = -1; useCompareState.setState({ info: undefined }); }
});
