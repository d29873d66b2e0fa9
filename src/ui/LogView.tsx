import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../store/store';
import { LogToolbar } from './LogToolbar';
import { LogRow, LogRunRow, type Place } from './LogRow';
import { FixedList } from './FixedList';
import { useScrollTarget } from './useScrollTarget';
import { useFetchedTarget } from './useFetchedTarget';
import { fetched, rowCache } from '../app/session-scope';
import { selectLine } from '../app/cursor';

function countAtOrBefore(a: Int32Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] <= x) lo = m + 1; else hi = m; }
  return lo;
}

/** Seq an entry stands at: a seq, or (negative) the header of the run starting at -v-1. */
const keyOf = (v: number) => (v >= 0 ? v : -v - 1);

/** Entries with key < x (header entries sort before their first member). */
function entriesBefore(a: Int32Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (keyOf(a[m]) < x) lo = m + 1; else hi = m; }
  return lo;
}

function entriesThrough(a: Int32Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (keyOf(a[m]) <= x) lo = m + 1; else hi = m; }
  return lo;
}

/**
 * The Log's entries: one per event, except that each run of chunk events is one collapsible
 * header entry (-start-1), followed by its members when expanded.
 */
function buildEntries(n: number, starts: Int32Array, ends: Int32Array, expanded: ReadonlySet<number>): Int32Array {
  let total = n;
  for (let i = 0; i < starts.length; i++) total += 1 - (expanded.has(starts[i]) ? 0 : ends[i] - starts[i] + 1);
  const out = new Int32Array(total);
  let k = 0, s = 0;
  for (let i = 0; i < starts.length; i++) {
    while (s < starts[i]) out[k++] = s++;
    out[k++] = -starts[i] - 1;
    if (expanded.has(starts[i])) while (s <= ends[i]) out[k++] = s++;
    s = ends[i] + 1;
  }
  while (s < n) out[k++] = s++;
  return out;
}

/** Index of the run holding seq, or -1. */
function runOf(starts: Int32Array, ends: Int32Array, seq: number): number {
  const i = countAtOrBefore(starts, seq) - 1;
  return i >= 0 && seq <= ends[i] ? i : -1;
}

/** Entries either side of a scroll target whose content the Log fetches before it scrolls there: more than a tall window shows, plus the list's overscan. */
const AROUND = 50;

const NONE = new Int32Array(0);
const CLOSED: ReadonlySet<number> = new Set();

/**
 * Every event (virtualized, chunk runs folded), those after the cursor dimmed and the cursor's row
 * marked, then the records DSH would not read. Follows the cursor (useScrollTarget).
 */
export function LogView() {
  // the Log follows the cursor in a render of its own, after the commit that moves the cursor: a
  // jump's status and scrubber are drawn without waiting for the Log's window (rows, layout), and
  // a render of the Log that a newer move overtakes is dropped
  const cursor = useDeferredValue(useApp((s) => s.cursor));
  useApp((s) => s.rowsVersion);
  const summary = useApp((s) => s.summary)!;
  const families = useApp((s) => s.families);
  const filterSeqs = useApp((s) => s.filterSeqs);
  const selected = useApp((s) => s.selected);
  const [expanded, setExpanded] = useState<{ of: unknown; set: ReadonlySet<number> }>({ of: summary, set: CLOSED });
  const open = expanded.of === summary ? expanded.set : CLOSED;
  const starts = summary.chunkRunStarts ?? NONE, ends = summary.chunkRunEnds ?? NONE;
  const entries = useMemo(() => buildEntries(summary.length, starts, ends, open), [summary, open]); // eslint-disable-line react-hooks/exhaustive-deps
  // one toggle for the view's life, reading the open runs of the last render: the run rows are
  // memoized, and a new function per render would re-render every one of them on every cursor move
  const openNow = useRef({ summary, open });
  openNow.current = { summary, open };
  const toggle = useCallback((start: number) => {
    const { summary: of, open: was } = openNow.current;
    const next = new Set(was);
    if (next.has(start)) next.delete(start); else next.add(start);
    setExpanded({ of, set: next });
  }, []);
  // a selection inside a folded run opens it
  useEffect(() => {
    if (selected === undefined || families !== null) return;
    const i = runOf(starts, ends, selected);
    if (i >= 0 && !open.has(starts[i])) setExpanded({ of: summary, set: new Set(open).add(starts[i]) });
  }, [selected, summary, families]); // eslint-disable-line react-hooks/exhaustive-deps
  const filtered = families !== null;
  // every event is listed; those after the cursor are dimmed (LogRow), and the cursor's row is marked
  const events = filtered ? filterSeqs?.length ?? 0 : entries.length;
  const dropped = filtered ? [] : summary.dropped;
  const indexOf = (seq: number) => {
    if (filtered) return filterSeqs ? countAtOrBefore(filterSeqs, seq) - 1 : undefined;
    const i = entriesBefore(entries, seq);
    return i < entries.length && entries[i] < 0 && open.has(-entries[i] - 1) ? i + 1 : i;
  };
  const selectedLine = useApp((s) => s.selectedLine);
  const selectedIndex = useMemo(() => {
    if (selectedLine !== undefined) { const k = dropped.findIndex((d) => d.line === selectedLine); return k >= 0 ? events + k : undefined; }
    return selected === undefined ? undefined : indexOf(selected);
  }, [selected, selectedLine, filtered, filterSeqs, entries, open]); // eslint-disable-line react-hooks/exhaustive-deps
  // the cursor's entry: its row, or the folded run holding it (O(log n) per cursor move)
  const cursorIndex = filtered ? (filterSeqs ? countAtOrBefore(filterSeqs, cursor) - 1 : undefined) : entriesThrough(entries, cursor) - 1;
  // the list moves to its target once the rows (and folded runs) around it are fetched: a jump lays out the new rows once, with their content
  const want = useScrollTarget(selectedIndex, cursorIndex, cursor);
  const target = useFetchedTarget(want, (at) => {
    const seqs: number[] = [], runStarts: number[] = [];
    for (let i = Math.max(0, at - AROUND), end = Math.min(events, at + AROUND + 1); i < end; i++) {
      const v = filtered ? filterSeqs![i] : entries[i];
      if (v >= 0) seqs.push(v); else { seqs.push(-v - 1); runStarts.push(-v - 1); }
    }
    return fetched(seqs, runStarts);
  });
  // while the list waits for the rows of the cursor's new window, the rows shown keep the places of
  // the cursor they were drawn for: a jump restyles the list once, with its new window, instead of
  // first dimming the old window's rows again (a render, style and paint of every row, thrown away)
  const drawnFor = useRef(cursor);
  if (target === want) drawnFor.current = cursor;
  const at = drawnFor.current;
  // the seq column fits the longest seq (or broken line number) of this log
  const digits = String(Math.max(summary.length - 1, ...dropped.map((d) => d.line))).length + (dropped.length ? 1 : 0);
  return (
    <div className="log-view" style={{ ['--seq-digits' as string]: digits }}>
      <LogToolbar />
      <FixedList label="Events" recycle count={events + dropped.length} rowHeight={22} scrollTo={target.index} scrollKey={target.key}
        render={(i) => {
          if (i < events) {
            const v = filtered ? filterSeqs![i] : entries[i];
            if (v >= 0) return <LogRow seq={v} row={rowCache.get(v)} place={v > at ? 'future' : v === at ? 'cursor' : 'past'} />;
            const r = runOf(starts, ends, -v - 1), start = starts[r], end = ends[r], unfolded = open.has(start);
            const place: Place = start > at ? 'future' : !unfolded && at <= end ? 'cursor' : 'past';
            return <LogRunRow start={start} end={end} expanded={unfolded} row={rowCache.get(start)} place={place} onToggle={toggle} />;
          }
          const d = dropped[i - events];
          return (
            <div className="row dropped" role="option" aria-selected={d.line === selectedLine} data-line={d.line} title={d.preview} onClick={() => selectLine(d.line)}>
              <span className="seq">L{d.line}</span><span /><span className="type">not read by DSH</span><span />
              <span className="summary">{d.preview}</span><span className="badge err">{d.reason}</span>
            </div>
          );
        }} />
    </div>
  );
}
