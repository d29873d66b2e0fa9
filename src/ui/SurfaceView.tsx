import { memo, useMemo } from 'react';
import { useCard } from '../store/cards';
import { useApp } from '../store/store';
import { asText } from '../core/text';
import { messageKind } from './format';
import { HeaderCard } from './HeaderCard';
import { MessageBody } from './MessageBody';
import { VirtualList } from './VirtualList';
import { useOption } from './useOption';

/** One surface card, fetched by seq when it scrolls into view. */
const SurfaceCardItem = memo(function SurfaceCardItem({ seq }: { seq: number }) {
  const c = useCard(seq);
  const option = useOption(seq, 'article');
  const m = c?.message ?? null;
  const kind = messageKind(c);
  return (
    <article className={`card role-${kind}`} {...option}>
      <header>
        <span className="role">{kind}</span><span className="mono">seq {seq}</span><span className="mono">{c?.type ?? ''}</span>
        {m && <span className="mono">{asText(m.id, 80)}</span>}
        {c && c.replaced.length > 0 && <span className="badge warn" title={c.replaced.join(', ')}>replacement · replaces seq {c.replaced.slice(0, 8).join(', ')}{c.replaced.length > 8 ? ` … (${c.replaced.length} nodes)` : ''}</span>}
      </header>
      {c ? <MessageBody message={m} /> : <div className="text label">…</div>}
    </article>
  );
});

/** The messages the model would be sent at the cursor, headed by the request header. */
export function SurfaceView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const seqs = moment?.surfaceSeqs;
  const idx = useMemo(() => (selected === undefined || !seqs ? undefined : seqs.indexOf(selected) + 1), [selected, seqs]);
  if (!moment || !seqs) return <div className="empty-state">Computing…</div>;
  return (
    <VirtualList label="Surface" role="feed" count={seqs.length + 1} estimate={80} scrollTo={idx && idx > 0 ? idx : undefined}
      itemKey={(i) => (i === 0 ? 'header' : seqs[i - 1])}
      render={(i) => (i === 0 ? <HeaderCard h={moment.header} selected={selected} /> : <SurfaceCardItem seq={seqs[i - 1]} />)} />
  );
}
