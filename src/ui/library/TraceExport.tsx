import { useState } from 'react';
import { client } from '../../app/session-client';
import { useApp } from '../../store/store';
import { downloadBlob } from '../../app/download';
import { setNotice } from '../../app/library';

type Format = 'otlp' | 'perfetto';

/** Downloads the open session's trace: OpenTelemetry GenAI spans (OTLP/JSON, for Jaeger, Tempo, …) or a Perfetto trace. */
export function TraceExport() {
  const ready = useApp((s) => s.phase === 'ready' && !!s.summary?.header && s.summary.verdict.ok);
  const [format, setFormat] = useState<Format>('otlp');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { name, bytes } = await client.request('traceExport', format);
      downloadBlob(name, new Blob([bytes], { type: 'application/json' }));
      setNotice({ kind: 'info', text: `Exported ${name}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: `The trace could not be exported: ${(err as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="trace-export">
      <select aria-label="Trace format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
        <option value="otlp">OTLP JSON</option>
        <option value="perfetto">Perfetto</option>
      </select>
      <button type="button" disabled={!ready || busy} onClick={() => void run()}>Export trace</button>
    </span>
  );
}
