import type { HeaderDelta } from '../core/moment-diff';
import { reveal } from '../app/cursor';
import { foldUnchanged } from './diff-rows';

function show(v: unknown): string {
  if (v === undefined) return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? s.slice(0, 79) + '…' : s;
}

/** Request-header changes from A to B: config, tools, and the system prompt as a line diff. */
export function HeaderDeltaCard({ h }: { h: HeaderDelta }) {
  const seq = (s: number) => (s < 0 ? 'none' : <button type="button" className="mono linkish" onClick={() => reveal(s)}>seq {s}</button>);
  const same = h.config.length === 0 && h.tools.length === 0 && !h.system;
  return (
    <section className="headercard" aria-label="Request header changes">
      <div><strong>Request header</strong> at A: {seq(h.seqA)} · at B: {seq(h.seqB)}
        {h.seqA === h.seqB ? <span className="label"> · the same header is in force at both</span> : same ? <span className="label"> · no change</span> : null}</div>
      {h.config.length > 0 && <div>Config: {h.config.map((c) => <span key={c.key} className="badge warn">{c.key}: {show(c.before)} → {show(c.after)}</span>)}</div>}
      {h.tools.length > 0 && (
        <div>Tools: {h.tools.map((t) => <span key={t.name + t.change} className={`badge ${t.change === 'removed' ? 'err' : 'warn'}`}>{t.change} {t.name}</span>)}</div>
      )}
      {h.system && (
        <details open><summary>System prompt changed ({h.system.filter((l) => l.op === '+').length} lines added, {h.system.filter((l) => l.op === '-').length} removed)</summary>
          <pre className="textdiff" aria-label="System prompt diff">{foldUnchanged(h.system).map((l, i) => l.op === 'skip'
            ? <div key={i} className="skip">… {l.count} unchanged lines</div>
            : <div key={i} className={l.op === '+' ? 'ins' : l.op === '-' ? 'del' : undefined}>{l.op === '=' ? ' ' : l.op} {l.text}</div>)}</pre>
        </details>
      )}
    </section>
  );
}
