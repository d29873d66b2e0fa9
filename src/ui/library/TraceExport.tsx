import { useState } from 'react';
import { client } from '../../app/session-client';
import { useApp } from '../../store/store';
import { downloadBlob } from '../../app/download';
import { setNotice } from '../../app/library';
import { writerRedaction } from '../../app/share';

type Format = 'otlp' | 'perfetto';

/**
 * Downloads the open session's trace: OpenTelemetry GenAI spans (OTLP/JSON, for Jaeger, Tempo, …) or
 * a Perfetto trace. "with content" (OTLP) records messages, arguments and results, taken from the log
 * redacted first unless "Redact credentials" is unticked (docs/sharing.md).
 */
export function TraceExport() {
  const ready = useApp((s) => s.phase === 'ready' && !!s.summary?.header && s.summary.verdict.ok);
  const [format, setFormat] = useState<Format>('otlp');
  const [content, setContent] = useState(false);
  const [redact, setRedact] = useState(true);
  const [busy, setBusy] = useState(false);
  const withContent = content && format === 'otlp';
  const run = async () => {
    setBusy(true);
    try {
      const { name, bytes, redacted } = await client.request('traceExport', format, withContent, withContent && redact ? writerRedaction() : undefined);
      downloadBlob(name, new Blob([bytes], { type: 'application/json' }));
      const how = !withContent ? '' : redacted === undefined ? ' with content (not redacted)' : ` with content, ${redacted} credential${redacted === 1 ? '' : 's'} redacted`;
      setNotice({ kind: 'info', text: `Exported ${name}${how}.` });
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
      <label title="Messages, tool-call arguments and results as span attributes (OTLP only)">
        <input type="checkbox" checked={content} disabled={format !== 'otlp'} onChange={(e) => setContent(e.target.checked)} /> with content</label>
      <label><input type="checkbox" checked={redact} disabled={!withContent} onChange={(e) => setRedact(e.target.checked)} /> Redact trace content</label>
      <button type="button" disabled={!ready || busy} onClick={() => void run()}>Export trace</button>
    </span>
  );
}
