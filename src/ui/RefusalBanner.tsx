import { useApp } from '../store/store';

/**
 * The verdict banner of a file refused as a whole before any event was read (empty, an image,
 * binary data…): DSH refuses it too, so it gets a banner with DSH's verdict kind and the sentence,
 * as the alert a refused log's banner has. Said once: the status bar then says only that no
 * session is open.
 */
export function RefusalBanner() {
  const refusal = useApp((s) => (s.phase === 'failed' ? s.refusal : undefined));
  const message = useApp((s) => s.message);
  if (!refusal) return null;
  return (
    <div className="banner" data-verdict={refusal.kind} data-code={refusal.code} aria-label="Verdict">
      <span className="verdict">DSH would refuse this file ({refusal.kind}).</span>
      <span role="alert">{message}</span>
    </div>
  );
}
