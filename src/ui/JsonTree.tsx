import { useEffect, useState } from 'react';
import { client } from '../store/client';
import type { JsonNode } from '../protocol/worker-protocol';

interface NodeProps {
  seq: number;
  path: string[];
  name: string;
  kind: JsonNode['kind'];
  preview: string;
  open?: boolean;
}

function Scalar({ kind, preview }: { kind: JsonNode['kind']; preview: string }) {
  const cls = kind === 'string' ? 'str' : kind === 'number' ? 'num' : 'lit';
  return <span className={cls}>{preview}</span>;
}

/** One key of the tree; its children are fetched from the worker only when expanded. */
function TreeNode({ seq, path, name, kind, preview, open: initiallyOpen }: NodeProps) {
  const [open, setOpen] = useState(!!initiallyOpen);
  const [node, setNode] = useState<JsonNode>();
  const container = kind === 'object' || kind === 'array';
  useEffect(() => {
    if (!open || !container || node) return;
    let live = true;
    client.request<JsonNode>({ op: 'node', seq, path }).then((n) => { if (live) setNode(n); }, () => undefined);
    return () => { live = false; };
  }, [open, container, node, seq, path]);
  return (
    <li>
      {container ? (
        <button type="button" className="toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`} onClick={() => setOpen(!open)}>{open ? '▾' : '▸'}</button>
      ) : <span style={{ display: 'inline-block', width: 14 }} />}
      <span className="key">{name}</span>: {container ? <span className="lit">{preview}</span> : <Scalar kind={kind} preview={preview} />}
      {open && container && node?.children && (
        <ul>
          {node.children.map((c) => <TreeNode key={c.key} seq={seq} path={[...path, c.key]} name={c.key} kind={c.kind} preview={c.preview} />)}
          {node.truncated ? <li className="lit">… {node.truncated} more</li> : null}
        </ul>
      )}
    </li>
  );
}

/** The selected event as a lazily expanded JSON tree: one level per click, never a deep render. */
export function JsonTree({ seq }: { seq: number }) {
  return (
    <ul className="tree" aria-label={`Event ${seq} JSON`} style={{ paddingLeft: 0 }}>
      <TreeNode key={seq} seq={seq} path={[]} name={`event ${seq}`} kind="object" preview="" open />
    </ul>
  );
}
