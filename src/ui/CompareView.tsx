import { select, useApp } from '../store/store';
import { lineageRole } from './format';
import { VirtualList } from './VirtualList';

/** Surface and Transcript side by side, one row per seq, labelled. */
export function CompareView() {
  const moment = useApp((s) => s.moment);
  const selected = useApp((s) => s.selected);
  const lineage = useApp((s) => s.lineage);
  if (!moment) return <div className="empty-state">Computing…</div>;
  const rows = moment.compare;
  const idx = selected === undefined ? -1 : rows.findIndex((c) => c.seq === selected);
  return (
    <>
      <div className="crow chead" aria-hidden="true"><span>seq</span><span>label</span><span>Surface</span><span>Transcript</span></div>
      <VirtualList label="Compare" count={rows.length} estimate={24} scrollTo={idx >= 0 ? idx : undefined}
        render={(i) => {
          const r = rows[i];
          return (
            <div className="crow" role="option" data-seq={r.seq} data-label={r.label} aria-selected={selected === r.seq}
              data-lineage={lineageRole(r.seq, lineage)} onClick={() => select(r.seq)}>
              <span className="mono">{r.seq}</span>
              <span className={`label-${r.label}`}>{r.label}</span>
              <span className={`cell${r.inSurface ? '' : ' empty'}`} title={r.text}>{r.inSurface ? r.text : '—'}</span>
              <span className={`cell${r.inTranscript ? '' : ' empty'}`} title={r.text}>{r.inTranscript ? r.text : '—'}</span>
            </div>
          );
        }} />
    </>
  );
}
