import { dismissOpenFailure } from '../app/session';
import { useApp } from '../store/store';
import { openFailureSentence } from './open-failure';

/**
 * An open that gave no session while one was shown (not a session log, unreadable, a failed
 * fetch): said once, as this banner's alert, naming the file and the session that stays shown,
 * until dismissed or the next load. A file DSH refuses as a whole carries DSH's verdict kind.
 */
export function OpenFailureBanner() {
  const f = useApp((s) => s.openFailure);
  const shown = useApp((s) => s.summary?.fileName);
  if (!f || shown === undefined) return null;
  const verdict = f.refusal ? { 'data-verdict': f.refusal.kind, 'data-code': f.refusal.code } : {};
  return (
    <div className="banner open-failed" aria-label="Could not open" data-file={f.file} {...verdict}>
      <span role="alert">{openFailureSentence(f.file, shown, f.message)}</span>
      <button type="button" className="dismiss" aria-label={`Dismiss: ${f.file} could not be opened`} onClick={dismissOpenFailure}>×</button>
    </div>
  );
}
