import { openShare } from '../../app/share';
import { useApp } from '../../store/store';

/** Opens the Share review of the open session. */
export function ShareButton() {
  const ready = useApp((s) => s.phase === 'ready' && !!s.summary);
  return <button type="button" disabled={!ready} onClick={openShare} title="Review what this session holds before you share it: redact credentials, then write a redacted log or a bundle">Share…</button>;
}
