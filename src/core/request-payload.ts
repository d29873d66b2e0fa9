import { isPlainRecord } from './errors';
import type { EventLog } from './event-log';
import { canonicalHeader, type CanonicalHeader } from './request-header';
import type { StepRequests } from './steps';
import { lastAtOrBefore, type Timeline } from './timeline';
import type { Message } from './types';

/** What the model was sent for one step (decisions §5): the header in force and the derived messages. */
export interface RequestPayload {
  /** The step's step/start seq. */
  readonly stepSeq: number;
  readonly turn?: number;
  readonly step?: number;
  /** The request moment: the seq just before the step's first assistant chunk. */
  readonly at: number;
  /** The request/header in force at `at` (-1: none). */
  readonly headerSeq: number;
  readonly header?: CanonicalHeader;
  /** The derived messages as of `at`, in DSH's message shape (core.md §5.1). */
  readonly messages: readonly Message[];
  /** The step's assistant/message and its usage as the log records it. */
  readonly assistantSeq?: number;
  readonly usage?: unknown;
}

/**
 * The request of the step that `seq` lies in (an assistant/message, its step/start, or any event
 * of the step), or a sentence saying why there is none.
 */
export function requestPayload(t: Timeline, log: EventLog, steps: StepRequests, seq: number): RequestPayload | { readonly none: string } {
  const i = lastAtOrBefore(steps.stepSeqs, seq);
  if (i < 0) return { none: `Seq ${seq} is before the first step; no model request was made yet.` };
  const stepSeq = steps.stepSeqs[i], at = steps.requestSeqs[i];
  if (at < 0) return { none: `The step at seq ${stepSeq} made no model request (it has no assistant chunk or message).` };
  const end = i + 1 < steps.stepSeqs.length ? steps.stepSeqs[i + 1] : log.length;
  let assistantSeq: number | undefined;
  for (let s = at + 1; s < end; s++) if (!log.isChunkAt(s) && log.typeAt(s) === 'assistant/message') { assistantSeq = s; break; }
  const start = log.rawAt(stepSeq).data;
  const usage = assistantSeq !== undefined ? log.rawAt(assistantSeq).data?.usage : undefined;
  const headerSeq = t.headerSeqAt(at);
  const h = headerSeq >= 0 ? log.rawAt(headerSeq).data?.header : undefined;
  return {
    stepSeq,
    ...(isPlainRecord(start) && typeof start.turn === 'number' ? { turn: start.turn } : {}),
    ...(isPlainRecord(start) && typeof start.step === 'number' ? { step: start.step } : {}),
    at, headerSeq, ...(isPlainRecord(h) ? { header: canonicalHeader(h) } : {}),
    messages: t.messagesAt(at),
    ...(assistantSeq !== undefined ? { assistantSeq } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}
