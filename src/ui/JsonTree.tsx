import { useEffect, useState } from 'react';
import { client } from '../app/session-client';
import type { JsonNode } from '../protocol/worker-protocol';
import { dateTime, relTime } from './format';

/** What a time field is read against: the session's start, and whether the event was synthesized on load. */
export interface TimeBase { readonly start: number; readonly synthesized: boolean }

interface NodeProps {
  seq: number;
  path: string[];
  name: string;
  kind: JsonNode['kind'];
  preview: string;
  open?: boolean;
  times?: TimeBase;
}

/** Keys whose numbers are epoch milliseconds: the event's `time`, and `createdAt`-style fields. */
const isTimeKey = (name: string) => name === 'time' || /[a-z]At$/.test(name);
const EPOCH_MIN = 946_684_800_000, EPOCH_MAX = 4_102_444_800_000; // 2000 to 2100

function TimeNote({ ms, times }: { ms: number; times: TimeBase }) {
  if (!(ms >= EPOCH_MIN && ms <= EPOCH_MAX)) return null;
  const delta = times.synthesized ? 'appended on load' : `${relTime(ms - times.start)} from session start`;
  return <span className="label"> · {dateTime(ms)} · {delta}</span>;
}

function Scalar({ kind, preview }: { kind: JsonNode['kind']; preview: string }) {
  const cls = kind === 'string' ? 'str' : kind === 'number' ? 'num' : 'lit';
  return <span className={cls}>{preview}</span>;
}

/** One key of the tree; its children are fetched from the worker only when expanded. */
function TreeNode({ seq, path, name, kind, preview, open: initiallyOpen, times }: NodeProps) {
  const [open, setOpen] = useState(!!initiallyOpen);
  const [node, setNode] = useState<JsonNode>();
  const container = kind === 'object' || kind === 'array';
  useEffect(() => {
    if (!open || !container || node) return;
    let live = true;
    client.request('node', seq, path).then((n) => { if (live) setNode(n); }, () => undefined);
    return () => { live = false; };
  }, [open, container, node, seq, path]);
  return (
    <li>
      {container ? (
        <button type="button" className="toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`} onClick={() => setOpen(!open)}>{open ? '▾' : '▸'}</button>
      ) : <span style={{ display: 'inline-block', width: 14 }} />}
      <span className="key">{name}</span>: {container ? <span className="lit">{preview}</span> : <Scalar kind={kind} preview={preview} />}
      {kind === 'number' && times && isTimeKey(name) && <TimeNote ms={Number(preview)} times={times} />}
      {open && container && node?.children && (
        <ul>
          {/* the event's `data` opens one level: it is what a reader came for */}
          {node.children.map((c) => <TreeNode key={c.key} seq={seq} path={[...path, c.key]} name={c.key} kind={c.kind} preview={c.preview} times={times}
            open={path.length === 0 && c.key === 'data'} />)}
          {node.truncated ? <li className="lit">… {node.truncated} more</li> : null}
        </ul>
      )}
    </li>
  );
}

/** The selected event as a lazily expanded JSON tree: one level per click, never a deep render. */
export function JsonTree({ seq, times }: { seq: number; times?: TimeBase }) {
  return (
    <ul className="tree" aria-label={`Event ${seq} JSON`} style={{ paddingLeft: 0 }}>
      <TreeNode key={seq} seq={seq} path={[]} name={`event ${seq}`} kind="object" preview="" open times={times} />
    </ul>
  );
}
