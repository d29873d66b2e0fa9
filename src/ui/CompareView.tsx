import { useEffect, useMemo, useState } from 'react';
import { requestCompare } from '../app/compare';
import { selectCompare } from '../store/compare-slice';
import { select } from '../app/cursor';
import { useApp } from '../store/store';
import { AlignedBlock } from './AlignedBlock';
import { VirtualList } from './VirtualList';

/** Index of the next (dir > 0) or previous replacement block from `from`, or -1. */
function replacementFrom(flags: Uint8Array, from: number, dir: number): number {
  for (let i = from + dir; i >= 0 && i < flags.length; i += dir) if (flags[i]) return i;
  return -1;
}

/**
 * Surface beside Transcript, aligned by replacement: one block per surface node; a replacement's
 * block spans the messages it shadows. Previous/next replacement: buttons and the p / n keys.
 */
export function CompareView() {
  const cursor = useApp((s) => s.cursor);
  const selected = useApp((s) => s.selected);
  const info = useApp(selectCompare);
  const [jump, setJump] = useState<{ index: number; key: number }>({ index: -1, key: 0 });
  useEffect(() => { requestCompare(cursor); }, [cursor]);
  const selIdx = useMemo(() => {
    if (!info || selected === undefined) return -1;
    const i = info.left.indexOf(selected);
    if (i >= 0) return i;
    const k = info.right.indexOf(selected);
    if (k < 0) return -1;
    let b = 0;
    while (info.rightStart[b + 1] <= k) b++;
    return b;
  }, [info, selected]);
  const reps = useMemo(() => (info ? info.replacement.reduce((n, x) => n + x, 0) : 0), [info]);
  const go = (dir: number) => {
    if (!info) return;
    const from = jump.index >= 0 && jump.index < info.left.length ? jump.index : selIdx >= 0 ? selIdx : dir > 0 ? -1 : info.left.length;
    const i = replacementFrom(info.replacement, from, dir);
    if (i < 0) return;
    setJump({ index: i, key: jump.key + 1 });
    select(info.left[i]);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))) return;
      if (e.key === 'n' || e.key === 'p') { e.preventDefault(); go(e.key === 'n' ? 1 : -1); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!info || info.seq !== cursor) return <div className="empty-state">Computing…</div>;
  const scrollTo = jump.index >= 0 ? jump.index : selIdx >= 0 ? selIdx : undefined;
  return (
    <>
      <div className="compare-bar">
        <button type="button" onClick={() => go(-1)} disabled={reps === 0} aria-keyshortcuts="p">Previous replacement</button>
        <button type="button" onClick={() => go(1)} disabled={reps === 0} aria-keyshortcuts="n">Next replacement</button>
        <span className="label">{info.left.length.toLocaleString()} surface nodes · {reps.toLocaleString()} replacement{reps === 1 ? '' : 's'} standing for {(info.right.length - (info.left.length - reps)).toLocaleString()} transcript messages</span>
      </div>
      <div className="ablock chead" aria-hidden="true"><span>Surface (what the model sees)</span><span>Transcript (what happened)</span></div>
      <VirtualList label="Compare" role="feed" count={info.left.length} estimate={120} scrollTo={scrollTo} scrollKey={jump.key * 100_000 + (selIdx + 1)}
        itemKey={(i) => info.left[i]} render={(i) => <AlignedBlock info={info} i={i} />} />
    </>
  );
}
