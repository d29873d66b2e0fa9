import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { listWindow, slotCount, slotKey } from './list-window';

/**
 * Tallest scroll area the list makes. Browsers cap an element's height (Chromium near 33.5 M px, a
 * million and a half 22 px rows); past this the scroll position maps to rows proportionally.
 */
const MAX_PX = 8_000_000;
const OVERSCAN = 8;

interface Props {
  count: number;
  rowHeight: number;
  render: (index: number) => ReactNode;
  /** Scrolls this index into view whenever it (or `scrollKey`) changes. */
  scrollTo?: number;
  scrollKey?: number;
  label: string;
  className?: string;
  /**
   * Rows are keyed by slot, not by index (list-window.ts): a jump re-renders the mounted rows with
   * their new index instead of replacing them. Only for rows that keep no state of their own (a
   * row's local state would pass to the row that takes its slot).
   */
  recycle?: boolean;
}

/**
 * A virtualized list of fixed-height rows: only the visible rows (plus a few) are mounted, and
 * nothing is allocated per item, so a count of millions costs what a count of forty does (a list
 * that keeps a measurement per item grows by tens of MB while a large log streams in).
 */
export function FixedList({ count, rowHeight, render, scrollTo, scrollKey, label, className, recycle = false }: Props) {
  const parent = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const full = count * rowHeight;
  const total = Math.min(full, MAX_PX);
  /** Row pixels per scroll pixel (1 unless the list is taller than MAX_PX). */
  const scale = full > total && total > viewport ? (full - viewport) / (total - viewport) : 1;

  useLayoutEffect(() => {
    const el = parent.current;
    if (!el) return;
    setViewport(el.clientHeight);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = parent.current;
    if (!el || scrollTo === undefined || scrollTo < 0 || scrollTo >= count) return;
    // the scale from the list's height now: the rendered one may predate a resize not yet observed
    const vp = el.clientHeight;
    const s = full > total && total > vp ? (full - vp) / (total - vp) : 1;
    const top = el.scrollTop * s, y = scrollTo * rowHeight;
    if (y >= top && y + rowHeight <= top + vp) return;
    el.scrollTop = (y < top ? y : y + rowHeight - vp) / s;
    setScrollTop(el.scrollTop);
  }, [scrollTo, scrollKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // a shrinking list clamps the scroll position before the scroll event says so
  const top = Math.min(scrollTop, Math.max(0, total - viewport));
  const rowTop = top * scale;
  const { first, last } = listWindow(count, rowHeight, rowTop, viewport, OVERSCAN);
  const slots = slotCount(rowHeight, viewport, OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div key={recycle ? slotKey(i, slots) : i} data-index={i} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${top + i * rowHeight - rowTop}px)` }}>
        {render(i)}
      </div>,
    );
  }
  return (
    <div ref={parent} className={`scroll ${className ?? ''}`} role="listbox" aria-label={label} tabIndex={0}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      {/* clipped: a row placed past the end while the height is re-measured never grows the scroll area */}
      <div style={{ height: total, position: 'relative', width: '100%', overflow: 'hidden' }}>{rows}</div>
    </div>
  );
}
