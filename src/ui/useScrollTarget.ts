import { useRef } from 'react';
import { useFollow } from '../store/follow';
import { useApp } from '../store/store';

export interface ScrollTarget {
  /** The list index to keep in view, if any. */
  readonly index?: number;
  /** Changes whenever the target is asked for again, so the list scrolls even to the same index. */
  readonly key: number;
}

/**
 * What a list keeps in view: the selected item when the selection last changed, the cursor's item
 * when the cursor last moved and Follow cursor is on; whichever happened last wins. Opening a list
 * shows the selection (the cursor is followed only once it moves).
 */
export function useScrollTarget(selectedIndex: number | undefined, cursorIndex: number | undefined): ScrollTarget {
  const cursor = useApp((s) => s.cursor);
  // an event's seq, or a broken line's (-1 - line): either is the selection
  const selected = useApp((s) => s.selected ?? (s.selectedLine !== undefined ? -1 - s.selectedLine : undefined));
  const follow = useFollow();
  const st = useRef({ cursor, selected, follow, mode: 'selection' as 'selection' | 'cursor' | 'none', key: 0 }).current;
  if (selected !== st.selected) { st.selected = selected; st.mode = 'selection'; st.key++; }
  if (cursor !== st.cursor || follow !== st.follow) {
    // not following, a moved cursor leaves the list where the reader put it
    if (follow) { st.mode = 'cursor'; st.key++; } else if (st.mode === 'cursor') st.mode = 'none';
    st.cursor = cursor;
    st.follow = follow;
  }
  const index = st.mode === 'cursor' ? cursorIndex : st.mode === 'selection' ? selectedIndex : undefined;
  return { index: index !== undefined && index >= 0 ? index : undefined, key: st.key };
}
