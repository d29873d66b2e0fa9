import { memo, useEffect, type KeyboardEvent } from 'react';
import type { PriceTable } from '../../core/cost';
import { openFolderSession, wantJudgement } from '../../app/folder';
import { dayOfStart } from '../../core/fleet-figures';
import { tokenSum } from '../../core/step-usage';
import { formatCount as n } from '../format';
import { CHECKING, formatCost, rowCost, titleOf, type TableRow } from './fleet-table';

/** Height of a row in px (the table positions rows by it). */
export const ROW = 26;

const dur = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)}s` : ms < 3_600_000 ? `${Math.round(ms / 60_000)}m` : `${(ms / 3_600_000).toFixed(1)}h`);
const open = (path: string) => void openFolderSession(path);
const onKey = (e: KeyboardEvent, path: string) => { if (e.key === 'Enter') { e.preventDefault(); open(path); } };

/**
 * One session of the fleet table at its place `i` (sub-agents and forks indented by depth), its box
 * ticked when it is `picked` to compare. Memoized on the row, its depth and its place (not on the
 * table's wrapper object, which every derivation makes anew): scrolling renders only the rows
 * coming into view, and a merge of figures only the rows whose session it changed (the fleet
 * deriver keeps the row objects of the others).
 */
export const FleetTableRow = memo(function FleetTableRow({ t, i, picked, onPick, prices }: { t: TableRow; i: number; picked: boolean; onPick: (path: string, on: boolean) => void; prices?: PriceTable }) {
  const { row: r, depth } = t;
  const f = r.figures, pending = r.verdict === CHECKING;
  // a row on screen without its figures is checked next (as the folder list's rows are)
  useEffect(() => { if (pending) wantJudgement(r.path); }, [pending, r.path]);
  const fig = (x: number) => (pending ? '…' : n(x));
  return (
    <div role="row" aria-rowindex={i + 2} className={`fleet-row${pending ? ' pending' : r.partial ? ' partial' : ''}`} data-path={r.path} data-kind={r.kind}
      style={{ top: i * ROW, height: ROW }}>
      <div role="cell" className="fleet-name clip" style={{ paddingLeft: 4 + depth * 14 }}>
        <input type="checkbox" aria-label={`Pick ${titleOf(r)} to compare`} checked={picked} onChange={(e) => onPick(r.path, e.target.checked)} />
        <span role="link" tabIndex={0} title={r.path} onClick={() => open(r.path)} onKeyDown={(e) => onKey(e, r.path)}>{depth > 0 ? '↳ ' : ''}{titleOf(r)}</span>
      </div>
      <div role="cell" className="clip" title={r.project}>{r.project ?? '(no cwd)'}</div>
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
      {prices && <div role="cell" className="num clip" title={`from price table “${prices.name}”`}>{pending ? '…' : formatCost(rowCost(r, prices)!)}</div>}
      <div role="cell" className={r.verdict === 'ok' ? 'clip' : 'clip err'} title={r.message}>{r.verdict === 'ok' ? 'ok' : pending ? 'checking…' : `refused (${r.verdict}), partial`}</div>
    </div>
  );
}, (a, b) => a.t.row === b.t.row && a.t.depth === b.t.depth && a.i === b.i && a.picked === b.picked && a.onPick === b.onPick && a.prices === b.prices);
