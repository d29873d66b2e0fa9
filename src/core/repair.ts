import { SessionError } from './errors';
import type { SessionEvent } from './types';

/** Our own closer sentences (decisions §3.9); ids, codes and sources follow DSH. */
export const OUTCOME_UNKNOWN_TEXT =
  'This tool call was recorded as started, but its result was lost when the session stopped, so its outcome is unknown. '
  + 'Retry only if the operation is read-only or idempotent; otherwise first verify external state or ask the user.';
export const NOT_STARTED_TEXT =
  'This tool call was interrupted before the harness recorded it as started, so it never ran. Retry it if it is still needed.';

export interface LogReader {
  readonly length: number;
  typeAt(seq: number): string;
  /** The stored event at seq, unfrozen (packed members are materialized). */
  rawAt(seq: number): SessionEvent;
}

const read = (v: unknown, key: string, seq: number): unknown => {
  // DSH reads these fields without guards; a null payload there is a TypeError it reports as corruption.
  if (v === null || v === undefined) {
    throw new SessionError('repair-null', `Event at seq ${seq} has no data where crash repair reads "${key}".`, { seq });
  }
  return (v as Record<string, unknown>)[key];
};

/**
 * Crash-repair closers (core.md §9): synthetic events that close an open final turn, or [].
 * Pure and deterministic; times reuse the last event's time.
 */
export function interruptedTurnClosers(log: LogReader): SessionEvent[] {
  let openTurn: unknown = null;
  let openStep: unknown = null;
  const pending = new Map<unknown, { step: unknown; callSeq?: number }>();
  for (let s = 0; s < log.length; s++) {
    const type = log.typeAt(s);
    if (type === 'assistant/chunk') continue;
    const e = log.rawAt(s);
    switch (type) {
      case 'turn/start': openTurn = read(e.data, 'turn', s); openStep = null; pending.clear(); break;
      case 'turn/end': openTurn = null; openStep = null; pending.clear(); break;
      case 'step/start': openStep = read(e.data, 'step', s); break;
      case 'step/end': pending.clear(); openStep = null; break;
      case 'assistant/message': {
        const msg = read(e.data, 'message', s);
        const content = read(msg, 'content', s);
        if (Array.isArray(content)) {
          for (const b of content) {
            if (b && typeof b === 'object' && (b as { type?: unknown }).type === 'tool-call') {
              // Map.set keeps an existing key's position and drops its callSeq, as DSH does.
              pending.set((b as { id?: unknown }).id, { step: (e.data as { step?: unknown }).step });
            }
          }
        }
        break;
      }
      case 'tool/call': {
        const id = read(e.data, 'callId', s);
        const p = pending.get(id);
        if (p) p.callSeq = s;
        break;
      }
      case 'tool/result': {
        const msg = read(e.data, 'message', s);
        pending.delete(read(read(msg, 'source', s), 'callId', s));
        break;
      }
    }
  }
  if (openTurn === null || log.length === 0) return [];
  const last = log.length - 1;
  const t = log.rawAt(last).time;
  let seq = last + 1;
  const out: SessionEvent[] = [];
  for (const [callId, p] of pending) {
    const started = p.callSeq !== undefined;
    const message = {
      id: `interrupted-tool-result-${String(callId)}-${seq}`,
      role: 'user',
      source: { kind: 'tool', callId },
      content: [{ type: 'tool-result', toolCallId: callId, isError: true, content: [{ type: 'text', text: started ? OUTCOME_UNKNOWN_TEXT : NOT_STARTED_TEXT }] }],
    };
    const error = started ? { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' } : { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' };
    const ev: Record<string, unknown> = { type: 'tool/result', seq, time: t, data: { turn: openTurn, step: p.step, message, error }, surfaceOp: 'append' };
    if (started) ev.sourceEventSeqs = [p.callSeq];
    out.push(ev as unknown as SessionEvent);
    seq++;
  }
  if (openStep !== null) out.push({ type: 'step/end', seq: seq++, time: t, data: { turn: openTurn, step: openStep } });
  out.push({ type: 'turn/end', seq: seq++, time: t, data: { turn: openTurn, reason: { kind: 'interrupted' } } });
  return out;
}
