import { setLiveSession } from '../app/session';
import { useApp } from '../store/store';

/** For a followed session: the Live toggle (keeps the cursor at the end as the log grows) and why following reloaded or stopped. */
export function LiveToggle() {
  const follow = useApp((s) => s.liveSession);
  const pending = useApp((s) => s.summary?.live?.pendingClosers ?? 0);
  if (!follow) return null;
  return (
    <span className="live">
      <button type="button" aria-pressed={follow.live} className={follow.live ? 'live-on' : undefined} title={`Following ${follow.source}`}
        onClick={() => setLiveSession({ ...follow, live: !follow.live })}>Live</button>
      {pending > 0 && <span className="label" title="Nothing is synthesized while following">open turn: a cold load now would add {pending} closer{pending === 1 ? '' : 's'}</span>}
      {follow.notice && <span className="live-notice">{follow.notice}</span>}
    </span>
  );
}
