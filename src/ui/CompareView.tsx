import { memo, useMemo } from 'react';
import { useCard } from '../store/cards';
import { useApp } from '../store/store';
import { CMP_LABEL_MASK, CMP_LABELS, CMP_SUMMARY, CMP_SURFACE, CMP_TRANSCRIPT } from '../protocol/worker-protocol';
import { oneLine } from '../core/text';
import { VirtualList } from './VirtualList';
import { useOption } from './useOption';
import { useScrollTarget } from './useScrollTarget';

const CompareRowItem = memo(function CompareRowItem({ seq, flags }: { seq: number; flags: number }) {
  const c = useCard(seq);
  const option = useOption(seq);
  const label = CMP_LABELS[flags & CMP_LABEL_MASK];
  const inSurface = (flags & CMP_SURFACE) !== 0, inTranscript = (flags & CMP_TRANSCRIPT) !== 0;
  const text = !c ? '…' : flags & CMP_SUMMARY ? oneLine(c.compaction?.summaryText ?? '', 200) : c.text;
  return (
    <div className="crow" data-label={label} {...option}>
      <span className="mono">{seq}</span>
      <span className={`label-${label}`}>{label}</span>
      <span className={`cell${inSurface ? '' : ' empty'}`} title={text}>{inSurface ? text : '—'}</span>
      <span className={`cell${inTranscript ? '' : ' empty'}`} title={text}>{inTranscript ? text : '—'}</span>
    </div>
  );
});

/** Surface and Transcript side by side, one row per seq, labelled. */
export function CompareView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const seqs = moment?.compareSeqs;
  const idx = useMemo(() => (selected === undefined || !seqs ? -1 : seqs.indexOf(selected)), [selected, seqs]);
  const target = useScrollTarget(idx >= 0 ? idx : undefined, seqs ? seqs.length - 1 : undefined);
  if (!moment || !seqs) return <div className="empty-state">Computing…</div>;
  const flags = moment.compareFlags;
  return (
    <>
      <div className="crow chead" aria-hidden="true"><span>seq</span><span>label</span><span>Surface</span><span>Transcript</span></div>
      <VirtualList label="Compare" count={seqs.length} estimate={24} scrollTo={target.index} scrollKey={target.key}
        itemKey={(i) => seqs[i]} render={(i) => <CompareRowItem seq={seqs[i]} flags={flags[i]} />} />
    </>
  );
}
