import { memo, useMemo } from 'react';
import type { Compaction } from '../core/compaction';
import { describeCompaction } from '../core/compaction-format';
import { useCard } from '../app/session-scope';
import { useApp } from '../store/store';
import { TR_COMPACTION, TR_SHADOWED, TR_STREAMED } from '../protocol/worker-protocol';
import { StreamedEntry } from './StreamedEntry';
import { messageKind } from './format';
import { MessageBody } from './MessageBody';
import { VirtualList } from './VirtualList';
import { useOption } from './useOption';
import { useScrollTarget } from './useScrollTarget';
import { failedRole, toolErrorsOf } from './tool-errors-at';

/** The compaction a marker stands for, in the core's one sentence, as of the cursor. */
function CompactionCaption({ c }: { c: Compaction }) {
  const cursor = useApp((s) => s.cursor);
  return <p className="label compaction-caption">{describeCompaction(c, cursor)}</p>;
}

/** One transcript entry, fetched by seq when it scrolls into view. */
const TranscriptEntry = memo(function TranscriptEntry({ seq, flags }: { seq: number; flags: number }) {
  const c = useCard(seq);
  const common = useOption(seq, 'article');
  const shadowed = (flags & TR_SHADOWED) !== 0;
  const failed = useApp((s) => failedRole(toolErrorsOf(s.summary?.overview), seq) === 'result');
  if (flags & TR_STREAMED) return <StreamedEntry seq={seq} s={c?.streamed} common={common} />;
  if (flags & TR_COMPACTION) {
    const summarySeq = c?.compaction?.summarySeq;
    return (
      <article className="entry compaction" {...common}>
        <header><span className="role">compaction</span><span className="mono">seq {seq}</span>
          {summarySeq !== undefined && <span className="mono">summary seq {summarySeq}</span>}
          {shadowed && <span className="badge">itself replaced later</span>}</header>
        {c?.compaction?.definition && <CompactionCaption c={c.compaction.definition} />}
        <details><summary>Summary</summary><div className="text">{c?.compaction?.summaryText ?? '…'}</div></details>
      </article>
    );
  }
  const m = c?.message ?? null;
  const kind = messageKind(c);
  return (
    <article className={`entry role-${kind}${shadowed ? ' shadowed' : ''}${failed ? ' tool-error' : ''}`} {...common}>
      <header><span className="role">{kind}</span><span className="mono">seq {seq}</span>
        {shadowed && <span className="badge warn">no longer seen by the model</span>}</header>
      {c ? <MessageBody message={m} /> : <div className="text label">…</div>}
    </article>
  );
});

/** The append-origin transcript through the cursor, with compaction markers. */
export function TranscriptView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  // a compaction/summary is not in the transcript: its checkpoint's marker stands for it
  const marker = useApp((s) => (s.lineage && s.lineage.seq === s.selected ? s.lineage.carriedBy?.checkpoint : undefined));
  const seqs = moment?.transcriptSeqs;
  const idx = useMemo(() => {
    if (selected === undefined || !seqs) return -1;
    const i = seqs.indexOf(selected);
    return i >= 0 || marker === undefined ? i : seqs.indexOf(marker);
  }, [selected, marker, seqs]);
  const target = useScrollTarget(idx >= 0 ? idx : undefined, seqs ? seqs.length - 1 : undefined);
  if (!moment || !seqs) return <div className="empty-state">Computing…</div>;
  const flags = moment.transcriptFlags;
  return (
    <VirtualList label="Transcript" role="feed" count={seqs.length} estimate={70} scrollTo={target.index} scrollKey={target.key}
      itemKey={(i) => seqs[i]} render={(i) => <TranscriptEntry seq={seqs[i]} flags={flags[i]} />} />
  );
}
