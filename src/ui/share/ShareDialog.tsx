import { useEffect, useRef, useState } from 'react';
import { addExtraString, closeShare, downloadRedacted, keepRedacted, removeExtraString, useShare, writeBundle } from '../../app/share';
import { ShareFindings } from './ShareFindings';
import './share.css';

/** The Share review: what the engine found, what to keep, your own strings, and what to write. */
export function ShareDialog() {
  const open = useShare((s) => s.open);
  const review = useShare((s) => s.review);
  const busy = useShare((s) => s.busy);
  const notice = useShare((s) => s.notice);
  const extra = useShare((s) => s.extraStrings);
  const [text, setText] = useState('');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { if (open) ref.current?.focus(); }, [open]);
  if (!open) return null;
  const onKey = (e: React.KeyboardEvent) => { if (e.key === 'Escape') { e.stopPropagation(); closeShare(); } };
  return (
    <div className="share-dialog" role="dialog" aria-label="Share" aria-modal="false" tabIndex={-1} ref={ref} onKeyDown={onKey}>
      <header>
        <h2>Share this session</h2>
        <button type="button" onClick={closeShare} aria-label="Close Share">×</button>
      </header>
      <p className="hint">Nothing leaves this browser. Credentials are cut from the data itself (as <code>[REDACTED:rule]</code>); keep what is not a secret.</p>
      <p aria-live="polite" className="share-summary">
        {review ? `${review.findings.length} finding${review.findings.length === 1 ? '' : 's'}: ${review.redacted} to redact, ${review.kept} kept.` : busy ? 'Looking for credentials…' : ''}
      </p>
      {review && <ShareFindings findings={review.findings} />}
      <form className="share-strings" onSubmit={(e) => { e.preventDefault(); addExtraString(text); setText(''); }}>
        <label>Your own string <input value={text} onChange={(e) => setText(e.target.value)} placeholder="a name, a host, a project…" /></label>
        <button type="submit" disabled={!text.trim()}>Add string</button>
        {extra.length > 0 && (
          <ul aria-label="Your strings">
            {extra.map((s) => <li key={s}><code>{s}</code> <button type="button" onClick={() => removeExtraString(s)} aria-label={`Remove ${s}`}>×</button></li>)}
          </ul>
        )}
      </form>
      <div className="share-actions">
        <button type="button" disabled={busy || !review} onClick={() => void downloadRedacted('jsonl')}>Download redacted .jsonl</button>
        <button type="button" disabled={busy || !review} onClick={() => void downloadRedacted('zstd')}>Download redacted .jsonl.zstd</button>
        <button type="button" disabled={busy || !review} onClick={() => void keepRedacted()}>Keep redacted copy in the library</button>
        <button type="button" disabled={busy || !review} onClick={() => void writeBundle()}>Write bundle</button>
      </div>
      {notice && <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
    </div>
  );
}
