import { useEffect, useRef, useState } from 'react';
import type { RequestPayload } from '../core/request-payload';
import { asText } from '../core/text';
import type { RequestInfo } from '../protocol/worker-protocol';
import { fetchRequest } from '../app/request';
import { reveal } from '../app/cursor';
import { useApp } from '../store/store';
import { HeaderCard } from './HeaderCard';
import { MessageBody } from './MessageBody';
import { VirtualList } from './VirtualList';

/** The payload as DSH would send it: the header prefix and the derived messages. */
export function requestJson(p: RequestPayload): string {
  return JSON.stringify({ header: p.header ?? null, messages: p.messages }, null, 2);
}

function Body({ p }: { p: RequestPayload }) {
  const cursor = useApp((s) => s.cursor);
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      const text = requestJson(p);
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${text.length.toLocaleString()} characters`);
    } catch (e) { setCopied(`Copy failed: ${(e as Error).message}`); }
  };
  const seq = (s: number) => <button type="button" className="mono linkish" onClick={() => reveal(s)}>seq {s}</button>;
  return (
    <>
      <p>
        {p.turn !== undefined ? `Turn ${p.turn}, step ${p.step ?? '?'}` : 'Step'} (step/start {seq(p.stepSeq)}): the request as of {seq(p.at)}, just before the step's first chunk.
        {p.at > cursor && <span className="badge warn">later than the cursor (seq {cursor})</span>}
      </p>
      <div className="request-usage" aria-label="Usage">
        <strong>Usage</strong>{p.assistantSeq !== undefined && <> of the step's assistant message {seq(p.assistantSeq)}</>}:{' '}
        {p.usage !== undefined ? <code>{JSON.stringify(p.usage)}</code> : <span className="label">none recorded</span>}
      </div>
      <HeaderCard h={p.header ? { seq: p.headerSeq, prevSeq: -1, header: p.header, diff: [] } : undefined} />
      <div><button type="button" onClick={() => void copy()}>Copy JSON</button> <span className="label" aria-live="polite">{copied}</span>
        <span className="label"> · {p.messages.length.toLocaleString()} messages</span></div>
      <VirtualList label="Request messages" role="feed" count={p.messages.length} estimate={80} itemKey={(i) => i}
        render={(i) => {
          const m = p.messages[i];
          return (
            <article className={`card role-${m.source?.kind === 'tool' ? 'tool' : asText(m.role, 20)}`} aria-label={`Message ${i + 1}`}>
              <header><span className="role">{asText(m.role, 20)}</span><span className="mono">#{i + 1}</span><span className="mono">{asText(m.id, 80)}</span></header>
              <MessageBody message={m} />
            </article>
          );
        }} />
    </>
  );
}

/** The Request panel for the step `seq` lies in: header in force, derived messages, usage, Copy JSON. */
export function RequestDialog({ seq, onClose }: { seq: number; onClose: () => void }) {
  const [info, setInfo] = useState<RequestInfo | { error: string }>();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    setInfo(undefined);
    fetchRequest(seq).then((r) => { if (live) setInfo(r); }, (e: Error) => { if (live) setInfo({ error: e.message }); });
    close.current?.focus();
    return () => { live = false; };
  }, [seq]);
  return (
    <div className="modal" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-label={`Request for seq ${seq}`} className="request-dialog" onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onClose(); } }}>
        <div className="request-title"><h2>What the model was sent</h2><button ref={close} type="button" onClick={onClose}>Close</button></div>
        {!info ? <p>Loading…</p>
          : 'error' in info ? <p role="alert">The request could not be read: {info.error}</p>
          : 'none' in info ? <p>{info.none}</p>
          : <Body p={info} />}
      </div>
    </div>
  );
}
