import type { EventLog } from './event-log';
import { isPlainRecord } from './errors';
import { stringifyJson } from './json';
import type { SessionEvent } from './types';

export interface Diagnostic {
  readonly seq: number;
  readonly code: string;
  readonly severity: 'violation' | 'warning';
  readonly message: string;
}

const fmt = (x: unknown) => (x === null || x === undefined ? 'null' : typeof x === 'object' ? stringifyJson(x).slice(0, 80) : String(x));

/**
 * DSH's relational invariants (core.md §11) run offline as diagnostics: every violation is
 * collected with its seq and never changes the verdict (decisions §3.15). State advances after a
 * violation as if the event had been accepted, so one slip does not cascade into many. A fold
 * over events in seq order, so the loader runs it while reading.
 */
export class InvariantChecker {
  readonly diagnostics: Diagnostic[] = [];
  private openTurn: unknown = null;
  private openStep: unknown = null;
  private nextTurn = 1;
  private nextStep = 1;
  private readonly pending = new Set<unknown>();

  constructor(private readonly limit = 10_000) {}

  private v(seq: number, code: string, message: string): void {
    if (this.diagnostics.length < this.limit) this.diagnostics.push({ seq, code, severity: 'violation', message });
  }

  private stepIdentity(seq: number, type: string, turn: unknown, step: unknown): void {
    if (turn !== this.openTurn || step !== this.openStep) {
      this.v(seq, 'open-step', `${type} names turn ${fmt(turn)}/step ${fmt(step)} but open is turn ${fmt(this.openTurn)}/step ${fmt(this.openStep)}.`);
    }
  }

  /** A packed row shares turn/step: one check stands for all its members. */
  observeRow(row: { turn: number; step: number }, seq0: number): void {
    this.stepIdentity(seq0, 'assistant/chunk', row.turn, row.step);
  }

  observe(e: SessionEvent, s: number): void {
    const d = isPlainRecord(e.data) ? e.data : {};
    switch (e.type) {
      case 'turn/start':
        if (this.openTurn !== null) this.v(s, 'turn-open', `turn/start ${fmt(d.turn)} while turn ${fmt(this.openTurn)} is still open.`);
        if (d.turn !== this.nextTurn) this.v(s, 'turn-number', `Expected turn ${this.nextTurn}, got ${fmt(d.turn)}.`);
        this.openTurn = d.turn; this.openStep = null; this.nextStep = 1;
        if (typeof d.turn === 'number') this.nextTurn = d.turn + 1;
        break;
      case 'turn/end':
        if (d.turn !== this.openTurn) this.v(s, 'turn-mismatch', `turn/end ${fmt(d.turn)} does not match open turn ${fmt(this.openTurn)}.`);
        if (this.openStep !== null) this.v(s, 'step-open', `turn/end while step ${fmt(this.openStep)} is still open.`);
        this.openTurn = null; this.openStep = null;
        break;
      case 'step/start':
        if (d.turn !== this.openTurn) this.v(s, 'step-turn', `step/start in turn ${fmt(d.turn)} but open turn is ${fmt(this.openTurn)}.`);
        if (this.openStep !== null) this.v(s, 'step-open', `step/start while step ${fmt(this.openStep)} is still open.`);
        if (d.step !== this.nextStep) this.v(s, 'step-number', `Expected step ${this.nextStep} in turn ${fmt(d.turn)}, got ${fmt(d.step)}.`);
        this.openStep = d.step;
        break;
      case 'step/end':
        this.stepIdentity(s, 'step/end', d.turn, d.step);
        this.pending.clear(); this.openStep = null; this.nextStep++;
        break;
      case 'assistant/chunk': case 'assistant/message':
        this.stepIdentity(s, e.type, d.turn, d.step);
        break;
      case 'tool/call':
        this.stepIdentity(s, 'tool/call', d.turn, d.step);
        this.pending.add(d.callId);
        break;
      case 'tool/result': {
        if (typeof e.surfaceOp === 'object') {
          if (this.openTurn === null) this.v(s, 'replace-outside-turn', 'tool/result surface replacement appended outside any open turn.');
          break;
        }
        this.stepIdentity(s, 'tool/result', d.turn, d.step);
        const m = isPlainRecord(d.message) ? d.message : {};
        const callId = isPlainRecord(m.source) ? m.source.callId : undefined;
        const b0 = Array.isArray(m.content) && isPlainRecord(m.content[0]) ? m.content[0] : {};
        const notStarted = b0.isError === true && isPlainRecord(d.error) && d.error.code === 'TOOL_NOT_STARTED';
        if (!this.pending.has(callId) && !notStarted) this.v(s, 'unpaired-result', `tool/result for ${fmt(callId)} with no prior tool/call in this step.`);
        this.pending.delete(callId);
        break;
      }
      case 'todo/write': case 'request/header': case 'request/context':
        if (this.openTurn === null) this.v(s, 'outside-turn', `${e.type} appended outside any open turn.`);
        break;
    }
  }
}

/** The invariant diagnostics of a whole log. */
export function collectInvariantDiagnostics(log: EventLog, limit = 10_000): Diagnostic[] {
  const c = new InvariantChecker(limit);
  for (let s = 0; s < log.length; s++) {
    const slot = log.slotAt(s);
    if (log.isPacked(s)) { const row = slot as unknown as { seq0: number; turn: number; step: number }; if (row.seq0 === s) c.observeRow(row, s); continue; }
    c.observe(log.rawAt(s), s);
  }
  return c.diagnostics;
}
