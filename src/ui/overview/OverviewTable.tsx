import type { Overview } from '../../core/overview';
import { useApp } from '../../store/store';
import { REQUEST_COLUMNS, requestRows, statsRows, toolRows } from './numbers';

/** Requests listed at most (narrow with a range to see others). */
const ROW_CAP = 500;

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <table className="ov-table">
      <caption>{caption}</caption>
      <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
      <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}</tr>)}</tbody>
    </table>
  );
}

/** The overview's text alternative: the numbers, tools by name, and one row per request in the shown range. */
export function OverviewTable({ o, lo, hi }: { o: Overview; lo: number; hi: number }) {
  const session = useApp((s) => s.summary?.overviewStats);
  const range = useApp((s) => (s.zoom ? s.overviewRange : undefined));
  const cols = session ? (range ? [session, range] : [session]) : [];
  const reqs = requestRows(o, lo, hi, ROW_CAP);
  const toolsOf = range ?? session;
  const zoomed = range !== undefined;
  return (
    <div className="ov-tables" tabIndex={0} role="region" aria-label="Overview numbers">
      {session && <Table caption="Numbers" head={['', 'Session', ...(cols.length > 1 ? [`Seq ${lo}–${hi}`] : [])]} rows={statsRows(cols)} />}
      {toolsOf && <Table caption={`Tool calls by tool${zoomed ? ` (seq ${lo}–${hi})` : ''}`} head={['Tool', 'Calls', 'Total', 'p95', 'Errors']} rows={toolRows(toolsOf)} />}
      <Table caption={`Requests${reqs.total > reqs.rows.length ? ` (first ${reqs.rows.length} of ${reqs.total}; select a range to narrow)` : ''}`} head={REQUEST_COLUMNS} rows={reqs.rows} />
    </div>
  );
}
