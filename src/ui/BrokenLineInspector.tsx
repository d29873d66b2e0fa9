import { useEffect, useState } from 'react';
import { client } from '../app/session-client';
import type { BrokenLine } from '../protocol/worker-protocol';

const REASON: Record<string, string> = {
  unparsable: 'unparsable: the line is not JSON',
  'seq-gap': 'breaks seq contiguity',
  'after-damage': 'after the damage: DSH reads no further',
};

/**
 * A record DSH would not read, selected by its physical line: the parser's message, the raw text
 * (a bounded window, with a marker where the JSON breaks) as text only, and Copy line for all of it.
 */
export function BrokenLineInspector({ line }: { line: number }) {
  const [b, setB] = useState<{ line: number; value?: BrokenLine }>();
  const [copied, setCopied] = useState('');
  useEffect(() => {
    let live = true;
    client.request('brokenLine', line).then((value) => { if (live) setB({ line, value }); }, () => undefined);
    return () => { live = false; };
  }, [line]);
  const copy = async () => {
    try {
      const all = await client.request('brokenLine', line, true);
      await navigator.clipboard.writeText(all?.text ?? '');
      setCopied(`Copied ${(all?.text.length ?? 0).toLocaleString('en-US')} characters`);
    } catch (e) {
      setCopied(`Copy failed: ${(e as Error).message}`);
    }
  };
  const v = b?.line === line ? b.value : undefined;
  const at = v?.offset !== undefined ? v.offset - v.start : -1;
  const marked = v && at >= 0 && at <= v.text.length;
  return (
    <>
      <h2>Line <span className="mono">{line}</span> <span className="mono">not read by DSH</span></h2>
      <div><button type="button" onClick={() => void copy()}>Copy line</button> <span className="label" aria-live="polite">{copied}</span></div>
      {v && (
        <section aria-label="Broken line">
          <p>{REASON[v.reason] ?? v.reason}{v.offset !== undefined ? `; the JSON breaks at character ${v.offset.toLocaleString('en-US')}` : ''}.</p>
          {v.message && <p className="mono" aria-label="Parser message">{v.message}</p>}
          <p className="label">
            {v.length.toLocaleString('en-US')} characters{v.text.length < v.length ? `; showing ${v.start.toLocaleString('en-US')}–${(v.start + v.text.length).toLocaleString('en-US')}` : ''}
          </p>
          <pre className="raw-line" aria-label="Raw line">
            {v.start > 0 && '…'}
            {marked ? <>{v.text.slice(0, at)}<mark className="json-break" aria-label="The JSON breaks here">⟂</mark>{v.text.slice(at)}</> : v.text}
            {v.start + v.text.length < v.length && '…'}
          </pre>
        </section>
      )}
    </>
  );
}
