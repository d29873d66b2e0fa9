import type { StreamedStep } from '../core/streamed';

/**
 * A Transcript entry for a step that streamed but was never committed (no assistant/message: a
 * crash mid-stream, a cancelled or failed request): what it had streamed by the cursor, as text.
 * Not on the Surface: the model never saw it as a message.
 */
export function StreamedEntry({ seq, s, common }: { seq: number; s: StreamedStep | undefined; common: Record<string, unknown> }) {
  return (
    <article className="entry role-assistant streamed" data-streamed="true" {...common}>
      <header><span className="role">assistant</span><span className="mono">seq {s ? (s.firstSeq === s.lastSeq ? s.firstSeq : `${s.firstSeq}–${s.lastSeq}`) : seq}</span>
        <span className="badge warn">streamed, never committed (not on the Surface)</span>
        {s?.finish && <span className="badge">finish: {s.finish.kind}{s.finish.message ? ` (${s.finish.message})` : ''}</span>}
        {s && s.runEndSeq > s.lastSeq && <span className="badge">still streaming at the cursor</span>}</header>
      {!s ? <div className="text label">…</div> : s.blocks.length === 0 ? <div className="text label">Nothing streamed.</div> : s.blocks.map((b) => (
        b.kind === 'tool-call'
          ? <div key={b.index} className="tool-call"><span className="mono">{b.name ?? 'tool'}({b.id})</span><pre className="text">{b.arguments}</pre></div>
          : <div key={b.index} className={b.kind === 'reasoning' ? 'text reasoning' : 'text'}>{b.kind === 'reasoning' && <span className="label">reasoning: </span>}{b.text}</div>
      ))}
    </article>
  );
}
