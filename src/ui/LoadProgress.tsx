import { cancelLoad } from '../app/session';
import { useApp } from '../store/store';
import { formatBytes } from './format';

/** Bytes and events read so far, with Cancel (terminates the worker). */
export function LoadProgress() {
  const { done, total, events } = useApp((s) => s.progress);
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="progress">
      <span>Loading</span>
      <div className="bar" role="progressbar" aria-label="Loading session" aria-valuemin={0} aria-valuemax={total || 100} aria-valuenow={done} aria-valuetext={`${formatBytes(done)} of ${formatBytes(total)}`}>
        <div style={{ width: `${pct}%` }} />
      </div>
      <span className="mono">{formatBytes(done)} / {formatBytes(total)}{events !== undefined ? ` · ${events.toLocaleString()} events` : ''}</span>
      <button type="button" onClick={cancelLoad}>Cancel</button>
    </div>
  );
}
