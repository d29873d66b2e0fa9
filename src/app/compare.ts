/**
 * The Compare and Diff views' answers from the worker. Compare: at most one request in flight, the
 * latest cursor wins. Diff: the latest pair of marks wins. Each answer is stored with the summary it
 * was asked for (src/store/compare-slice.ts), so another session never shows it.
 */
import type { Summary } from '../protocol/worker-protocol';
import { useApp } from '../store/store';
import { Coalescer, Latest } from './latest';
import { client } from './session-client';

const get = useApp.getState, set = useApp.setState;

const compares = new Coalescer<number>(async (seq) => {
  const summary = get().summary;
  if (summary && get().compareAnswer?.for === summary && get().compareAnswer?.info.seq === seq) return;
  const info = await client.request('compare', seq);
  if (summary && get().summary === summary) set({ compareAnswer: { for: summary, info } });
});

/** Asks for the aligned Compare at `seq` while the Compare view is shown. */
export function requestCompare(seq: number): void {
  compares.want(seq);
}

const diffs = new Latest();
let asked: { for?: Summary; key: string } = { key: '' };

/** Asks for the diff of A and B unless it is the one shown or already asked for. */
export function requestDiff(a: number, b: number): void {
  const key = `${a}:${b}`;
  const summary = get().summary;
  if (!summary || (key === asked.key && asked.for === summary)) return;
  asked = { for: summary, key };
  const mine = diffs.next();
  client.request('diff', a, b).then((diff) => {
    if (mine() && get().summary === summary) set({ diffAnswer: { for: summary, key, diff } });
  }, (e: Error) => { if (mine() && get().summary === summary) set({ diffAnswer: { for: summary, key, error: e.message } }); });
}
