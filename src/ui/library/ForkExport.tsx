import { useState } from 'react';
import { client } from '../../app/session-client';
import { useApp } from '../../store/store';
import { downloadBlob } from '../../app/download';
import { setNotice } from '../../app/library';
import { writerRedaction } from '../../app/share';

/**
 * Downloads the log truncated at the cursor as a fork DSH can resume: `<id>-fork-<seq>.jsonl[.zstd]`,
 * its credentials (and the strings added in Share…) redacted unless "Redact credentials" is unticked (docs/sharing.md).
 */
export function ForkExport() {
  const ready = useApp((s) => s.phase === 'ready' && !!s.summary?.header);
  const [zstd, setZstd] = useState(false);
  const [redact, setRedact] = useState(true);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { name, bytes, redacted } = await client.request('forkExport', useApp.getState().cursor, zstd, undefined, redact ? writerRedaction() : false);
      downloadBlob(name, bytes);
      setNotice({ kind: 'info', text: `Exported ${name}${redacted === undefined ? ' (not redacted)' : `, ${redacted} credential${redacted === 1 ? '' : 's'} redacted`}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: `The fork could not be exported: ${(err as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="fork-export">
      <label title="The exported fork's format: .jsonl.zstd (zstd frames, as DSH writes) instead of plain .jsonl">
        <input type="checkbox" checked={zstd} onChange={(e) => setZstd(e.target.checked)} /> export as zstd</label>
      <label><input type="checkbox" checked={redact} onChange={(e) => setRedact(e.target.checked)} /> Redact credentials</label>
      <button type="button" disabled={!ready || busy} onClick={() => void run()}>Export fork at cursor</button>
    </span>
  );
}
