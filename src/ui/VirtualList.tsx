import { useEffect, useRef, type ReactNode, type UIEvent } from 'react';
import { elementScroll, useVirtualizer } from '@tanstack/react-virtual';

interface Props {
  count: number;
  estimate: number;
  render: (index: number) => ReactNode;
  /** Scrolls this index into view whenever it (or `scrollKey`) changes. */
  scrollTo?: number;
  scrollKey?: number;
  label: string;
  className?: string;
  /** `listbox` for rows (options), `feed` for cards (articles that may hold controls). */
  role?: 'listbox' | 'feed';
  /** A stable key per index (a seq), so measured sizes follow items when the list changes. */
  itemKey?: (index: number) => string | number;
}

/** A virtualized list of measured rows (cards): only the visible rows (plus a few) are mounted; fixed-height rows use FixedList. */
export function VirtualList({ count, estimate, render, scrollTo, scrollKey, label, className, itemKey, role = 'listbox' }: Props) {
  const parent = useRef<HTMLDivElement>(null);
  // The target placed by estimated sizes moves when the cards on the way are measured, and again when
  // a card's content arrives (cards fetch it as they mount): until the reader scrolls, or for a few
  // seconds, each change of sizes puts the target back on screen.
  const pin = useRef<{ index: number; until: number } | undefined>(undefined);
  // where the list itself last put the scroll top: a scroll that lands elsewhere is someone else's
  // (the scrollbar, a script, find-in-page) and ends the pin like a wheel or a key does
  const written = useRef<number | undefined>(undefined);
  const v = useVirtualizer({ count, getScrollElement: () => parent.current, estimateSize: () => estimate, overscan: 8,
    ...(itemKey ? { getItemKey: itemKey } : {}),
    scrollToFn: (offset, opts, inst) => { written.current = offset + (opts.adjustments ?? 0); elementScroll(offset, opts, inst); },
    onChange: (inst) => {
      const p = pin.current;
      if (!p || performance.now() > p.until || p.index >= inst.options.count) { pin.current = undefined; return; }
      const item = inst.measurementsCache[p.index];
      const top = inst.scrollOffset ?? 0, bottom = top + (inst.scrollRect?.height ?? 0);
      if (item && (item.end <= top || item.start >= bottom)) inst.scrollToIndex(p.index, { align: 'auto' });
    } });
  useEffect(() => {
    if (scrollTo === undefined || scrollTo < 0 || scrollTo >= count) return;
    pin.current = { index: scrollTo, until: performance.now() + 3000 };
    v.scrollToIndex(scrollTo, { align: 'auto' });
  }, [scrollTo, scrollKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // the reader's own scroll ends the pin
  const unpin = () => { pin.current = undefined; };
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget, w = written.current;
    if (!pin.current || w === undefined) return;
    const reachable = Math.max(0, Math.min(w, el.scrollHeight - el.clientHeight));
    if (Math.abs(el.scrollTop - reachable) > 2) unpin();
  };
  return (
    <div ref={parent} className={`scroll ${className ?? ''}`} role={role} aria-label={label} tabIndex={0}
      onWheel={unpin} onPointerDown={unpin} onKeyDown={unpin} onTouchStart={unpin} onScroll={onScroll}>
      <div style={{ height: v.getTotalSize(), position: 'relative', width: '100%' }}>
        {v.getVirtualItems().map((it) => (
          <div key={it.key} data-index={it.index} ref={v.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${it.start}px)` }}>
            {render(it.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
