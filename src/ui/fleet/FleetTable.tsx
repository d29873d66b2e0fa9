import { useLayoutEffect, useRef, useState } from 'react';
import type { PriceTable } from '../../core/cost';
import { type Sort, type SortKey, type TableRow } from './fleet-table';
import { FleetTableRow, ROW } from './FleetTableRow';

/** Rows mounted past each edge of the view (each costs paint on every scrolled frame). */
const OVERSCAN = 4;

export const COLUMNS: readonly { key: SortKey; label: string; num?: boolean }[] = [
  { key: 'session', label: 'Session' }, { key: 'project', label: 'Project' }, { key: 'started', label: 'Started' }, { key: 'duration', label: 'Duration' },
  { key: 'kind', label: 'Kind' }, { key: 'turns', label: 'Turns', num: true }, { key: 'steps', label: 'Steps', num: true }, { key: 'toolCalls', label: 'Tool calls', num: true },
  { key: 'toolErrors', label: 'Tool errors', num: true }, { key: 'input', label: 'Input', num: true }, { key: 'cacheRead', label: 'Cache read', num: true },
  { key: 'cacheWrite', label: 'Cache write', num: true }, { key: 'output', label: 'Output', num: true }, { key: 'reasoning', label: 'Reasoning', num: true },
  { key: 'total', label: 'Total with sub-agents', num: true }, { key: 'verdict', label: 'Verdict' },
];
/** Shown only with a price table (placed before the verdict): the total with sub-agents, costed. */
const COST_COLUMN = { key: 'cost', label: 'Cost with sub-agents', num: true } as const;

/**
 * The folder's sessions as a table: one row per session (sub-agents and forks indented under their
 * parent), sortable by any column; only the rows in view are mounted. A session's name opens it;
 * its box picks it as one of the two runs to compare.
 */
export function FleetTable({ rows, sort, onSort, picked, onPick, prices }: { rows: readonly TableRow[]; sort: Sort; onSort: (s: Sort) => void; picked: readonly string[]; onPick: (path: string, on: boolean) => void; prices?: PriceTable }) {
  const body = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(400);
  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const columns = prices ? [...COLUMNS.slice(0, -1), COST_COLUMN, COLUMNS[COLUMNS.length - 1]] : COLUMNS;
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN), last = Math.min(rows.length, Math.ceil((top + height) / ROW) + OVERSCAN);
  return (
    <div role="table" aria-label="Fleet sessions" aria-rowcount={rows.length + 1} className={`fleet-table${prices ? ' priced' : ''}`}>
      <div role="rowgroup" className="fleet-head">
        <div role="row" aria-rowindex={1} className="fleet-row">
          {columns.map((c) => (
            <div key={c.key} role="columnheader" className={c.num ? 'num' : ''} title={c.key === 'cost' && prices ? `from price table “${prices.name}”` : undefined} aria-sort={sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => onSort({ key: c.key, dir: sort.key === c.key ? (-sort.dir as 1 | -1) : c.num ? -1 : 1 })}>
                {c.label}{sort.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}
              </button>
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={body} className="fleet-body scroll" onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
        <div className="fleet-rows" style={{ height: rows.length * ROW }}>
          {rows.slice(first, last).map((t, k) => <FleetTableRow key={t.row.path} t={t} i={first + k} picked={picked.includes(t.row.path)} onPick={onPick} prices={prices} />)}
        </div>
      </div>
    </div>
  );
}
