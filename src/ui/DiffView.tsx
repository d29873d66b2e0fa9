import { useDeferredValue, useEffect, useMemo } from 'react';
import { requestDiff } from '../app/compare';
import { selectDiff } from '../store/compare-slice';
import { reveal } from '../app/cursor';
import { setFamilies } from '../app/search';
import { setView } from '../app/view';
import { useApp } from '../store/store';
import type { DiffInfo } from '../protocol/worker-protocol';
import { familyCounts, signed, tokenSource } from './diff-rows';
import { HeaderDeltaCard } from './HeaderDeltaCard';
import { SurfaceCardItem } from './SurfaceCard';
import { VirtualList } from './VirtualList';

function Summary({ d }: { d: DiffInfo }) {
  const net = d.tokensAdded.tokens - d.tokensRemoved.tokens;
  const both = { tokens: 0, fromUsage: d.tokensAdded.fromUsage + d.tokensRemoved.fromUsage, fromChars: d.tokensAdded.fromChars + d.tokensRemoved.fromChars };
  return (
    <section className="diff-summary" aria-label="Diff summary" data-a={d.a} data-b={d.b}
      data-added={d.added.length} data-removed={d.removed.length} data-replaced={d.replaced.length}>
      <div><strong>From A</strong> <button type="button" className="mono linkish" onClick={() => reveal(d.a)}>seq {d.a}</button> <strong>to B</strong>{' '}
        <button type="button" className="mono linkish" onClick={() => reveal(d.b)}>seq {d.b}</button>
        {d.a > d.b && <span className="badge warn">A is after B: read as going back in time</span>}</div>
      <div>Surface: <span className="ins">{d.added.length.toLocaleString()} added</span>
        {d.replaced.length > 0 && <> ({d.replaced.length.toLocaleString()} of them replacements)</>} · <span className="del">{d.removed.length.toLocaleString()} removed (shadowed)</span></div>
      <div>Messages: {d.messagesA.toLocaleString()} → {d.messagesB.toLocaleString()} ({signed(d.messagesB - d.messagesA)})</div>
      <div>Tokens: {signed(net)} ({signed(d.tokensAdded.tokens)} added, {signed(-d.tokensRemoved.tokens)} removed; {tokenSource(both)})</div>
    </section>
  );
}

function RangeEvents({ d }: { d: DiffInfo }) {
  const fams = useMemo(() => familyCounts(d.events), [d]);
  const lo = Math.min(d.a, d.b), hi = Math.max(d.a, d.b);
  const open = (family: string, first: number) => { setFamilies([family]); setView('log'); reveal(first); };
  return (
    <section className="diff-events" aria-label="Events between A and B">
      <div><strong>Events in ({lo}, {hi}]</strong>: {fams.length === 0 ? 'none' : fams.reduce((n, f) => n + f.count, 0).toLocaleString()}</div>
      <div className="links">
        {fams.map((f) => (
          <button key={f.family} type="button" onClick={() => open(f.family, f.first)} title={f.types.map((t) => `${t.type} ×${t.count}`).join('\n')}
            aria-label={`${f.family}: ${f.count} events, show in the Log`}>{f.family} <span className="mono">{f.count.toLocaleString()}</span></button>
        ))}
      </div>
    </section>
  );
}

type Item = { kind: 'top' } | { kind: 'heading'; text: string } | { kind: 'card'; seq: number; side: 'added' | 'removed' };

/** What changed between the A and B marks: surface nodes, request header, messages, tokens, events. */
export function DiffView() {
  const a = useApp((s) => s.markA);
  const b = useApp((s) => s.markB);
  const cursor = useApp((s) => s.cursor);
  const answer = useApp(selectDiff);
  const diff = answer?.diff, error = answer?.error;
  // an unset mark reads as the cursor, and says so
  const A = a ?? cursor, B = b ?? cursor;
  useEffect(() => { if (a !== undefined || b !== undefined) requestDiff(A, B); }, [a, b, A, B]);
  // the summary shows a new diff at once; its cards follow in a deferred render
  const listed = useDeferredValue(diff);
  const items = useMemo<Item[]>(() => {
    const diff = listed;
    if (!diff) return [{ kind: 'top' }];
    return [{ kind: 'top' },
      { kind: 'heading', text: `Added at B (${diff.added.length})` }, ...diff.added.map((seq) => ({ kind: 'card' as const, seq, side: 'added' as const })),
      { kind: 'heading', text: `Removed since A (${diff.removed.length})` }, ...diff.removed.map((seq) => ({ kind: 'card' as const, seq, side: 'removed' as const }))];
  }, [listed]);
  if (a === undefined && b === undefined) {
    return <div className="empty-state">Mark two moments on the scrubber to see what changed between them: Mark A and Mark B (keys a and b) set them to the cursor;
      Step (d) compares the cursor with just before its step; Since request (Shift+A) with the latest model request.</div>;
  }
  if (error) return <div className="empty-state" role="alert">The diff failed: {error}</div>;
  if (!diff || diff.a !== A || diff.b !== B) return <div className="empty-state">Computing the diff…</div>;
  const note = a === undefined ? 'A is not set: the cursor stands in for it.' : b === undefined ? 'B is not set: the cursor stands in for it.' : undefined;
  return (
    <VirtualList label="Diff" role="feed" count={items.length} estimate={90} itemKey={(i) => { const it = items[i]; return it.kind === 'card' ? `${it.side}${it.seq}` : it.kind === 'heading' ? it.text : 'top'; }}
      render={(i) => {
        const it = items[i];
        if (it.kind === 'top') return <article className="diff-top" aria-label="What changed">{note && <p className="label">{note}</p>}<Summary d={diff} /><HeaderDeltaCard h={diff.header} /><RangeEvents d={diff} /></article>;
        if (it.kind === 'heading') return <article aria-label={it.text}><h3 className="diff-heading">{it.text}</h3></article>;
        return <div className={`diff-${it.side}`}><SurfaceCardItem seq={it.seq} /></div>;
      }} />
  );
}
