import { useState } from 'react';
import { downloadBlob } from '../../app/download';
import { client } from '../../app/session-client';
import { writerRedaction } from '../../app/share';
import { setTourError, useTour } from '../../app/tour-state';
import { useApp } from '../../store/store';

/**
 * Downloads the open tour with its session: `<id>.tour.zip` holding `session.jsonl` and
 * `tour.json`, the log and the captions redacted (every rule, and the strings added in Share…)
 * unless "Redact tour and session" is unticked (docs/sharing.md).
 */
export function TourSessionExport() {
  const tour = useTour((s) => s.tour);
  const ready = useApp((s) => s.phase === 'ready' && s.summary !== undefined);
  const [redact, setRedact] = useState(true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const run = async () => {
    if (!tour) return;
    setBusy(true);
    setDone(undefined);
    try {
      const { name, bytes, redacted } = await client.request('tourExport', tour, redact ? writerRedaction() : undefined);
      downloadBlob(name, new Blob([bytes], { type: 'application/zip' }));
      setDone(`Exported ${name}${redacted === undefined ? ' (not redacted)' : `, ${redacted} credential${redacted === 1 ? '' : 's'} redacted`}.`);
    } catch (err) {
      setTourError(`The tour could not be exported with its session: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="tour-session-export">
      <button type="button" onClick={() => void run()} disabled={!tour || !ready || busy}>Export tour with session</button>
      <label><input type="checkbox" checked={redact} onChange={(e) => setRedact(e.target.checked)} /> Redact tour and session</label>
      {done && <span role="status">{done}</span>}
    </span>
  );
}
