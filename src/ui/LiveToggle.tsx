import { setLiveSession } from '../app/session';
import { useApp } from '../store/store';

/** For a live file: the Live toggle (keeps the cursor at the end as the log grows) and why following reloaded or stopped. */
export function LiveToggle() {
  const liveSession = useApp((s) => s.liveSession);
  const pending = useApp((s) => s.summary?.live?.pendingClosers ?? 0);
  if (!liveSession) return null;
  return (
    <span className="live">
      <button type="button" aria-pressed={liveSession.pinnedToEnd} className={liveSession.pinnedToEnd ? 'live-on' : undefined} title={`Following ${liveSession.source}`}
        onClick={() => setLiveSession({ ...liveSession, pinnedToEnd: !liveSession.pinnedToEnd })}>Live</button>
      {pending > 0 && <span className="label" title="Nothing is synthesized while following">open turn: a cold load now would add {pending} closer{pending === 1 ? '' : 's'}</span>}
      {liveSession.notice && <span className="live-notice">{liveSession.notice}</span>}
    </span>
  );
}
