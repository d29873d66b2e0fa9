import { useMemo } from 'react';
import { useHeader } from '../app/session-scope';
import { useApp } from '../store/store';
import { HeaderCard, HeaderCardPending } from './HeaderCard';
import { SurfaceCardItem } from './SurfaceCard';
import { VirtualList } from './VirtualList';
import { SurfaceAbsence } from './SurfaceAbsence';
import { useScrollTarget } from './useScrollTarget';

/** The messages the model would be sent at the cursor, headed by the request header. */
export function SurfaceView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const seqs = moment?.surfaceSeqs;
  const selIdx = useMemo(() => (selected === undefined || !seqs ? -1 : seqs.indexOf(selected)), [selected, seqs]);
  // the cursor's item: the newest node on the Surface (surface order is not seq order)
  const newest = useMemo(() => { let b = -1; if (seqs) for (let i = 0; i < seqs.length; i++) if (b < 0 || seqs[i] > seqs[b]) b = i; return b; }, [seqs]);
  const target = useScrollTarget(selIdx >= 0 ? selIdx + 1 : undefined, newest >= 0 ? newest + 1 : 0);
  if (!moment || !seqs) return <div className="empty-state">Computing…</div>;
  return (
    <>
      <SurfaceAbsence onSurface={selIdx >= 0} />
      <VirtualList label="Surface" role="feed" count={seqs.length + 1} estimate={80} scrollTo={target.index} scrollKey={target.key}
        itemKey={(i) => (i === 0 ? 'header' : seqs[i - 1])}
        render={(i) => (i === 0 ? <HeaderInForceCard seq={moment.headerSeq} selected={selected} /> : <SurfaceCardItem seq={seqs[i - 1]} />)} />
    </>
  );
}

/** The Surface's first card: the header in force from seq `seq` (-1: none), fetched by seq as the other cards are. */
function HeaderInForceCard({ seq, selected }: { seq: number; selected?: number }) {
  const h = useHeader(seq);
  return seq >= 0 && !h ? <HeaderCardPending seq={seq} selected={selected} /> : <HeaderCard h={h} selected={selected} />;
}
