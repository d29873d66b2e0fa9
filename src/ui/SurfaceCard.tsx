import { memo, useState } from 'react';
import { asText } from '../core/text';
import { stringChars } from '../core/tokens';
import { useCard } from '../app/session-scope';
import { formatSeqRanges, messageKind } from './format';
import { MessageBody } from './MessageBody';
import { useOption } from './useOption';
import { useApp } from '../store/store';
import { failedRole, toolErrorsOf } from './tool-errors-at';

/** Past this many characters a folded card shows its start and a button to unfold. */
const FOLD_CHARS = 600;

/** One surface card, fetched by seq when it scrolls into view; `fold`: long bodies start folded. */
export const SurfaceCardItem = memo(function SurfaceCardItem({ seq, fold = false }: { seq: number; fold?: boolean }) {
  const [open, setOpen] = useState(false);
  const c = useCard(seq);
  const option = useOption(seq, 'article');
  const m = c?.message ?? null;
  const kind = messageKind(c);
  const failed = useApp((s) => failedRole(toolErrorsOf(s.summary?.overview), seq) === 'result');
  return (
    <article className={`card role-${kind}${failed ? ' tool-error' : ''}`} {...option}>
      <header>
        <span className="role">{kind}</span><span className="mono">seq {seq}</span><span className="mono">{c?.type ?? ''}</span>
        {m && <span className="mono">{asText(m.id, 80)}</span>}
        {c && c.replaced.length > 0 && <span className="badge warn" title={formatSeqRanges(c.replaced, Infinity)}>replacement · replaces seq {formatSeqRanges(c.replaced, 6)}{c.replaced.length > 1 ? ` (${c.replaced.length} nodes)` : ''}</span>}
      </header>
      {!c ? <div className="text label">…</div>
        : fold && !open && stringChars(m?.content) > FOLD_CHARS ? (
          <><div className="folded"><MessageBody message={m} /></div>
            <button type="button" className="linkish" onClick={(e) => { e.stopPropagation(); setOpen(true); }}>Show all ({stringChars(m?.content).toLocaleString()} characters)</button></>
        ) : <MessageBody message={m} />}
    </article>
  );
});
