import { useMemo } from 'react';
import { useApp } from '../store/store';
import { LogToolbar } from './LogToolbar';
import { LogRow } from './LogRow';
import { VirtualList } from './VirtualList';

function countAtOrBefore(a: Int32Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] <= x) lo = m + 1; else hi = m; }
  return lo;
}

/** Every event through the cursor (virtualized), then the records DSH would not read. */
export function LogView() {
  const cursor = useApp((s) => s.cursor);
  const summary = useApp((s) => s.summary)!;
  const families = useApp((s) => s.families);
  const filterSeqs = useApp((s) => s.filterSeqs);
  const selected = useApp((s) => s.selected);
  const filtered = families !== null;
  const events = filtered ? (filterSeqs ? countAtOrBefore(filterSeqs, cursor) : 0) : Math.min(cursor + 1, summary.length);
  const dropped = filtered ? [] : summary.dropped;
  const seqAt = (i: number) => (filtered ? filterSeqs![i] : i);
  const scrollTo = useMemo(() => {
    if (selected === undefined) return undefined;
    if (!filtered) return selected;
    return filterSeqs ? countAtOrBefore(filterSeqs, selected) - 1 : undefined;
  }, [selected, filtered, filterSeqs]);
  return (
    <>
      <LogToolbar />
      <VirtualList label="Events" count={events + dropped.length} estimate={22} fixed scrollTo={scrollTo}
        render={(i) => i < events ? <LogRow seq={seqAt(i)} /> : (
          <div className="row dropped" data-line={dropped[i - events].line} title={dropped[i - events].preview}>
            <span className="seq">L{dropped[i - events].line}</span><span /><span className="type">not read by DSH</span><span />
            <span className="summary">{dropped[i - events].preview}</span><span className="badge err">{dropped[i - events].reason}</span>
          </div>
        )} />
    </>
  );
}
