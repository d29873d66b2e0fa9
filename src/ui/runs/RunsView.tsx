import './runs.css';
import { useEffect } from 'react';
import { afterPaint } from '../../app/after-paint';
import { bCursorFor, reportFirstPaint, stepDifference } from '../../app/runs';
import { formatDifference } from '../../core/run-compare';
import { selectRuns, useRuns } from '../../store/runs';
import { useApp } from '../../store/store';
import { RunsDeltas } from './RunsDeltas';
import { RunsPairDetail } from './RunsPairDetail';
import { RunsPicker } from './RunsPicker';
import { RunsRows } from './RunsRows';
import { RunsSlider } from './RunsSlider';

/**
 * Two runs side by side (issue 26): the shown session is run A, run B was loaded beside it in the
 * same worker and aligned there. Equal rows folded, the first divergence opened and marked on both
 * scrubbers (A's is the main one), previous/next difference by button and the p / n keys.
 */
export function RunsView() {
  const summary = useApp((s) => s.summary);
  const cursor = useApp((s) => s.cursor);
  const phase = useRuns((s) => (s.for === summary ? s.phase : 'none'));
  const error = useRuns((s) => (s.for === summary ? s.error : undefined));
  const bName = useRuns((s) => s.bName);
  const info = useRuns((s) => selectRuns(s, summary));
  const open = useRuns((s) => s.open);
  const pair = useRuns((s) => (s.pair?.diff === s.open ? s.pair : undefined));
  const own = useRuns((s) => s.bCursor);
  const firstPaintMs = useRuns((s) => s.firstPaintMs);
  const paintAfterAlignMs = useRuns((s) => s.paintAfterAlignMs);
  // after the frame that shows the rows is painted
  useEffect(() => { if (info) afterPaint(reportFirstPaint); }, [info]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))) return;
      if (e.key === 'n' || e.key === 'p') { e.preventDefault(); stepDifference(e.key === 'n' ? 1 : -1); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!info) {
    return (
      <div className="runs-view">
        {phase === 'loading' && <p aria-live="polite">Loading run B ({bName}) and aligning it with run A…</p>}
        {error && <p role="alert" className="runs-error">{error}</p>}
        {phase !== 'loading' && <RunsPicker />}
      </div>
    );
  }
  const n = info.differences.length;
  const d0 = info.differences[0];
  const bSeq = bCursorFor(info, cursor, own);
  return (
    <div className="runs-view" data-first-paint-ms={firstPaintMs !== undefined ? Math.round(firstPaintMs) : undefined} data-align-ms={Math.round(info.alignMs)}
      data-paint-after-align-ms={paintAfterAlignMs !== undefined ? Math.round(paintAfterAlignMs) : undefined}>
      <div className="runs-head">
        <div className="runs-names">
          <div><b>A</b> {summary?.fileName ?? info.a.name} <span className="label">({info.a.length.toLocaleString()} events)</span></div>
          <div><b>B</b> {info.b.name} <span className="label">({info.b.length.toLocaleString()} events)</span></div>
          <p aria-live="polite" className="runs-divergence">
            {d0 ? <>First divergence ({d0.kind}): {formatDifference(d0)} {n > 1 ? `${n.toLocaleString()} differences in all.` : ''}</>
              : 'The runs do not diverge: every compared item has an equal counterpart (times, ids and usage aside).'}
          </p>
          <div className="compare-bar">
            <button type="button" onClick={() => stepDifference(-1)} disabled={open <= 0} aria-keyshortcuts="p">Previous difference</button>
            <button type="button" onClick={() => stepDifference(1)} disabled={n === 0 || open >= n - 1} aria-keyshortcuts="n">Next difference</button>
            <span className="label">{n ? `Difference ${open + 1} of ${n.toLocaleString()}` : 'No differences'} · aligned in {Math.round(info.alignMs)} ms</span>
          </div>
        </div>
        <RunsDeltas d={info.deltas} />
      </div>
      <RunsSlider seq={bSeq} length={info.b.length} name={info.b.name} />
      <RunsRows info={info} open={open} />
      {pair ? <RunsPairDetail pair={pair} /> : open >= 0 ? <p className="label">Loading the difference…</p> : null}
    </div>
  );
}
