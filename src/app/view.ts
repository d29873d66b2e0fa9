/** The view shown and the reader's toggles: help, the Inspector strip, Follow cursor, the overview strip. */
import type { View } from '../core/view';
import { useApp } from '../store/store';
import { setCursor, setMarks } from './cursor';
import { client } from './session-client';
import { Latest } from './latest';

const set = useApp.setState;
const get = useApp.getState;

export function setView(view: View): void {
  set({ view });
}

export function toggleInspector(collapsed = !get().inspectorCollapsed): void {
  set({ inspectorCollapsed: collapsed });
}

export function toggleHelp(show?: boolean): void {
  set({ showHelp: show ?? !get().showHelp });
}

/** Follow cursor: whether the views keep the cursor's item in view as the cursor moves (on by default). */
export function setFollow(on: boolean): void {
  set({ followOff: !on });
}

/** Whether Follow cursor is on. */
export function useFollow(): boolean {
  return useApp((s) => !s.followOff);
}

const ranges = new Latest();

/**
 * Zooms the strip and the scrubber to the seqs [from, to] (undefined: the whole log), asks the
 * worker for the range's numbers, and sets the Diff's A and B to the range's ends.
 */
export function setZoom(range: { from: number; to: number } | undefined): void {
  const summary = get().summary;
  if (!summary) return;
  const mine = ranges.next();
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
  client.request('overviewStats', from, to).then((overviewRange) => {
    if (mine() && get().summary === summary) set({ overviewRange });
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
