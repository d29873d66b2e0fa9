import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { openFolderSession } from '../../app/folder';
import { tokenSum } from '../../core/step-usage';
import { dayOfStart } from '../../core/fleet-figures';
import { CHECKING, titleOf, type Sort, type SortKey, type TableRow } from './fleet-table';

const ROW = 26;
const OVERSCAN = 10;

export const COLUMNS: readonly { key: SortKey; label: string; num?: boolean }[] = [
  { key: 'session', label: 'Session' }, { key: 'project', label: 'Project' }, { key: 'started', label: 'Started' }, { key: 'duration', label: 'Duration' },
  { key: 'kind', label: 'Kind' }, { key: 'turns', label: 'Turns', num: true }, { key: 'steps', label: 'Steps', num: true }, { key: 'toolCalls', label: 'Tool calls', num: true },
  { key: 'toolErrors', label: 'Tool errors', num: true }, { key: 'input', label: 'Input', num: true }, { key: 'cacheRead', label: 'Cache read', num: true },
  { key: 'cacheWrite', label: 'Cache write', num: true }, { key: 'output', label: 'Output', num: true }, { key: 'reasoning', label: 'Reasoning', num: true },
  { key: 'total', label: 'Total with sub-agents', num: true }, { key: 'verdict', label: 'Verdict' },
];

const n = (x: number) => x.toLocaleString('en-US');
const dur = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)}s` : ms < 3_600_000 ? `${Math.round(ms / 60_000)}m` : `${(ms / 3_600_000).toFixed(1)}h`);

/**
 * The folder's sessions as a table: one row per session (sub-agents and forks indented under their
 * parent), sortable by any column; only the rows in view are mounted. A session's name opens it;
 * its box picks it as one of the two runs to compare.
 */
export function FleetTable({ rows, sort, onSort, picked, onPick }: { rows: readonly TableRow[]; sort: Sort; onSort: (s: Sort) => void; picked: readonly string[]; onPick: (path: string, on: boolean) => void }) {
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
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN), last = Math.min(rows.length, Math.ceil((top + height) / ROW) + OVERSCAN);
  const open = (path: string) => void openFolderSession(path);
  const onKey = (e: KeyboardEvent, path: string) => { if (e.key === 'Enter') { e.preventDefault(); open(path); } };
  return (
    <div role="table" aria-label="Fleet sessions" aria-rowcount={rows.length + 1} className="fleet-table">
      <div role="rowgroup" className="fleet-head">
        <div role="row" aria-rowindex={1} className="fleet-row">
          {COLUMNS.map((c) => (
            <div key={c.key} role="columnheader" className={c.num ? 'num' : ''} aria-sort={sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => onSort({ key: c.key, dir: sort.key === c.key ? (-sort.dir as 1 | -1) : c.num ? -1 : 1 })}>
                {c.label}{sort.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}
              </button>
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={body} className="fleet-body scroll" onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {rows.slice(first, last).map(({ row: r, depth }, k) => {
            const i = first + k, f = r.figures, pending = r.verdict === CHECKING;
            const fig = (x: number) => (pending ? '…' : n(x));
            return (
              <div key={r.path} role="row" aria-rowindex={i + 2} className={`fleet-row${pending ? ' pending' : r.partial ? ' partial' : ''}`} data-path={r.path} data-kind={r.kind}
                style={{ position: 'absolute', top: i * ROW, height: ROW, left: 0, right: 0 }}>
                <div role="cell" className="fleet-name" style={{ paddingLeft: 4 + depth * 14 }}>
                  <input type="checkbox" aria-label={`Pick ${titleOf(r)} to compare`} checked={picked.includes(r.path)} onChange={(e) => onPick(r.path, e.target.checked)} />
                  <span role="link" tabIndex={0} title={r.path} onClick={() => open(r.path)} onKeyDown={(e) => onKey(e, r.path)}>{depth > 0 ? '↳ ' : ''}{titleOf(r)}</span>
                </div>
                <div role="cell" title={r.project}>{r.project ?? '(no cwd)'}</div>
                <div role="cell">{dayOfStart(r)}</div>
                <div role="cell">{pending ? '…' : dur(f.wallMs)}</div>
                <div role="cell">{r.kind}</div>
                <div role="cell" className="num">{fig(f.turns)}</div>
                <div role="cell" className="num">{fig(f.steps)}</div>
                <div role="cell" className="num">{fig(f.toolCalls)}</div>
                <div role="cell" className={`num${f.toolErrors ? ' err' : ''}`}>{fig(f.toolErrors)}</div>
                <div role="cell" className="num">{fig(f.tokens.input)}</div>
                <div role="cell" className="num">{fig(f.tokens.cacheRead)}</div>
                <div role="cell" className="num">{fig(f.tokens.cacheWrite)}</div>
                <div role="cell" className="num">{fig(f.tokens.output)}</div>
                <div role="cell" className="num">{fig(f.tokens.reasoning)}</div>
                <div role="cell" className="num" title={`own ${n(tokenSum(f.tokens))}`}>{fig(tokenSum(r.total.tokens))}</div>
                <div role="cell" className={r.verdict === 'ok' ? '' : 'err'} title={r.message}>{r.verdict === 'ok' ? 'ok' : pending ? 'checking…' : `refused (${r.verdict}), partial`}</div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
