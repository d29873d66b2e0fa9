import { useState } from 'react';
import { useApp } from '../../store/store';
import type { ForkSide, Row } from '../../protocol/worker-protocol';
import { compareWithParent, useLibrary } from '../../store/library';

const LIMIT = 300;

function Side({ label, side }: { label: string; side: ForkSide }) {
  return (
    <div className="fork-side">
      <h3>{label} <span className="label">({side.length.toLocaleString()} events)</span></h3>
      <ol aria-label={label} className="fork-rows">
        {side.rows.map((r: Row) => <li key={r.seq} data-seq={r.seq}><span className="mono">{r.seq}</span> <span className="mono">{r.type}</span> {r.summary}</li>)}
        {side.rows.length === 0 && <li className="label">(no events after the fork point)</li>}
      </ol>
    </div>
  );
}

/** For a fork or sub-agent with a known parent: both logs side by side from the divergence point. */
export function ForkCompare() {
  const summary = useApp((s) => s.summary);
  const entries = useLibrary((s) => s.entries);
  const [result, setResult] = useState<{ for: unknown; self: ForkSide; other: ForkSide; from: number } | { for: unknown; error: string }>();
  const h = summary?.header;
  if (!summary || !h?.parentSession) return null;
  const inZip = summary.archive?.sessions.find((s) => s.id === h.parentSession);
  const inLib = entries.find((e) => e.sessionId === h.parentSession && e.encoding !== 'zip');
  const from = h.seedLength ?? 0;
  const run = async () => {
    try {
      const r = await compareWithParent(inZip ? { entry: inZip.entry } : { keptId: inLib!.id }, from, LIMIT);
      setResult({ for: summary, ...r, from });
    } catch (err) {
      setResult({ for: summary, error: (err as Error).message });
    }
  };
  const shown = result && result.for === summary ? result : undefined;
  return (
    <section className="lib-panel" aria-labelledby="fork-heading">
      <h2 id="fork-heading">Fork of {h.parentSession}</h2>
      <p className="label">{h.seedLength !== undefined ? `Seeded with the parent's first ${h.seedLength} events (seq 0–${h.seedLength - 1}); they diverge from seq ${h.seedLength}.` : 'A sub-agent: it shares no events with its parent.'}</p>
      {inZip || inLib
        ? <button type="button" onClick={() => void run()}>Compare with parent from the divergence point</button>
        : <p className="label">The parent session is not in this archive or the library.</p>}
      {shown && 'error' in shown && <p role="alert">{shown.error}</p>}
      {shown && 'self' in shown && (
        <div className="fork-compare" aria-label="Fork comparison" role="group">
          <Side label="Parent after the fork" side={shown.other} />
          <Side label="This session after the fork" side={shown.self} />
        </div>
      )}
    </section>
  );
}
