import { useCallback, useMemo, useRef, useState } from 'react';
import type { FleetEntry, SessionKind } from '../../core/fleet-figures';
import { FleetDeriver } from '../../core/fleet-incremental';
import { compareFolderSessions } from '../../app/folder';
import { useApp } from '../../store/store';
import type { FolderSession } from '../../store/folder-slice';
import { formatCount } from '../format';
import { FleetCompareBar } from './FleetCompareBar';
import { FleetPrices } from './FleetPrices';
import { FleetChart } from './FleetChart';
import { FleetSearch } from './FleetSearch';
import { FleetTable } from './FleetTable';
import { FleetTotals } from './FleetTotals';
import { CHECKING, entryOf, fleetCost, fleetTable, formatCost, matches, type FleetFilter, type Sort } from './fleet-table';
import './fleet.css';

/**
 * The open folder as a fleet: its sessions' figures as a table (with the tree of sub-agents and
 * forks), totals and a chart of tokens per day, and search across every session. Figures arrive
 * as the folder worker checks each session (each log read once).
 */
export function FleetView() {
  const sessions = useApp((s) => s.folder?.sessions);
  const prices = useApp((s) => s.prices);
  const [tab, setTab] = useState<'table' | 'search'>('table');
  const [filter, setFilter] = useState<FleetFilter>({});
  const [sort, setSort] = useState<Sort>({ key: 'started', dir: -1 });
  // the two sessions picked to compare, in the order picked (A first); a third picked drops the oldest
  const [picked, setPicked] = useState<readonly string[]>([]);
  // stable, so the table's memoized rows do not all render again when one is picked
  const pick = useCallback((path: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== path), path].slice(-2) : p.filter((x) => x !== path))), []);
  // a session is a row as soon as the folder is listed; its figures come when the worker has checked it.
  // Each session's entry is made once per version of it (a merge keeps the sessions it does not
  // touch), so the deriver sees unchanged entries as unchanged and rolls up only a batch's changes.
  const entryCache = useRef(new WeakMap<FolderSession, FleetEntry | null>());
  const deriver = useRef(new FleetDeriver());
  const entries = useMemo(() => (sessions ?? []).flatMap((s): FleetEntry[] => {
    let e = entryCache.current.get(s);
    if (e === undefined) entryCache.current.set(s, (e = entryOf(s)));
    return e ? [e] : [];
  }), [sessions]);
  const checked = useMemo(() => entries.filter((e) => e.verdict !== CHECKING).length, [entries]);
  const fleet = useMemo(() => deriver.current.derive(entries), [entries]);
  const rows = useMemo(() => fleetTable(fleet.rows, filter, sort, prices), [fleet, filter, sort, prices]);
  const cost = useMemo(() => (prices ? fleetCost(fleet.rows, prices) : undefined), [fleet, prices]);
  const shownRows = useMemo(() => rows.map((r) => r.row), [rows]);
  const chartRows = useMemo(() => fleet.rows.filter((r) => matches(r, { ...filter, from: undefined, to: undefined })), [fleet, filter]);
  const projects = useMemo(() => [...new Set(fleet.rows.map((r) => r.project ?? ''))].sort(), [fleet]);
  const day = filter.from !== undefined && filter.from === filter.to ? filter.from : undefined;
  const set = (p: Partial<FleetFilter>) => setFilter((f) => ({ ...f, ...p }));
  const total = sessions?.length ?? 0;
  return (
    <div className="fleet-view">
      <div role="tablist" aria-label="Fleet" className="fleet-tabs">
        <button role="tab" type="button" aria-selected={tab === 'table'} onClick={() => setTab('table')}>Sessions</button>
        <button role="tab" type="button" aria-selected={tab === 'search'} onClick={() => setTab('search')}>Search all</button>
      </div>
      {tab === 'search' ? <div role="tabpanel" aria-label="Search all"><FleetSearch /></div> : (
        <div role="tabpanel" aria-label="Sessions" className="fleet-panel">
          <p role="status" className="label" data-figures={checked} data-sessions={total}>
            Figures for {checked}/{total} sessions · totals over {fleet.rows.filter((r) => !r.partial).length} loaded: {formatCount(fleet.totals.turns)} turns, {formatCount(fleet.totals.toolCalls)} tool calls ({formatCount(fleet.totals.toolErrors)} errors){cost ? `, cost ${formatCost(cost)} from price table “${cost.table}”` : ''}
          </p>
          <FleetPrices />
          <div className="fleet-filters">
            <select aria-label="Project" value={filter.project ?? ''} onChange={(e) => set({ project: e.target.value || undefined })}>
              <option value="">every project</option>
              {projects.map((p) => <option key={p} value={p}>{p || '(no cwd)'}</option>)}
            </select>
            <label>From <input type="date" aria-label="From day" value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} /></label>
            <label>to <input type="date" aria-label="To day" value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} /></label>
            <select aria-label="Kind" value={filter.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as SessionKind | undefined })}>
              <option value="">every kind</option><option value="root">root</option><option value="subagent">sub-agent</option><option value="fork">fork</option>
            </select>
            <label><input type="checkbox" checked={!!filter.errorsOnly} onChange={(e) => set({ errorsOnly: e.target.checked })} /> has tool errors</label>
            <input type="search" aria-label="Title contains" placeholder="title contains" value={filter.text ?? ''} onChange={(e) => set({ text: e.target.value })} />
          </div>
          <FleetChart rows={chartRows} day={day} onDay={(d) => set({ from: d, to: d })} />
          <FleetCompareBar picked={picked.map((p) => fleet.rows.find((r) => r.path === p)).filter((r) => r !== undefined)} onCompare={(a, b) => void compareFolderSessions(a, b)} />
          <FleetTable rows={rows} sort={sort} onSort={setSort} picked={picked} onPick={pick} prices={prices} />
          <FleetTotals rows={shownRows} prices={prices} />
        </div>
      )}
    </div>
  );
}
