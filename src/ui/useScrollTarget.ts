import { useRef } from 'react';
import { useFollow } from '../app/view';
import { useApp, type AppState } from '../store/store';

export interface ScrollTarget {
  /** The list index to keep in view, if any. */
  readonly index?: number;
  /** Changes whenever the target is asked for again, so the list scrolls even to the same index. */
  readonly key: number;
}

// an event's seq, or a broken line's (-1 - line): either is the selection
const selectionOf = (s: AppState) => s.selected ?? (s.selectedLine !== undefined ? -1 - s.selectedLine : undefined);

/**
 * Which moved last, the cursor or the selection, watched for the whole app: a list that mounts
 * after the move (the views mount once a load settles, a tab opens later) still knows it.
 */
let lastMoved: 'cursor' | 'selection' = 'cursor';
useApp.subscribe((s, prev) => {
  // a settling load sets its cursor, then restores its selection (which then wins); a cleared selection is no move
  if (s.cursor !== prev.cursor) lastMoved = 'cursor';
  if (selectionOf(s) !== selectionOf(prev) && selectionOf(s) !== undefined) lastMoved = 'selection';
  // a selection made while the log loaded is the reader's, kept in view when the load settles
  if (settled(s, prev) && selectionOf(s) !== undefined) lastMoved = 'selection';
});

function settled(s: AppState, prev: { phase: AppState['phase'] }): boolean {
  return s.phase === 'ready' && prev.phase === 'loading';
}

/**
 * What a list keeps in view: the selected item when the selection last changed, the cursor's item
 * when the cursor last moved and Follow cursor is on; whichever happened last wins, also for a
 * list that opens after the move (a deep link, a reload, a settled load: the cursor's row).
 * `shown`: the cursor the list shows, when it follows the store's later (a deferred value), so
 * that the move and `cursorIndex` are of the same cursor.
 */
export function useScrollTarget(selectedIndex: number | undefined, cursorIndex: number | undefined, shown?: number): ScrollTarget {
  const stored = useApp((s) => s.cursor);
  const cursor = shown ?? stored;
  const selected = useApp(selectionOf);
  const follow = useFollow();
  const phase = useApp((s) => s.phase);
  const initial = follow && (lastMoved === 'cursor' || selected === undefined) ? 'cursor' : 'selection';
  const st = useRef({ cursor, selected, follow, mode: initial, key: 0, phase }).current;
  if (selected !== st.selected) { st.selected = selected; st.mode = 'selection'; st.key++; }
  if (cursor !== st.cursor || follow !== st.follow) {
    // not following, a moved cursor leaves the list where the reader put it
    if (follow) { st.mode = 'cursor'; st.key++; } else if (st.mode === 'cursor') st.mode = 'none';
    st.cursor = cursor;
    st.follow = follow;
  }
  if (phase !== st.phase) {
    if (settled({ phase } as AppState, st) && selected !== undefined) { st.mode = 'selection'; st.key++; }
    st.phase = phase;
  }
  const index = st.mode === 'cursor' ? cursorIndex : st.mode === 'selection' ? selectedIndex : undefined;
  return { index: index !== undefined && index >= 0 ? index : undefined, key: st.key };
}
