import { useState } from 'react';
import { client } from '../../store/client';
import { useApp } from '../../store/store';
import { setNotice } from '../../store/library';

/** Downloads the log truncated at the cursor as a fork DSH can resume: `<id>-fork-<seq>.jsonl[.zstd]`. */
export function ForkExport() {
  const ready = useApp((s) => s.phase === 'ready' && !!s.summary?.header);
  const [zstd, setZstd] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { name, bytes } = await client.request<{ name: string; bytes: ArrayBuffer }>({ op: 'forkExport', cursor: useApp.getState().cursor, zstd });
      const url = URL.createObjectURL(new Blob([bytes], { type: zstd ? 'application/zstd' : 'application/x-ndjson' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setNotice({ kind: 'info', text: `Exported ${name}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: `The fork could not be exported: ${(err as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="fork-export">
      <button type="button" disabled={!ready || busy} onClick={() => void run()}>Export fork at cursor</button>
      <label><input type="checkbox" checked={zstd} onChange={(e) => setZstd(e.target.checked)} /> zstd</label>
    </span>
  );
}
