import { isSurfaceEligibleType } from './catalog';
import { IntColumn, lastAtOrBeforeIn } from './columns';
import { SessionError, isPlainRecord, isSafeNonNegInt } from './errors';
import { jsonDepth, jsonEqual } from './json';
import type { SessionEvent } from './types';

/**
 * Nesting depth past which a tool-result rewrite is refused. DSH compares the two results with a
 * recursive walk that overflows the call stack a few thousand levels down (conformance d09); we
 * compare iteratively and refuse at this depth so that verdicts agree.
 */
export const REWRITE_COMPARE_MAX_DEPTH = 4500;

export type SurfacePlan =
  | { kind: 'none' }
  | { kind: 'append'; seq: number }
  | { kind: 'replace'; seq: number; si: number; ei: number; shadowed: number[] };

const surfaceErr = (msg: string, seq: number) => new SessionError('surface', msg, { seq });

/** Provenance rules of core.md §1.7, with the nodes a replace shadows. */
export function checkSourceEventSeqs(e: SessionEvent, shadowed: readonly number[]): void {
  const src = (e as { sourceEventSeqs?: unknown }).sourceEventSeqs;
  const isReplace = typeof e.surfaceOp === 'object';
  if (src === undefined) {
    if (isReplace && shadowed.length) throw surfaceErr(`Surface replace: sourceEventSeqs must include every shadowed surface node; missing ${shadowed.join(', ')}.`, e.seq);
    return;
  }
  if (!Array.isArray(src)) throw surfaceErr(`sourceEventSeqs on event at seq ${e.seq} must be an array when present.`, e.seq);
  if (src.length === 0 && e.type !== 'assistant/message') throw surfaceErr('sourceEventSeqs must not be empty except on assistant/message.', e.seq);
  let ascending = true;
  for (let i = 0; i < src.length; i++) {
    if (!isSafeNonNegInt(src[i])) throw surfaceErr(`Session event "${e.type}" sourceEventSeqs must densely contain non-negative safe integers.`, e.seq);
    if (i > 0 && src[i] <= src[i - 1]) ascending = false;
  }
  // strictly ascending sources (the common case: a message citing its chunks) hold no duplicates
  const set = ascending && !isReplace ? null : new Set<number>(src as number[]);
  if (set && set.size !== src.length) throw surfaceErr('sourceEventSeqs must not contain duplicates.', e.seq);
  for (const s of src as number[]) if (s >= e.seq) throw surfaceErr(`sourceEventSeqs must reference earlier events: ${s} >= current seq ${e.seq}.`, e.seq);
  if (isReplace && set) {
    const missing = shadowed.filter((s) => !set.has(s));
    if (missing.length) throw surfaceErr(`Surface replace: sourceEventSeqs must include every shadowed surface node; missing ${missing.join(', ')}.`, e.seq);
  }
}

function comparable(data: unknown): unknown {
  if (!isPlainRecord(data) || !isPlainRecord(data.message)) return data;
  const m = data.message;
  const content = Array.isArray(m.content) ? m.content : [];
  const b0 = isPlainRecord(content[0]) ? { ...content[0], content: null } : content[0];
  return { ...data, message: { ...m, content: [b0] } };
}

/** core.md §4.4: a tool-result replacement rewrites exactly one current tool/result, content only. */
function checkToolResultRewrite(e: SessionEvent, shadowed: number[], eventAt: (seq: number) => SessionEvent): void {
  if (shadowed.length !== 1) throw surfaceErr('tool/result surface replacement must rewrite exactly one current node.', e.seq);
  const target = eventAt(shadowed[0]);
  if (target.type !== 'tool/result') throw surfaceErr('tool/result surface replacement must target a current tool/result.', e.seq);
  const L = REWRITE_COMPARE_MAX_DEPTH;
  if (jsonDepth(target.data, L) > L || jsonDepth(e.data, L) > L) throw surfaceErr(`tool/result surface replacement nests deeper than ${REWRITE_COMPARE_MAX_DEPTH} levels and cannot be compared (DSH overflows its stack here).`, e.seq);
  if (!jsonEqual(comparable(target.data), comparable(e.data))) throw surfaceErr('tool/result surface replacement may change only content.', e.seq);
}

function isReplaceOp(op: unknown): op is { op: 'replace'; start: number; end: number } {
  if (!isPlainRecord(op)) return false;
  const keys = Object.keys(op);
  return keys.length === 3 && op.op === 'replace' && isSafeNonNegInt(op.start) && isSafeNonNegInt(op.end) && 'start' in op && 'end' in op;
}

/**
 * The surface fold (core.md §4): the live node list N and the replace generation, plus an
 * interval record of every node (when it left the surface, and its place in the global order)
 * so that the surface as of any seq can be read back without refolding.
 */
export class SurfaceFold {
  /** Live surface nodes (seqs) in surface order. Do not mutate. */
  readonly nodes: number[] = [];
  gen = 0;
  /**
   * Every node ever on the surface, by ordinal: nodes join in seq order, so the seqs ascend and an
   * ordinal is found by binary search. Columns rather than maps keyed by seq: no entry objects.
   */
  private readonly nodeSeq = new IntColumn();
  /** Seq of the replace that shadowed the node; -1 while it is live. */
  private readonly nodeRemovedAt = new IntColumn();
  /** The global order, a doubly linked list of ordinals (-1: none). */
  private readonly nodeNext = new IntColumn();
  private readonly nodePrev = new IntColumn();
  private head = -1;
  private tail = -1;
  /** Replacements in log order. */
  readonly replacements: { seq: number; start: number; end: number; shadowed: number[] }[] = [];

  constructor(private readonly eventAt: (seq: number) => SessionEvent) {}

  /** Validates `e` as the next event; never mutates state. */
  plan(e: SessionEvent, expected: number): SurfacePlan {
    if (e.seq !== expected) throw surfaceErr(`Session event seq ${e.seq} is not contiguous; expected ${expected}.`, expected);
    const op = (e as { surfaceOp?: unknown }).surfaceOp;
    if (!isSurfaceEligibleType(e.type)) {
      if (op !== undefined) throw surfaceErr(`Session event "${e.type}" is not surface-eligible and cannot carry surfaceOp.`, e.seq);
      if ((e as { sourceEventSeqs?: unknown }).sourceEventSeqs !== undefined) throw surfaceErr(`Session event "${e.type}" is not surface-eligible and cannot carry sourceEventSeqs.`, e.seq);
      return { kind: 'none' };
    }
    if (op === undefined) throw surfaceErr(`Session event "${e.type}" is surface-eligible and requires a surfaceOp marker.`, e.seq);
    if (op === 'append') {
      checkSourceEventSeqs(e, []);
      return { kind: 'append', seq: e.seq };
    }
    if (!isPlainRecord(op)) throw surfaceErr(`Session event "${e.type}" carries an invalid surfaceOp.`, e.seq);
    if (!isReplaceOp(op)) throw surfaceErr(`Session event "${e.type}" carries an invalid replace surfaceOp.`, e.seq);
    const si = this.nodes.indexOf(op.start);
    if (si < 0) throw surfaceErr(`Surface replace: start seq ${op.start} not found in surface.`, e.seq);
    // seqs on the surface are unique: look past the start first (the usual order), then before it
    let ei = this.nodes.indexOf(op.end, si);
    if (ei < 0) ei = this.nodes.indexOf(op.end);
    if (ei < 0) throw surfaceErr(`Surface replace: end seq ${op.end} not found in surface.`, e.seq);
    if (si > ei) throw surfaceErr(`Surface replace: start seq ${op.start} (index ${si}) is after end seq ${op.end} (index ${ei}).`, e.seq);
    const shadowed = this.nodes.slice(si, ei + 1);
    checkSourceEventSeqs(e, shadowed);
    if (e.type === 'tool/result') checkToolResultRewrite(e, shadowed, this.eventAt);
    return { kind: 'replace', seq: e.seq, si, ei, shadowed };
  }

  apply(p: SurfacePlan): void {
    if (p.kind === 'none') return;
    if (p.kind === 'append') {
      this.nodes.push(p.seq);
      this.link(p.seq, -1);
      return;
    }
    const first = this.nodes[p.si];
    this.nodes.splice(p.si, p.ei - p.si + 1, p.seq);
    for (const s of p.shadowed) this.nodeRemovedAt.set(this.ordinalOf(s), p.seq);
    this.link(p.seq, first);
    this.gen++;
    this.replacements.push({ seq: p.seq, start: p.shadowed[0], end: p.shadowed[p.shadowed.length - 1], shadowed: p.shadowed });
  }

  /** Ordinal of a node that joined the surface (it must have). */
  private ordinalOf(seq: number): number {
    return lastAtOrBeforeIn(this.nodeSeq.view(), this.nodeSeq.length, seq);
  }

  /** Inserts `seq`, a new node, into the global order before node `before` (or at the end when -1). */
  private link(seq: number, before: number): void {
    const o = this.nodeSeq.length;
    this.nodeSeq.push(seq);
    this.nodeRemovedAt.push(-1);
    if (before < 0) {
      this.nodeNext.push(-1);
      this.nodePrev.push(this.tail);
      if (this.tail >= 0) this.nodeNext.set(this.tail, o); else this.head = o;
      this.tail = o;
      return;
    }
    const b = this.ordinalOf(before);
    const p = this.nodePrev.at(b);
    this.nodeNext.push(b);
    this.nodePrev.push(p);
    this.nodePrev.set(b, o);
    if (p < 0) this.head = o; else this.nodeNext.set(p, o);
  }

  /** Every node ever on the surface, in global order, with the seq that shadowed it (Infinity if live). */
  orderedNodes(): { seqs: Float64Array; removedAt: Float64Array } {
    const n = this.nodeSeq.length;
    const seqs = new Float64Array(n);
    const removedAt = new Float64Array(n);
    let i = 0;
    for (let o = this.head; o >= 0 && i < n; o = this.nodeNext.at(o)) {
      seqs[i] = this.nodeSeq.at(o);
      const r = this.nodeRemovedAt.at(o);
      removedAt[i] = r < 0 ? Infinity : r;
      i++;
    }
    return { seqs, removedAt };
  }
}
