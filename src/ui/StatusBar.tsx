import { useApp } from '../store/store';
import { statusLine } from './status-line';
import { useRedacted } from '../app/share';
import { LibraryNotice } from './library/LibraryNotice';

/** The live status: cursor and counts at the cursor, also as data attributes for tests; the library's last note at its end. */
export function StatusBar() {
  const phase = useApp((s) => s.phase);
  const message = useApp((s) => s.message);
  // a refusal as a whole is said in its banner (RefusalBanner); the status bar does not repeat it
  const refused = useApp((s) => s.phase === 'failed' && s.refusal !== undefined);
  const summary = useApp((s) => s.summary);
  const cursor = useApp((s) => s.cursor);
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const a = useApp((s) => s.markA);
  const b = useApp((s) => s.markB);
  const redacted = useRedacted();
  const c = moment?.counts;
  const text = phase === 'cancelled' ? 'Load cancelled'
    : phase === 'failed' ? (refused ? 'No session open' : message ?? 'Failed')
    : phase === 'loading' ? 'Loading…'
    : summary && c ? `${message ? `${message} · ` : ''}${statusLine(cursor, summary.length, c, selected, a, b)}`
    : 'No session';
  return (
    <div className="status" role="status" aria-live="polite" data-phase={phase}
      data-cursor={c ? String(moment.seq) : undefined} data-events={c?.events} data-surface={c?.surface} data-transcript={c?.transcript}
      data-a={a} data-b={b}>
      {/* a file that cannot be opened at all (no verdict, so no banner) is announced here as an alert */}
      <span className={phase === 'cancelled' || phase === 'failed' ? 'cancel' : undefined} role={phase === 'failed' && !refused ? 'alert' : undefined}>{text}</span>
      {redacted && phase === 'ready' && <span className="redacted-note"> · Redacted copy: credentials were cut before it was shared</span>}
      <LibraryNotice />
    </div>
  );
}
