import { select, useApp } from '../store/store';
import { lineageRole } from './format';
import { HeaderCard } from './HeaderCard';
import { MessageBody } from './MessageBody';
import { VirtualList } from './VirtualList';

/** The messages the model would be sent at the cursor, headed by the request header. */
export function SurfaceView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const lineage = useApp((s) => s.lineage);
  if (!moment) return <div className="empty-state">Computing…</div>;
  const cards = moment.surface;
  const idx = selected === undefined ? undefined : cards.findIndex((c) => c.seq === selected) + 1;
  return (
    <VirtualList label="Surface" count={cards.length + 1} estimate={80} scrollTo={idx && idx > 0 ? idx : undefined}
      render={(i) => {
        if (i === 0) return <HeaderCard h={moment.header} selected={selected} />;
        const c = cards[i - 1];
        const m = c.message;
        const role = m ? (m.source?.kind === 'tool' ? 'tool' : m.role) : 'none';
        return (
          <article className={`card role-${role}`} role="option" data-seq={c.seq} aria-selected={selected === c.seq}
            data-lineage={lineageRole(c.seq, lineage)} onClick={() => select(c.seq)}>
            <header>
              <span className="role">{role}</span><span className="mono">seq {c.seq}</span><span className="mono">{c.type}</span>
              {m && <span className="mono">{m.id}</span>}
              {c.replaced.length > 0 && <span className="badge warn" title={c.replaced.join(', ')}>replacement · replaces seq {c.replaced.slice(0, 8).join(', ')}{c.replaced.length > 8 ? ` … (${c.replaced.length} nodes)` : ''}</span>}
            </header>
            <MessageBody message={m} />
          </article>
        );
      }} />
  );
}
