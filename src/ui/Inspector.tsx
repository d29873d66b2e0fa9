import { useState } from 'react';
import { client } from '../app/session-client';
import { rowCache } from '../app/session-scope';
import { useApp } from '../store/store';
import { FLAG_SYNTH } from '../protocol/worker-protocol';
import { BrokenLineInspector } from './BrokenLineInspector';
import { InspectorLineage } from './InspectorLineage';
import { JsonTree } from './JsonTree';
import { RequestButton } from './RequestButton';

/** The selected event: JSON tree, copy, and lineage links that select the linked event. */
export function Inspector() {
  const selected = useApp((s) => s.selected);
  const selectedLine = useApp((s) => s.selectedLine);
  const lineage = useApp((s) => s.lineage);
  const start = useApp((s) => s.summary?.startTime ?? 0);
  useApp((s) => s.rowsVersion);
  const [copied, setCopied] = useState('');
  if (selected === undefined && selectedLine !== undefined) {
    return <aside className="inspector" aria-label="Inspector"><BrokenLineInspector line={selectedLine} /></aside>;
  }
  if (selected === undefined) {
    return <aside className="inspector" aria-label="Inspector"><h2>Inspector</h2><p className="label">Select an event (click a row, or press j/k).</p></aside>;
  }
  const row = rowCache.get(selected);
  const copy = async () => {
    try {
      const text = await client.request('json', selected);
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${text.length.toLocaleString()} characters`);
    } catch (e) {
      setCopied(`Copy failed: ${(e as Error).message}`);
    }
  };
  const lin = lineage?.seq === selected ? lineage : undefined;
  return (
    <aside className="inspector" aria-label="Inspector">
      <h2>Event <span className="mono">{selected}</span> <span className="mono">{row?.type ?? ''}</span></h2>
      <div><button type="button" onClick={() => void copy()}>Copy JSON</button> <RequestButton seq={selected} /> <span className="label" aria-live="polite">{copied}</span></div>
      {lin && <InspectorLineage lin={lin} />}
      <JsonTree key={selected} seq={selected} times={{ start, synthesized: row !== undefined && (row.flags & FLAG_SYNTH) !== 0 }} />
    </aside>
  );
}
