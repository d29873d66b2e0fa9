import { overviewFolded, setOverviewAxis, setZoom, toggleOverviewHidden, toggleOverviewTable } from '../../app/view';
import { useApp } from '../../store/store';
import { OverviewChart } from './OverviewChart';
import { OverviewTable } from './OverviewTable';
import { statsLine } from './numbers';
import { ErrorNav } from '../ErrorNav';

/**
 * The overview strip above the scrubber (issue 11): where tokens and time went, on the scrubber's
 * x-axis (or wall-clock time), with the session's and the zoomed range's numbers, and a table
 * instead of the picture one toggle away.
 */
export function OverviewStrip() {
  const summary = useApp((s) => s.summary);
  const o = summary?.overview;
  const session = summary?.overviewStats;
  const range = useApp((s) => s.overviewRange);
  const zoom = useApp((s) => s.zoom);
  const kind = useApp((s) => s.overviewAxis ?? 'seq');
  const table = useApp((s) => s.overviewTable ?? false);
  const hidden = useApp((s) => overviewFolded(s));
  // laid out while a session loads (no shift when it settles, and the first draw knows its width)
  const loading = useApp((s) => s.phase === 'loading');
  if (!summary && !loading) return <div />;
  const last = Math.max(0, (summary?.length ?? 1) - 1);
  const lo = zoom?.from ?? 0, hi = zoom?.to ?? last;
  const numbers = !summary ? 'Drawn when every event is indexed.' : zoom && range ? `Seq ${lo}–${hi}: ${statsLine(range)}` : session ? `Session: ${statsLine(session)}` : '';
  return (
    <section className="overview" aria-label="Overview" aria-busy={!o || undefined}>
      <div className="ov-head">
        <button type="button" className="ov-fold" aria-expanded={!hidden} onClick={toggleOverviewHidden}>Overview</button>
        <span className="ov-group" role="group" aria-label="X-axis">
          <button type="button" aria-pressed={kind === 'seq'} onClick={() => setOverviewAxis('seq')}>Seq</button>
          <button type="button" aria-pressed={kind === 'time'} onClick={() => setOverviewAxis('time')}>Time</button>
        </span>
        <button type="button" aria-pressed={table} onClick={toggleOverviewTable}>Table</button>
        {zoom && <button type="button" onClick={() => setZoom(undefined)}>Zoom out</button>}
        <span className="ov-numbers" data-testid="overview-numbers" title={numbers}>{numbers}</span>
        {summary && <ErrorNav />}
      </div>
      {!hidden && (table && o ? <OverviewTable o={o} lo={lo} hi={hi} /> : <OverviewChart o={o} lo={lo} hi={hi} />)}
      {!hidden && o && !table && <Legend />}
    </section>
  );
}

function Legend() {
  return (
    <div className="ov-legend" aria-hidden="true">
      <span className="k-ctx">context tokens</span><span className="k-est">estimated</span><span className="k-win">window</span>
      <span className="k-out">output</span><span className="k-comp">compaction</span><span className="k-prune">prune</span>
      <span className="k-ttft">to 1st chunk</span><span className="k-dec">decoding</span><span className="k-tool">tool</span><span className="k-err">error</span>
    </div>
  );
}
