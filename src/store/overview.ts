/**
 * The overview strip's slice of the app store (issue 11; the columns and the session's numbers come
 * with the summary): the range's numbers, the zoomed seq range the strip and the scrubber share, the x-axis kind,
 * and whether the table stands in for the picture.
 */
import type { OverviewStats } from '../core/overview-stats';
import { client } from './client';
import { setMarks } from './marks';
import { setCursor, useApp } from './store';

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

const set = useApp.setState;
const get = useApp.getState;

// a new load drops the old zoom and range numbers (a followed log that grows keeps them)
useApp.subscribe((s, prev) => {
  if (s.summary === prev.summary) return;
  if (!s.summary) { set({ overviewRange: undefined, zoom: undefined }); return; }
  // the load settled: `npm run bench -- browser` times the strip's first draw from here (overviewMs)
  if (!prev.summary && s.summary.overview) performance.mark('seqscope:overview-requested');
});

let rangeToken = 0;

/**
 * Zooms the strip and the scrubber to the seqs [from, to] (undefined: the whole log), asks the
 * worker for the range's numbers, and sets the Diff's A and B to the range's ends.
 */
export function setZoom(range: { from: number; to: number } | undefined): void {
  const summary = get().summary;
  if (!summary) return;
  const token = ++rangeToken;
  if (!range) {
    set({ zoom: undefined, overviewRange: undefined });
    return;
  }
  const last = summary.length - 1;
  const from = Math.max(0, Math.min(range.from, range.to)), to = Math.min(last, Math.max(range.from, range.to));
  if (to <= from) return;
  set({ zoom: { from, to } });
  setMarks(from, to);
  // the slider never points outside its range
  const c = get().cursor;
  if (c < from || c > to) setCursor(c < from ? from : to);
  client.request<OverviewStats>({ op: 'overviewStats', from, to }).then((overviewRange) => {
    if (token === rangeToken && get().summary === summary) set({ overviewRange });
  }, () => undefined);
}

export function setOverviewAxis(axis: 'seq' | 'time'): void {
  set({ overviewAxis: axis });
}

export function toggleOverviewTable(): void {
  set({ overviewTable: !get().overviewTable });
}

/**
 * Whether the strip is folded: as the user left it, else folded on a window shorter than 720 px,
 * where its 140 px would leave the views only a few rows.
 */
export function overviewFolded(s: { overviewHidden?: boolean } = get()): boolean {
  return s.overviewHidden ?? (typeof window !== 'undefined' && window.innerHeight < 720);
}

export function toggleOverviewHidden(): void {
  set({ overviewHidden: !overviewFolded() });
}
