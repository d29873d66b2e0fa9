import type { EventLog } from './event-log';
import type { LogIndex } from './log-index';
import { deriveEventMessage } from './messages';
import type { SurfaceFold } from './surface';
import type { TranscriptEntry } from './transcript';
import { addTokens, NO_TOKENS, type TokenFigure } from './tokens';
import type { Message } from './types';

/** Index of the last element ≤ x in a sorted array, or -1. */
export function lastAtOrBefore(sorted: ArrayLike<number>, x: number): number {
  let lo = 0, hi = sorted.length - 1, ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}

export interface MomentCounts {
  readonly seq: number;
  readonly events: number;
  readonly surface: number;
  readonly transcript: number;
  readonly messages: number;
  readonly turn: number;
}

/**
 * Replay: the log truncated at any seq N without refolding from 0. Built once from the fold's
 * interval record (each surface node's birth seq, the seq that shadowed it and its place in the
 * global order); a query walks the node intervals, never the log. Truncation runs no repair.
 */
export class Timeline {
  private readonly nodeSeqs: Float64Array;
  private readonly nodeRemovedAt: Float64Array;
  private readonly nodeHasMessage: Uint8Array;
  /** Append-origin message seqs, ascending. */
  readonly transcriptSeqs: Int32Array;
  /** Compaction checkpoint seqs, ascending. */
  readonly compactionSeqs: Int32Array;
  /** Replacement seqs, ascending. */
  readonly replacementSeqs: Int32Array;
  /** request/header seqs, ascending. */
  readonly headerSeqs: Int32Array;
  /** turn/start seqs, ascending. */
  readonly turnSeqs: Int32Array;

  constructor(private readonly log: EventLog, fold: SurfaceFold, private readonly index: LogIndex) {
    const { seqs, removedAt } = fold.orderedNodes();
    this.nodeSeqs = seqs;
    this.nodeRemovedAt = removedAt;
    this.nodeHasMessage = new Uint8Array(seqs.length);
    for (let i = 0; i < seqs.length; i++) this.nodeHasMessage[i] = index.silentNodes.has(seqs[i]) ? 0 : 1;
    this.transcriptSeqs = index.transcriptSeqs.slice();
    this.compactionSeqs = index.compactionSeqs.slice();
    this.replacementSeqs = index.replacementSeqs.slice();
    this.headerSeqs = index.headerSeqs.slice();
    this.turnSeqs = index.turnSeqs.slice();
  }

  /** Every surface node's birth seq and the seq that shadowed it (Infinity: never), in surface order; read-only. */
  nodeIntervals(): { readonly seqs: Float64Array; readonly removedAt: Float64Array } {
    return { seqs: this.nodeSeqs, removedAt: this.nodeRemovedAt };
  }

  /** The compaction/summary a checkpoint cites, if any. */
  summaryOf(checkpointSeq: number): number | undefined {
    return this.index.compactionSummary.get(checkpointSeq);
  }

  /**
   * The append-origin transcript through N (core.md §5.3): append messages and one compaction
   * marker per checkpoint, in seq order, from the index (no log access).
   */
  transcriptEntriesAt(n: number): TranscriptEntry[] {
    const tr = this.transcriptSeqs, cp = this.compactionSeqs;
    const ti = lastAtOrBefore(tr, n) + 1, ci = lastAtOrBefore(cp, n) + 1;
    const out: TranscriptEntry[] = [];
    let i = 0, j = 0;
    while (i < ti || j < ci) {
      if (j >= ci || (i < ti && tr[i] < cp[j])) out.push({ kind: 'message', seq: tr[i++] });
      else {
        const seq = cp[j++];
        const summarySeq = this.index.compactionSummary.get(seq);
        out.push(summarySeq === undefined ? { kind: 'compaction', seq } : { kind: 'compaction', seq, summarySeq });
      }
    }
    return out;
  }

  /** Surface node seqs as of seq N, in surface order. */
  surfaceAt(n: number): number[] {
    const out: number[] = [];
    const seqs = this.nodeSeqs, rem = this.nodeRemovedAt;
    for (let i = 0; i < seqs.length; i++) if (seqs[i] <= n && rem[i] > n) out.push(seqs[i]);
    return out;
  }

  /** Number of derived messages as of N (assistant messages with empty content are skipped). */
  messageCountAt(n: number): number {
    let c = 0;
    const seqs = this.nodeSeqs, rem = this.nodeRemovedAt, has = this.nodeHasMessage;
    for (let i = 0; i < seqs.length; i++) if (has[i] && seqs[i] <= n && rem[i] > n) c++;
    return c;
  }

  /** Derived model messages as of N (frozen, shared with the log). */
  messagesAt(n: number): Message[] {
    const out: Message[] = [];
    for (const s of this.surfaceAt(n)) {
      const m = deriveEventMessage(this.log.event(s));
      if (m) out.push(m);
    }
    return out;
  }

  transcriptAt(n: number): number[] {
    return Array.from(this.transcriptSeqs.subarray(0, lastAtOrBefore(this.transcriptSeqs, n) + 1));
  }

  /** Seq of the request/header in force at N, or -1. */
  headerSeqAt(n: number): number {
    const i = lastAtOrBefore(this.headerSeqs, n);
    return i < 0 ? -1 : this.headerSeqs[i];
  }

  /** 1-based index of the turn open or last started at N (0 before the first turn). */
  turnAt(n: number): number {
    return lastAtOrBefore(this.turnSeqs, n) + 1;
  }

  /** Is the node at seq on the surface at N? */
  isShadowedAt(seq: number, n: number): boolean {
    for (let i = 0; i < this.nodeSeqs.length; i++) if (this.nodeSeqs[i] === seq) return this.nodeRemovedAt[i] <= n;
    return false;
  }

  /**
   * The surface change from A to B (decisions §5) in one pass over the node intervals: `added` =
   * S(B) \ S(A) in B's surface order, `removed` = S(A) \ S(B) in A's, and the derived-message
   * counts at both. Either order of A and B works.
   */
  surfaceDiff(a: number, b: number): { added: number[]; removed: number[]; messagesA: number; messagesB: number } {
    const added: number[] = [], removed: number[] = [];
    let messagesA = 0, messagesB = 0;
    const seqs = this.nodeSeqs, rem = this.nodeRemovedAt, has = this.nodeHasMessage;
    for (let i = 0; i < seqs.length; i++) {
      const s = seqs[i], r = rem[i];
      const inA = s <= a && r > a, inB = s <= b && r > b;
      if (inA) messagesA += has[i];
      if (inB) messagesB += has[i];
      if (inB && !inA) added.push(s);
      else if (inA && !inB) removed.push(s);
    }
    return { added, removed, messagesA, messagesB };
  }

  /** Summed token figures of the messages of surface nodes `seqs` (from the index, no event parse). */
  tokensOf(seqs: Iterable<number>): TokenFigure {
    let t = NO_TOKENS;
    for (const s of seqs) t = addTokens(t, this.index.tokensOf(s));
    return t;
  }

  /** Is `seq` a replacement (an object surfaceOp)? */
  isReplacement(seq: number): boolean {
    const i = lastAtOrBefore(this.replacementSeqs, seq);
    return i >= 0 && this.replacementSeqs[i] === seq;
  }

  countsAt(n: number): MomentCounts {
    return {
      seq: n,
      events: Math.min(n + 1, this.log.length),
      surface: this.surfaceAt(n).length,
      transcript: lastAtOrBefore(this.transcriptSeqs, n) + 1,
      messages: this.messageCountAt(n),
      turn: this.turnAt(n),
    };
  }
}
