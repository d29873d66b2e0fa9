import { useState } from 'react';
import { client } from '../store/client';
import { reveal, rowCache, useApp } from '../store/store';
import { JsonTree } from './JsonTree';

function Links({ label, seqs }: { label: string; seqs: readonly number[] }) {
  if (seqs.length === 0) return null;
  const shown = seqs.slice(0, 200);
  return (
    <div className="links">
      <span>{label}: </span>
      {shown.map((s) => <button key={s} type="button" onClick={() => reveal(s)} aria-label={`${label} seq ${s}`}>{s}</button>)}
      {seqs.length > shown.length && <span> … {seqs.length - shown.length} more</span>}
    </div>
  );
}

/** The selected event: JSON tree, copy, and lineage links that select the linked event. */
export function Inspector() {
  const selected = useApp((s) => s.selected);
  const lineage = useApp((s) => s.lineage);
  useApp((s) => s.rowsVersion);
  const [copied, setCopied] = useState('');
  if (selected === undefined) {
    return <aside className="inspector" aria-label="Inspector"><h2>Inspector</h2><p className="label">Select an event (click a row, or press j/k).</p></aside>;
  }
  const row = rowCache.get(selected);
  const copy = async () => {
    try {
      const text = await client.request<string>({ op: 'json', seq: selected });
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
      <div><button type="button" onClick={() => void copy()}>Copy JSON</button> <span className="label" aria-live="polite">{copied}</span></div>
      {lin && (
        <section aria-label="Lineage">
          <Links label="Cites" seqs={lin.sources} />
          <Links label="Cited by" seqs={lin.dependents} />
          <Links label="Replaced" seqs={lin.replaced} />
          {lin.replacer !== undefined && <Links label="Replaced by" seqs={[lin.replacer]} />}
          {lin.chain.length > 1 && <Links label="Replacement chain" seqs={lin.chain} />}
        </section>
      )}
      <JsonTree key={selected} seq={selected} />
    </aside>
  );
}
