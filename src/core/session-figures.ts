/**
 * A session's own figures (what its own events did), folded one event at a time so a reader can
 * feed events as it parses them and keep nothing else. A fork's inherited seed (seq <
 * `seedLength`) belongs to its parent and is never counted here.
 */
import { isPlainRecord } from './errors';
import { addTokenClasses, StepTokenFold, sumStepTokens, ZERO_TOKENS, type TokenClasses } from './step-usage';
import type { SessionEvent } from './types';

/** The figures every fleet view and `seqscope stats` shows, of one session's own events. */
export interface OwnFigures {
  readonly turns: number;
  readonly steps: number;
  readonly toolCalls: number;
  /** Tool calls whose first appended `tool/result` has `isError: true` (a pruned copy does not count again). */
  readonly toolErrors: number;
  readonly tokens: TokenClasses;
}

export interface SessionFigures extends OwnFigures {
  /** Compactions, each named by its `compaction/start` (src/core/compaction.ts), failed ones included. */
  readonly compactions: number;
  /** `compaction/prune` events. */
  readonly prunes: number;
  /** Own events counted (the seed excluded). */
  readonly events: number;
  /** Times of the first and last own event (ms), in log order; undefined with no own event. */
  readonly firstTime?: number;
  readonly lastTime?: number;
  /** Largest time minus smallest (times may repeat or go backwards), 0 with fewer than two events. */
  readonly wallMs: number;
  /** Models the steps ran on (the assistant message's, else the request context's in force), in first-seen order. */
  readonly models: readonly string[];
  /** Tokens by the model of each step (`''`: the log names none). */
  readonly byModel: Readonly<Record<string, TokenClasses>>;
  /** Tokens by the UTC day (`YYYY-MM-DD`) of each step's start. */
  readonly byDay: Readonly<Record<string, TokenClasses>>;
  /** The latest `session/title`, if any. */
  readonly title?: string;
}

export const ZERO_OWN: OwnFigures = Object.freeze({ turns: 0, steps: 0, toolCalls: 0, toolErrors: 0, tokens: ZERO_TOKENS });

export function addOwnFigures(a: OwnFigures, b: OwnFigures): OwnFigures {
  return { turns: a.turns + b.turns, steps: a.steps + b.steps, toolCalls: a.toolCalls + b.toolCalls, toolErrors: a.toolErrors + b.toolErrors, tokens: addTokenClasses(a.tokens, b.tokens) };
}

/** Just the own-figure keys of a fuller record (the `own`/`total` shape of `seqscope stats --json`). */
export const ownOf = (f: OwnFigures): OwnFigures => ({ turns: f.turns, steps: f.steps, toolCalls: f.toolCalls, toolErrors: f.toolErrors, tokens: f.tokens });

/** The UTC day of a time in ms, as `YYYY-MM-DD` (`unknown` for a time that is not one). */
export function utcDay(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return 'unknown';
  return new Date(ms).toISOString().slice(0, 10);
}

const TITLE_MAX = 300;

/** Where a tool result belongs: its source's call id, else its block's `toolCallId`. */
function resultOf(e: SessionEvent): { callId?: string; isError: boolean } {
  const m = isPlainRecord(e.data) ? e.data.message : undefined;
  if (!isPlainRecord(m)) return { isError: false };
  const block = Array.isArray(m.content) && isPlainRecord(m.content[0]) ? m.content[0] : undefined;
  const src = isPlainRecord(m.source) ? m.source.callId : undefined;
  const callId = typeof src === 'string' ? src : typeof block?.toolCallId === 'string' ? block.toolCallId : undefined;
  return { callId, isError: block?.isError === true };
}

export class SessionFigureFold {
  private turns = 0; private steps = 0; private toolCalls = 0; private toolErrors = 0;
  private compactions = 0; private prunes = 0; private events = 0;
  private firstTime?: number; private lastTime?: number; private minTime = Infinity; private maxTime = -Infinity;
  private readonly tokens = new StepTokenFold();
  /** Own tool calls whose first appended result is still to come. */
  private readonly awaiting = new Set<string>();
  private title?: string;

  /** `seedLength`: the header's (events with a lower seq are the parent's). */
  constructor(private readonly seedLength = 0) {}

  add(e: SessionEvent): void {
    if (typeof e.seq === 'number' && e.seq < this.seedLength) return;
    this.events++;
    this.seeTime(e.time);
    switch (e.type) {
      case 'turn/start': this.turns++; return;
      case 'step/start': this.steps++; this.tokens.add(e); return;
      case 'assistant/chunk': this.tokens.add(e); return;
      case 'assistant/message': case 'request/context': this.tokens.add(e); return;
      case 'tool/call': {
        this.toolCalls++;
        const id = isPlainRecord(e.data) ? e.data.callId : undefined;
        if (typeof id === 'string') this.awaiting.add(id);
        return;
      }
      case 'tool/result': {
        // only the appended result is the call's outcome; a replacement (a prune copy) restates it
        if (e.surfaceOp !== 'append') return;
        const r = resultOf(e);
        if (r.callId === undefined || !this.awaiting.delete(r.callId)) return;
        if (r.isError) this.toolErrors++;
        return;
      }
      case 'compaction/start': this.compactions++; return;
      case 'compaction/prune': this.prunes++; return;
      case 'session/title':
        if (isPlainRecord(e.data) && typeof e.data.title === 'string') this.title = e.data.title.slice(0, TITLE_MAX);
        return;
    }
  }

  /** A packed row of chunk deltas: its members are events too (they carry no figure but their count and time). */
  addRow(row: { readonly seq0: number; readonly length: number; readonly time0: number; readonly dt: readonly number[] }): void {
    const dt = row.dt;
    let t = row.time0;
    for (let i = 0; i < row.length; i++) {
      if (i > 0) t += dt[i - 1];
      if (row.seq0 + i < this.seedLength) continue;
      this.events++;
      this.seeTime(t);
    }
  }

  private seeTime(t: unknown): void {
    if (typeof t !== 'number' || !Number.isFinite(t)) return;
    this.firstTime ??= t;
    this.lastTime = t;
    if (t < this.minTime) this.minTime = t;
    if (t > this.maxTime) this.maxTime = t;
  }

  result(): SessionFigures {
    const steps = this.tokens.steps();
    const { tokens, byModel } = sumStepTokens(steps);
    const byDay: Record<string, TokenClasses> = {};
    for (const s of steps) {
      const d = utcDay(s.time);
      byDay[d] = addTokenClasses(byDay[d] ?? ZERO_TOKENS, s.tokens);
    }
    const models: Record<string, TokenClasses> = {};
    for (const [m, v] of byModel) models[m] = v;
    return {
      turns: this.turns, steps: this.steps, toolCalls: this.toolCalls, toolErrors: this.toolErrors, tokens,
      compactions: this.compactions, prunes: this.prunes, events: this.events,
      ...(this.firstTime !== undefined ? { firstTime: this.firstTime, lastTime: this.lastTime } : {}),
      wallMs: this.maxTime > this.minTime ? this.maxTime - this.minTime : 0,
      models: [...new Set(steps.flatMap((s) => (s.model !== undefined ? [s.model] : [])))], byModel: models, byDay, ...(this.title !== undefined ? { title: this.title } : {}),
    };
  }
}

/** A session's own figures from its events (the seed, seq < `seedLength`, skipped). */
export function deriveSessionFigures(events: Iterable<SessionEvent>, seedLength = 0): SessionFigures {
  const f = new SessionFigureFold(seedLength);
  for (const e of events) f.add(e);
  return f.result();
}
