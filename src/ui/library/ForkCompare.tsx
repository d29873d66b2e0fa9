import { useState } from 'react';
import { useApp } from '../../store/store';
import { compareWithParent, showForkCompare } from '../../app/library-open';
import { useLibrary } from '../../app/library';

const LIMIT = 300;

/** For a fork or sub-agent with a known parent: both logs side by side from the divergence point. */
export function ForkCompare() {
  const summary = useApp((s) => s.summary);
  const entries = useLibrary((s) => s.entries);
  const [error, setError] = useState<{ for: unknown; text: string }>();
  const h = summary?.header;
  if (!summary || !h?.parentSession) return null;
  const inZip = summary.archive?.sessions.find((s) => s.id === h.parentSession);
  const inLib = entries.find((e) => e.sessionId === h.parentSession && e.encoding !== 'zip');
  const from = h.seedLength ?? 0;
  const run = async () => {
    try {
      const r = await compareWithParent(inZip ? { entry: inZip.entry } : { keptId: inLib!.id }, from, LIMIT);
      setError(undefined);
      showForkCompare({ for: summary, parentId: h.parentSession!, from, ...r });
    } catch (err) {
      setError({ for: summary, text: (err as Error).message });
    }
  };
  return (
    <section className="lib-panel" aria-labelledby="fork-heading">
      <h2 id="fork-heading">Fork of {h.parentSession}</h2>
      <p className="label">{h.seedLength !== undefined ? `Seeded with the parent's first ${h.seedLength} events (seq 0–${h.seedLength - 1}); they diverge from seq ${h.seedLength}.` : 'A sub-agent: it shares no events with its parent.'}</p>
      {inZip || inLib
        ? <button type="button" onClick={() => void run()}>Compare with parent from the divergence point</button>
        : <p className="label">The parent session is not in this archive or the library.</p>}
      {error && error.for === summary && <p role="alert">{error.text}</p>}
    </section>
  );
}
