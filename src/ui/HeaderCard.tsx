import type { HeaderInForce } from '../protocol/worker-protocol';
import { reveal } from '../app/cursor';
import { asText, previewJson } from '../core/text';

function show(v: unknown): string {
  if (v === undefined) return '—';
  return typeof v === 'string' ? asText(v, 80) : previewJson(v, 80);
}

/** The header in force from seq `seq` while its content is fetched: the seq is the cursor's, the content follows (as a card's does). */
export function HeaderCardPending({ seq, selected }: { seq: number; selected?: number }) {
  return (
    <article className="headercard" aria-label="Request header in force" aria-busy="true" data-seq={seq} aria-current={selected === seq ? 'true' : undefined}>
      <div><strong>Request header</strong> <button type="button" className="mono" onClick={() => reveal(seq)}>seq {seq}</button></div>
      <div className="text label">…</div>
    </article>
  );
}

/** The request header in force at the cursor, with its diff against the previous header. */
export function HeaderCard({ h, selected }: { h: HeaderInForce | undefined; selected?: number }) {
  if (!h) return <article className="headercard" aria-label="Request header in force">No request header before this seq.</article>;
  const cfg: Record<string, unknown> = h.header.config && typeof h.header.config === 'object' ? h.header.config : {};
  const tools = (Array.isArray(h.header.tools) ? h.header.tools : []).map((t: unknown) => (t && typeof t === 'object' && 'name' in t ? asText((t).name, 80) : '?'));
  const system = h.header.system === undefined ? undefined : asText(h.header.system);
  return (
    <article className="headercard" aria-label="Request header in force" data-seq={h.seq} aria-current={selected === h.seq ? 'true' : undefined}>
      <div>
        <strong>Request header</strong> <button type="button" className="mono" onClick={() => reveal(h.seq)}>seq {h.seq}</button>{' '}
        <span className="mono">{asText(cfg.provider, 80)}/{asText(cfg.model, 80)}</span>
        {Object.entries(cfg).filter(([k]) => k !== 'provider' && k !== 'model').map(([k, v]) => <span key={k} className="badge">{k}={show(v)}</span>)}
      </div>
      <div>Tools ({tools.length}): <span className="mono">{tools.join(', ') || 'none'}</span></div>
      {system !== undefined && (
        <details><summary>System prompt ({system.length} chars)</summary><pre>{system}</pre></details>
      )}
      {h.prevSeq >= 0 && (
        <div className="diff">
          {h.diff.length === 0 ? `Same as the previous header (seq ${h.prevSeq}).` : (
            <>Changed since seq {h.prevSeq}: {h.diff.map((d) => <span key={d.key} className="badge warn">{asText(d.key, 80)}: {show(d.before)} → {show(d.after)}</span>)}</>
          )}
        </div>
      )}
    </article>
  );
}
