import { memo } from 'react';
import { asText } from '../core/text';
import { useCard } from '../store/cards';
import { formatSeqRanges, messageKind } from './format';
import { MessageBody } from './MessageBody';
import { useOption } from './useOption';

/** One surface card, fetched by seq when it scrolls into view. */
export const SurfaceCardItem = memo(function SurfaceCardItem({ seq }: { seq: number }) {
  const c = useCard(seq);
  const option = useOption(seq, 'article');
  const m = c?.message ?? null;
  const kind = messageKind(c);
  return (
    <article className={`card role-${kind}`} {...option}>
      <header>
        <span className="role">{kind}</span><span className="mono">seq {seq}</span><span className="mono">{c?.type ?? ''}</span>
        {m && <span className="mono">{asText(m.id, 80)}</span>}
        {c && c.replaced.length > 0 && <span className="badge warn" title={formatSeqRanges(c.replaced, Infinity)}>replacement · replaces seq {formatSeqRanges(c.replaced, 6)}{c.replaced.length > 1 ? ` (${c.replaced.length} nodes)` : ''}</span>}
      </header>
      {c ? <MessageBody message={m} /> : <div className="text label">…</div>}
    </article>
  );
});
