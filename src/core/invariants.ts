import type { EventLog } from './event-log';
import { isPlainRecord } from './errors';
import { stringifyJson } from './json';

export interface Diagnostic {
  readonly seq: number;
  readonly code: string;
  readonly severity: 'violation' | 'warning';
  readonly message: string;
}

/**
 * DSH's relational invariants (core.md §11) run offline as diagnostics: every violation is
 * collected with its seq and never changes the verdict (decisions §3.15). State advances after a
 * violation as if the event had been accepted, so one slip does not cascade into many.
 */
export function collectInvariantDiagnostics(log: EventLog, limit = 10_000): Diagnostic[] {
  const out: Diagnostic[] = [];
  let openTurn: unknown = null, openStep: unknown = null, nextTurn = 1, nextStep = 1;
  const pending = new Set<unknown>();
  const v = (seq: number, code: string, message: string) => { if (out.length < limit) out.push({ seq, code, severity: 'violation', message }); };
  // objects from a hostile log may carry a non-callable toString: never call String() on them
  const fmt = (x: unknown) => (x === null || x === undefined ? 'null' : typeof x === 'object' ? stringifyJson(x).slice(0, 80) : String(x));
  const stepIdentity = (seq: number, type: string, d: Record<string, unknown>) => {
    if (d.turn !== openTurn || d.step !== openStep) v(seq, 'open-step', `${type} names turn ${fmt(d.turn)}/step ${fmt(d.step)} but open is turn ${fmt(openTurn)}/step ${fmt(openStep)}.`);
  };
  for (let s = 0; s < log.length; s++) {
    if (log.isPacked(s)) {
      // a packed row shares turn/step: check its first member only
      const slot = log.slotAt(s) as unknown as { seq0: number; turn: number; step: number };
      if (slot.seq0 === s) stepIdentity(s, 'assistant/chunk', { turn: slot.turn, step: slot.step });
      continue;
    }
    const e = log.rawAt(s);
    const d = isPlainRecord(e.data) ? e.data : {};
    switch (e.type) {
      case 'turn/start':
        if (openTurn !== null) v(s, 'turn-open', `turn/start ${fmt(d.turn)} while turn ${fmt(openTurn)} is still open.`);
        if (d.turn !== nextTurn) v(s, 'turn-number', `Expected turn ${nextTurn}, got ${fmt(d.turn)}.`);
        openTurn = d.turn; openStep = null; nextStep = 1;
        if (typeof d.turn === 'number') nextTurn = d.turn + 1;
        break;
      case 'turn/end':
        if (d.turn !== openTurn) v(s, 'turn-mismatch', `turn/end ${fmt(d.turn)} does not match open turn ${fmt(openTurn)}.`);
        if (openStep !== null) v(s, 'step-open', `turn/end while step ${fmt(openStep)} is still open.`);
        openTurn = null; openStep = null;
        break;
      case 'step/start':
        if (d.turn !== openTurn) v(s, 'step-turn', `step/start in turn ${fmt(d.turn)} but open turn is ${fmt(openTurn)}.`);
        if (openStep !== null) v(s, 'step-open', `step/start while step ${fmt(openStep)} is still open.`);
        if (d.step !== nextStep) v(s, 'step-number', `Expected step ${nextStep} in turn ${fmt(d.turn)}, got ${fmt(d.step)}.`);
        openStep = d.step;
        break;
      case 'step/end':
        stepIdentity(s, 'step/end', d);
        pending.clear(); openStep = null; nextStep++;
        break;
      case 'assistant/chunk': case 'assistant/message':
        stepIdentity(s, e.type, d);
        break;
      case 'tool/call':
        stepIdentity(s, 'tool/call', d);
        pending.add(d.callId);
        break;
      case 'tool/result': {
        if (typeof e.surfaceOp === 'object') {
          if (openTurn === null) v(s, 'replace-outside-turn', 'tool/result surface replacement appended outside any open turn.');
          break;
        }
        stepIdentity(s, 'tool/result', d);
        const m = isPlainRecord(d.message) ? d.message : {};
        const callId = isPlainRecord(m.source) ? m.source.callId : undefined;
        const b0 = Array.isArray(m.content) && isPlainRecord(m.content[0]) ? m.content[0] : {};
        const notStarted = b0.isError === true && isPlainRecord(d.error) && d.error.code === 'TOOL_NOT_STARTED';
        if (!pending.has(callId) && !notStarted) v(s, 'unpaired-result', `tool/result for ${fmt(callId)} with no prior tool/call in this step.`);
        pending.delete(callId);
        break;
      }
      case 'todo/write': case 'request/header': case 'request/context':
        if (openTurn === null) v(s, 'outside-turn', `${e.type} appended outside any open turn.`);
        break;
    }
  }
  return out;
}
