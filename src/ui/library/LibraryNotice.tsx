import { useEffect } from 'react';
import { setNotice, useLibrary } from '../../app/library';

/** How long a quiet note stays in the status bar. */
export const NOTE_MS = 10_000;

/**
 * What happened to the last import, in the status bar: a quiet note that closes itself after
 * NOTE_MS, or an alert (the library could not keep the file) that stays until dismissed.
 */
export function LibraryNotice() {
  const notice = useLibrary((s) => s.notice);
  useEffect(() => {
    if (notice?.kind !== 'info') return;
    const timer = setTimeout(() => setNotice(undefined), NOTE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  return (
    <span className={`lib-notice ${notice.kind}`} data-testid="library-notice" title={notice.text}>
      {notice.kind === 'error' ? <span role="alert">{notice.text}</span> : <span>{notice.text}</span>}
      <button type="button" aria-label="Dismiss library notice" onClick={() => setNotice(undefined)}>×</button>
    </span>
  );
}
