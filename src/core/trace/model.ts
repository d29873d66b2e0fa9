/**
 * What a trace of one session is made of, independent of the format it is written in (OTLP spans,
 * Perfetto slices): turns, steps (model requests) with their tokens and timing, tool calls,
 * compactions and prunes, and the lineage from the events a compaction replaced to it. Seqs only:
 * content is read from the log by the writers that are asked for it.
 *
 * Times are epoch ms on a clock that never goes back (each seq's time is the latest time seen up
 * to it; DSH does not promise monotonic times, decisions §3.7), so every child lies inside its
 * parent and siblings on one track do not overlap.
 */
import type { UsageCounts } from '../step-usage';
import type { SessionHeader } from '../types';

export interface TraceRetry {
  readonly seq: number;
  readonly time: number;
  readonly retry?: number;
  readonly delayMs?: number;
  readonly errorType?: string;
}

/** One step: one model request (retried attempts included) and the tools it called. */
export interface TraceStep {
  readonly turn: number;
  readonly step: number;
  /** Seq and time of its `step/start`, and of its `step/end` (or where it was closed implicitly). */
  readonly seq: number;
  readonly start: number;
  readonly end: number;
  /** The request moment (decisions §5): the seq just before the first chunk, else before the message. */
  readonly requestSeq: number;
  readonly requestTime: number;
  /** Time of the first `assistant/chunk`, when the step streamed any. */
  readonly firstChunkTime?: number;
  /** When the response ended: the assistant message, else the last chunk, else the request. */
  readonly streamEnd: number;
  readonly model?: string;
  readonly provider?: string;
  readonly tokens: UsageCounts;
  readonly usageFrom: 'chunks' | 'message' | 'none';
  readonly attempts: number;
  /** The stream's finish reason kind (`stop`, `tool-calls`, `max-tokens`, `aborted`, `error`, …). */
  readonly finishReason?: string;
  /** Set when the request failed: the failure code, or `no_response` when no message came. */
  readonly errorType?: string;
  /** Seq of the step's appended `assistant/message`. */
  readonly messageSeq?: number;
  /** Seq of the `request/header` in force at the request. */
  readonly headerSeq?: number;
  /** Appended user messages and tool results since the previous request: what this request added. */
  readonly inputSeqs: readonly number[];
  readonly retries: readonly TraceRetry[];
}

export interface TraceTool {
  /** Seq of its `tool/call`, and of the appended `tool/result` that answered it. */
  readonly seq: number;
  readonly resultSeq?: number;
  readonly callId: string;
  readonly name: string;
  readonly turn: number;
  readonly step: number;
  readonly start: number;
  readonly end: number;
  /** Set when the result is an error: its error code or name, else `tool_error`. */
  readonly errorType?: string;
  /** Session ids (of those asked about) that its arguments or result name. */
  readonly mentions: readonly string[];
}

export interface TraceTurn {
  readonly turn: number;
  /** Seq of its `turn/start`, and of its `turn/end` (or the last seq before it was closed implicitly). */
  readonly seq: number;
  readonly endSeq: number;
  readonly start: number;
  readonly end: number;
  /** The `turn/end` reason kind; absent when the log ends inside the turn. */
  readonly reason?: string;
  readonly errorType?: string;
}

/** A compaction (its `compaction/start` … `compaction/end` bracket) or a prune of one tool result. */
export interface TraceMark {
  readonly kind: 'compaction' | 'prune';
  readonly seq: number;
  readonly start: number;
  readonly end: number;
  readonly compactionId?: string;
  /** The surface range (seqs) it replaced, how many nodes, and their tokens as DSH counted them. */
  readonly range?: { readonly start: number; readonly end: number };
  readonly replaced: number;
  readonly replacedTokens?: number;
  /** The summary request's usage, when the log has it. */
  readonly usage?: UsageCounts;
  readonly error?: string;
  /** Seqs it was built from (`sourceEventSeqs` of its replacement, a summary's shadowed seqs), ascending. */
  readonly sources: readonly number[];
}

export interface TraceSession {
  readonly header: SessionHeader;
  readonly id: string;
  /** `gen_ai.agent.name`: the agent preset, else `dsh`. */
  readonly agentName: string;
  /** A sub-agent's descriptor label, when it has one. */
  readonly agentDescription?: string;
  /** First seq that is the session's own (a fork's inherited seed comes before it). */
  readonly ownFrom: number;
  readonly start: number;
  readonly end: number;
  readonly turns: readonly TraceTurn[];
  readonly steps: readonly TraceStep[];
  readonly tools: readonly TraceTool[];
  readonly marks: readonly TraceMark[];
  /** Monotone time of any seq. */
  timeOf(seq: number): number;
}
