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
 * The crash-repair scan (core.md §9.1) as a fold over events in seq order, so a loader can run it
 * while reading. `closers()` then gives the synthetic events that close an open final turn, or [].
 */
export class CloserScan {
  private openTurn: unknown = null;
  private openStep: unknown = null;
  private readonly pending = new Map<unknown, { step: unknown; callSeq?: number }>();

  observe(e: SessionEvent, s: number): void {
    switch (e.type) {
      case 'turn/start': this.openTurn = read(e.data, 'turn', s); this.openStep = null; this.pending.clear(); break;
      case 'turn/end': this.openTurn = null; this.openStep = null; this.pending.clear(); break;
      case 'step/start': this.openStep = read(e.data, 'step', s); break;
      case 'step/end': this.pending.clear(); this.openStep = null; break;
      case 'assistant/message': {
        const content = read(read(e.data, 'message', s), 'content', s);
        if (Array.isArray(content)) {
          for (const b of content) {
            if (b && typeof b === 'object' && (b as { type?: unknown }).type === 'tool-call') {
              // Map.set keeps an existing key's position and drops its callSeq, as DSH does.
              this.pending.set((b as { id?: unknown }).id, { step: (e.data as { step?: unknown }).step });
            }
          }
        }
        break;
      }
      case 'tool/call': {
        const p = this.pending.get(read(e.data, 'callId', s));
        if (p) p.callSeq = s;
        break;
      }
      case 'tool/result':
        this.pending.delete(read(read(read(e.data, 'message', s), 'source', s), 'callId', s));
        break;
    }
  }

  /** Closers for a log whose last event has seq `lastSeq` and time `lastTime` (§9.2). */
  closers(lastSeq: number, lastTime: number): SessionEvent[] {
    if (this.openTurn === null || lastSeq < 0) return [];
    const openTurn = this.openTurn;
    let seq = lastSeq + 1;
    const t = lastTime;
    const out: SessionEvent[] = [];
    for (const [callId, p] of this.pending) {
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
    if (this.openStep !== null) out.push({ type: 'step/end', seq: seq++, time: t, data: { turn: openTurn, step: this.openStep } });
    out.push({ type: 'turn/end', seq, time: t, data: { turn: openTurn, reason: { kind: 'interrupted' } } });
    return out;
  }
}

/**
 * Crash-repair closers (core.md §9): synthetic events that close an open final turn, or [].
 * Pure and deterministic; times reuse the last event's time.
 */
export function interruptedTurnClosers(log: LogReader): SessionEvent[] {
  const scan = new CloserScan();
  for (let s = 0; s < log.length; s++) if (log.typeAt(s) !== 'assistant/chunk') scan.observe(log.rawAt(s), s);
  return log.length ? scan.closers(log.length - 1, log.rawAt(log.length - 1).time) : [];
}
