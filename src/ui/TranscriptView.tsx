import { select, useApp } from '../store/store';
import { lineageRole } from './format';
import { MessageBody } from './MessageBody';
import { VirtualList } from './VirtualList';

/** The append-origin transcript through the cursor, with compaction markers. */
export function TranscriptView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const lineage = useApp((s) => s.lineage);
  if (!moment) return <div className="empty-state">Computing…</div>;
  const items = moment.transcript;
  const idx = selected === undefined ? -1 : items.findIndex((c) => c.seq === selected);
  return (
    <VirtualList label="Transcript" count={items.length} estimate={70} scrollTo={idx >= 0 ? idx : undefined}
      render={(i) => {
        const it = items[i];
        const common = { role: 'option', 'data-seq': it.seq, 'aria-selected': selected === it.seq, 'data-lineage': lineageRole(it.seq, lineage), onClick: () => select(it.seq) } as const;
        if (it.kind === 'compaction') {
          return (
            <article className="entry compaction" {...common}>
              <header><span className="role">compaction</span><span className="mono">seq {it.seq}</span>
                {it.summarySeq !== undefined && <span className="mono">summary seq {it.summarySeq}</span>}
                {it.shadowed && <span className="badge">itself replaced later</span>}</header>
              <details><summary>Summary</summary><div className="text">{it.summaryText}</div></details>
            </article>
          );
        }
        const m = it.message;
        const role = m ? (m.source?.kind === 'tool' ? 'tool' : m.role) : 'none';
        return (
          <article className={`entry role-${role}${it.shadowed ? ' shadowed' : ''}`} {...common}>
            <header><span className="role">{role}</span><span className="mono">seq {it.seq}</span>
              {it.shadowed && <span className="badge warn">no longer seen by the model</span>}</header>
            <MessageBody message={m} />
          </article>
        );
      }} />
  );
}
