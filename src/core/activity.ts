import { IntColumn } from './columns';
import { isPlainRecord } from './errors';
import type { SessionEvent } from './types';

/** A count from untrusted JSON: a finite non-negative number, else -1 (absent or odd). */
function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(v, 2 ** 31 - 1) : -1;
}
const intOr = (v: unknown, d: number) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : d);

/** Where a usage record came from. */
export const USAGE_CHUNK = 0;
export const USAGE_MESSAGE = 1;

/**
 * The numbers the overview needs that live inside events (token usage, context windows, tool call
 * names and outcomes, tokens a prune or compaction shadowed), collected once as each event is
 * admitted, so the overview never parses the log again. Times and types come from the log's columns.
 * Packed chunk rows carry none of these and are not observed.
 */
export class ActivityIndex {
  /** Usage records: a `usage` chunk or an `assistant/message.usage`, with the step they name. */
  readonly usageSeq = new IntColumn();
  readonly usageTurn = new IntColumn();
  readonly usageStep = new IntColumn();
  readonly usageFrom = new IntColumn();
  /** Token counts (-1: absent): uncached input, output, cache read, cache write, reasoning. */
  readonly usageIn = new IntColumn();
  readonly usageOut = new IntColumn();
  readonly usageCacheRead = new IntColumn();
  readonly usageCacheWrite = new IntColumn();
  readonly usageReasoning = new IntColumn();
  /** `assistant/message` seqs with the step they name. */
  readonly messageSeq = new IntColumn();
  readonly messageTurn = new IntColumn();
  readonly messageStep = new IntColumn();
  /** `step/start` and `step/end` seqs, in log order. */
  readonly stepStartSeq = new IntColumn();
  readonly stepEndSeq = new IntColumn();
  /** `turn/start` and `turn/end` seqs, in log order. */
  readonly turnStartSeq = new IntColumn();
  readonly turnEndSeq = new IntColumn();
  /** `request/context` seqs and their context window (-1: none, which clears it). */
  readonly contextSeq = new IntColumn();
  readonly contextWindow = new IntColumn();
  /** `tool/call` seqs, call ids and tool names (index into `toolNames`). */
  readonly callSeq = new IntColumn();
  readonly callName = new IntColumn();
  readonly callIds: string[] = [];
  /** Appended `tool/result` seqs, call ids and whether each is an error. */
  readonly resultSeq = new IntColumn();
  readonly resultError = new IntColumn();
  readonly resultIds: string[] = [];
  readonly toolNames: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** `compaction/prune` and `compaction/summary` seqs with their `shadowedTokenCount` (-1: absent). */
  readonly pruneSeq = new IntColumn();
  readonly pruneTokens = new IntColumn();
  readonly summarySeq = new IntColumn();
  readonly summaryTokens = new IntColumn();

  observe(e: SessionEvent, seq: number): void {
    const t = e.type, d = isPlainRecord(e.data) ? (e.data) : undefined;
    if (!d) {
      if (t === 'turn/start') this.turnStartSeq.push(seq);
      else if (t === 'turn/end') this.turnEndSeq.push(seq);
      else if (t === 'step/start') this.stepStartSeq.push(seq);
      else if (t === 'step/end') this.stepEndSeq.push(seq);
      return;
    }
    switch (t) {
      case 'assistant/chunk': {
        const c = d.chunk;
        if (isPlainRecord(c) && c.type === 'usage' && isPlainRecord(c.usage)) this.usage(seq, d, c.usage, USAGE_CHUNK);
        return;
      }
      case 'assistant/message':
        this.messageSeq.push(seq); this.messageTurn.push(intOr(d.turn, -1)); this.messageStep.push(intOr(d.step, -1));
        if (isPlainRecord(d.usage)) this.usage(seq, d, d.usage, USAGE_MESSAGE);
        return;
      case 'turn/start': this.turnStartSeq.push(seq); return;
      case 'turn/end': this.turnEndSeq.push(seq); return;
      case 'step/start': this.stepStartSeq.push(seq); return;
      case 'step/end': this.stepEndSeq.push(seq); return;
      case 'request/context': this.contextSeq.push(seq); this.contextWindow.push(count(d.contextWindow)); return;
      case 'tool/call':
        this.callSeq.push(seq); this.callIds.push(String(d.callId)); this.callName.push(this.nameId(typeof d.name === 'string' ? d.name : '?'));
        return;
      case 'tool/result': {
        if (e.surfaceOp !== 'append') return; // a replacement rewrites an old result (a prune); it is no call's outcome
        const m = isPlainRecord(d.message) ? (d.message) : undefined;
        const src = m && isPlainRecord(m.source) ? (m.source) : undefined;
        const block = m && Array.isArray(m.content) && isPlainRecord(m.content[0]) ? (m.content[0]) : undefined;
        this.resultSeq.push(seq); this.resultIds.push(String(src?.callId));
        this.resultError.push(d.error !== undefined || block?.isError === true ? 1 : 0);
        return;
      }
      case 'compaction/prune': this.pruneSeq.push(seq); this.pruneTokens.push(count(d.shadowedTokenCount)); return;
      case 'compaction/summary': this.summarySeq.push(seq); this.summaryTokens.push(count(d.shadowedTokenCount)); return;
    }
  }

  private usage(seq: number, d: Record<string, unknown>, u: Record<string, unknown>, from: number): void {
    this.usageSeq.push(seq); this.usageTurn.push(intOr(d.turn, -1)); this.usageStep.push(intOr(d.step, -1)); this.usageFrom.push(from);
    this.usageIn.push(count(u.inputTokens)); this.usageOut.push(count(u.outputTokens));
    this.usageCacheRead.push(count(u.cacheReadTokens)); this.usageCacheWrite.push(count(u.cacheWriteTokens));
    this.usageReasoning.push(count(u.reasoningTokens));
  }

  private nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) { id = this.toolNames.length; this.toolNames.push(name); this.nameIds.set(name, id); }
    return id;
  }
}
