import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

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
  const v = useVirtualizer({ count, getScrollElement: () => parent.current, estimateSize: () => estimate, overscan: 8,
    ...(itemKey ? { getItemKey: itemKey } : {}) });
  useEffect(() => {
    if (scrollTo !== undefined && scrollTo >= 0 && scrollTo < count) v.scrollToIndex(scrollTo, { align: 'auto' });
  }, [scrollTo, scrollKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div ref={parent} className={`scroll ${className ?? ''}`} role={role} aria-label={label} tabIndex={0}>
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
