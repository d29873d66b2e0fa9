import type { HeaderInForce } from '../protocol/worker-protocol';
import { reveal } from '../store/store';

function show(v: unknown): string {
  if (v === undefined) return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 80 ? s.slice(0, 79) + '…' : s;
}

/** The request header in force at the cursor, with its diff against the previous header. */
export function HeaderCard({ h, selected }: { h: HeaderInForce | undefined; selected?: number }) {
  if (!h) return <div className="headercard">No request header before this seq.</div>;
  const cfg = h.header.config ?? {};
  const tools = (h.header.tools ?? []).map((t) => (t && typeof t === 'object' && 'name' in t ? String((t as { name: unknown }).name) : '?'));
  return (
    <section className="headercard" aria-label="Request header in force" data-seq={h.seq} aria-selected={selected === h.seq}>
      <div>
        <strong>Request header</strong> <button type="button" className="mono" onClick={() => reveal(h.seq)}>seq {h.seq}</button>{' '}
        <span className="mono">{String(cfg.provider ?? '')}/{String(cfg.model ?? '')}</span>
        {Object.entries(cfg).filter(([k]) => k !== 'provider' && k !== 'model').map(([k, v]) => <span key={k} className="badge">{k}={show(v)}</span>)}
      </div>
      <div>Tools ({tools.length}): <span className="mono">{tools.join(', ') || 'none'}</span></div>
      {h.header.system !== undefined && (
        <details><summary>System prompt ({h.header.system.length} chars)</summary><pre>{h.header.system}</pre></details>
      )}
      {h.prevSeq >= 0 && (
        <div className="diff">
          {h.diff.length === 0 ? `Same as the previous header (seq ${h.prevSeq}).` : (
            <>Changed since seq {h.prevSeq}: {h.diff.map((d) => <span key={d.key} className="badge warn">{d.key}: {show(d.before)} → {show(d.after)}</span>)}</>
          )}
        </div>
      )}
    </section>
  );
}
