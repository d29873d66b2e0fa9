import { setNotice, useLibrary } from '../../app/library';

/** What happened to the last import: an alert when the library could not keep it, else a quiet note. */
export function LibraryNotice() {
  const notice = useLibrary((s) => s.notice);
  if (!notice) return <div className="lib-notice-empty" aria-live="polite" />;
  return (
    <div className={`lib-notice ${notice.kind}`} aria-live="polite" data-testid="library-notice">
      {notice.kind === 'error' ? <span role="alert">{notice.text}</span> : <span>{notice.text}</span>}
      <button type="button" aria-label="Dismiss library notice" onClick={() => setNotice(undefined)}>×</button>
    </div>
  );
}
