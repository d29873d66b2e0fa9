/**
 * Where a session's spans go: which trace, under which parent span, linked to what. One trace per
 * root session; a sub-agent joins its parent's trace under the tool call that started it (else
 * under the parent's agent span); a fork is a trace of its own whose agent span links to its
 * parent's. Only headers are needed, so a folder is placed before any log is read in full.
 */
import { spanIdOf, traceIdOf } from './ids';
import type { TraceTool } from './model';

/** What a header says about a session's place (any field may be missing). */
export interface SessionFacts {
  readonly id: string;
  readonly parentSession?: string;
  readonly origin?: string;
  readonly delegationDepth?: number;
  readonly createdAt?: number;
  readonly seedLength?: number;
}

export interface SpanRef { readonly traceId: string; readonly spanId: string }

export interface Placement {
  readonly traceId: string;
  /** The session whose trace this is. */
  readonly rootId: string;
  /** Parent of the agent span (absent for a trace's root session). */
  readonly parent?: SpanRef;
  /** A fork's link to the agent span of the session it was forked from, and the seq it was forked at. */
  readonly link?: SpanRef & { readonly forkSeq: number };
}

export const isSubagent = (f: SessionFacts): boolean => f.origin === 'subagent' && f.parentSession !== undefined;

/**
 * The session a session's trace is rooted at: up through sub-agent parents. A parent that is not
 * at hand ends the walk: a depth-1 sub-agent's missing parent is a root session, so it is the root
 * still; deeper, the sub-agent roots a trace of its own.
 */
export function traceRootOf(f: SessionFacts, lookup: (id: string) => SessionFacts | undefined): string {
  const seen = new Set<string>();
  let cur = f;
  while (isSubagent(cur) && !seen.has(cur.id)) {
    seen.add(cur.id);
    const p = lookup(cur.parentSession!);
    if (!p) return cur.delegationDepth === 1 ? cur.parentSession! : cur.id;
    cur = p;
  }
  return cur.id;
}

/** The placement of session `f`; `callSeq` is the parent's `tool/call` that started it, when known. */
export function placeSession(f: SessionFacts, lookup: (id: string) => SessionFacts | undefined, callSeq?: number): Placement {
  const rootId = traceRootOf(f, lookup);
  const traceId = traceIdOf(rootId);
  const parentId = f.parentSession;
  const parent = isSubagent(f) && rootId !== f.id
    ? { traceId, spanId: spanIdOf(parentId!, callSeq !== undefined ? { kind: 'tool', seq: callSeq } : { kind: 'agent' }) }
    : undefined;
  const seed = f.seedLength ?? 0;
  const forked = parentId !== undefined && (!isSubagent(f) || seed > 0);
  if (!forked) return { traceId, rootId, ...(parent ? { parent } : {}) };
  const p = lookup(parentId);
  const link = { traceId: traceIdOf(p ? traceRootOf(p, lookup) : parentId), spanId: spanIdOf(parentId, { kind: 'agent' }), forkSeq: seed };
  return { traceId, rootId, ...(parent ? { parent } : {}), link };
}

/**
 * Which of a parent's tool calls started each sub-agent: the first call whose arguments or result
 * name the child's id ("started subagent <id>"), else a call still running when the child was
 * created (the earliest one not already given a child, so parallel calls get one each in order).
 * A child with neither has no call (its agent span goes under the parent's agent span).
 */
export function assignStartingCalls(tools: readonly TraceTool[], children: readonly SessionFacts[]): Map<string, number> {
  const out = new Map<string, number>();
  const taken = new Set<number>();
  const rest: SessionFacts[] = [];
  for (const c of children) {
    const t = tools.find((x) => x.mentions.includes(c.id));
    if (t) { out.set(c.id, t.seq); taken.add(t.seq); } else rest.push(c);
  }
  rest.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const c of rest) {
    if (c.createdAt === undefined) continue;
    const t = tools.find((x) => !taken.has(x.seq) && x.start <= c.createdAt! && c.createdAt! <= x.end);
    if (t) { out.set(c.id, t.seq); taken.add(t.seq); }
  }
  return out;
}
