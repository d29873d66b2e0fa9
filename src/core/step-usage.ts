/**
 * Tokens a session spent, by step and token class: the one definition every figure uses (CLI
 * stats, the fleet table, runs, traces).
 *
 * Per step: the sum of the step's `usage` chunks (a failed or retried attempt spent its tokens
 * too, and left no `assistant/message`), else its `assistant/message` usage. Input is split
 * disjointly (core.md §1.5): `input` is uncached input only, beside `cacheRead` and `cacheWrite`.
 * Reasoning is not a class beside output but a part of it: DSH's `outputTokens` is the provider's
 * completion tokens, reasoning included, and `reasoningTokens` says how many of them were
 * reasoning (every usage in DSH's test logs, testdata/fixtures/dsh-test-logs, has reasoning <= output,
 * which token-total.test.ts holds; a "PONG"
 * after a sentence of reasoning reports outputTokens 23, reasoningTokens 20). So a total never
 * adds `reasoning` again (tokenSum), and a split of the total uses tokenParts. A missing or
 * non-numeric field is 0.
 */
import { USAGE_CHUNK, type ActivityIndex } from './activity';
import { isPlainRecord } from './errors';
import type { SessionEvent } from './types';

export interface TokenClasses {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly reasoning: number;
}

export const TOKEN_CLASSES = ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const;
export type TokenClass = (typeof TOKEN_CLASSES)[number];

export const ZERO_TOKENS: TokenClasses = Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 });

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** A log `TokenUsage` record as the five classes (anything that is not a record is all zeros). */
export function usageTokens(u: unknown): TokenClasses {
  if (!isPlainRecord(u)) return ZERO_TOKENS;
  return { input: count(u.inputTokens), output: count(u.outputTokens), cacheRead: count(u.cacheReadTokens), cacheWrite: count(u.cacheWriteTokens), reasoning: count(u.reasoningTokens) };
}

export function addTokenClasses(a: TokenClasses, b: TokenClasses): TokenClasses {
  return { input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite, reasoning: a.reasoning + b.reasoning };
}

/** Every token once: input, cache read, cache write and output (reasoning is inside output). */
export const tokenSum = (t: TokenClasses): number => t.input + t.cacheRead + t.cacheWrite + t.output;

/** Disjoint parts of the total: output split into its reasoning and the rest (`answer`). */
export const TOKEN_PARTS = ['input', 'cacheRead', 'cacheWrite', 'answer', 'reasoning'] as const;
export type TokenPart = (typeof TOKEN_PARTS)[number];

/**
 * The parts, which add up to tokenSum. Reasoning is capped at output, so a record that reports
 * more reasoning than output (not DSH's) still adds up to its total.
 */
export function tokenParts(t: TokenClasses): Readonly<Record<TokenPart, number>> {
  const reasoning = Math.min(t.reasoning, t.output);
  return { input: t.input, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite, answer: t.output - reasoning, reasoning };
}

/** The usage a chunk event carries, when it is a `usage` chunk. */
export function chunkUsage(e: SessionEvent): unknown {
  if (e.type !== 'assistant/chunk' || !isPlainRecord(e.data) || !isPlainRecord(e.data.chunk)) return undefined;
  return e.data.chunk.type === 'usage' ? (e.data.chunk.usage ?? null) : undefined;
}

/** The model an `assistant/message` names in its source, if any. */
export function messageModel(e: SessionEvent): string | undefined {
  if (e.type !== 'assistant/message' || !isPlainRecord(e.data) || !isPlainRecord(e.data.message)) return undefined;
  const src = e.data.message.source;
  return isPlainRecord(src) && typeof src.model === 'string' ? src.model : undefined;
}

/** One step's tokens, and what they came from. */
export interface StepTokens {
  /** Seq of the step's `step/start` (or of its first usage record when the log has no `step/start` for it). */
  readonly seq: number;
  /** Time of that event. */
  readonly time: number;
  readonly turn: number;
  readonly step: number;
  readonly tokens: TokenClasses;
  /** `chunks`: the sum of usage chunks; `message`: the assistant message's usage; `none`: neither. */
  readonly from: 'chunks' | 'message' | 'none';
  /** Usage chunks counted (2 or more: retried attempts). */
  readonly attempts: number;
  /** The model of the step's assistant message, else of the `request/context` in force, if any. */
  readonly model?: string;
}

interface OpenStep { seq: number; time: number; turn: number; step: number; chunks: TokenClasses; attempts: number; message?: TokenClasses; model?: string }

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);
const keyOf = (d: unknown): string | undefined => (isPlainRecord(d) ? `${num(d.turn)}:${num(d.step)}` : undefined);

/**
 * Folds events one at a time into per-step tokens. A usage chunk or assistant message belongs to
 * the latest step opened with its `(turn, step)`; one with no such `step/start` opens an implicit
 * step of its own. Feed events in log order; `steps()` may be called at any point.
 */
export class StepTokenFold {
  private readonly open: OpenStep[] = [];
  private readonly byKey = new Map<string, OpenStep>();
  private contextModel: string | undefined;

  add(e: SessionEvent): void {
    const t = e.type;
    if (t === 'step/start') { this.start(e); return; }
    if (t === 'request/context') {
      if (isPlainRecord(e.data) && typeof e.data.model === 'string') this.contextModel = e.data.model;
      return;
    }
    if (t === 'assistant/chunk') {
      const u = chunkUsage(e);
      if (u === undefined) return;
      const s = this.stepOf(e);
      s.chunks = addTokenClasses(s.chunks, usageTokens(u));
      s.attempts++;
      return;
    }
    if (t === 'assistant/message') {
      const s = this.stepOf(e);
      const m = messageModel(e);
      if (m !== undefined) s.model = m;
      if (isPlainRecord(e.data) && e.data.usage !== undefined) s.message = addTokenClasses(s.message ?? ZERO_TOKENS, usageTokens(e.data.usage));
    }
  }

  /**
   * One usage record given by its parts, as a loaded session's activity columns keep it: the same fold as `add` of the `usage` chunk (`chunk`) or the
   * `assistant/message` (naming no model) it came from, without building that event.
   */
  addUsage(chunk: boolean, seq: number, turn: number, step: number, tokens: TokenClasses): void {
    const s = this.byKey.get(`${turn}:${step}`) ?? this.openStep(seq, 0, turn, step, `${turn}:${step}`);
    if (chunk) {
      s.chunks = addTokenClasses(s.chunks, tokens);
      s.attempts++;
    } else s.message = addTokenClasses(s.message ?? ZERO_TOKENS, tokens);
  }

  steps(): StepTokens[] {
    return this.open.map((s) => {
      const from = s.attempts > 0 ? 'chunks' : s.message ? 'message' : 'none';
      const tokens = from === 'chunks' ? s.chunks : s.message ?? ZERO_TOKENS;
      return { seq: s.seq, time: s.time, turn: s.turn, step: s.step, tokens, from, attempts: s.attempts, ...(s.model !== undefined ? { model: s.model } : {}) };
    });
  }

  private start(e: SessionEvent): OpenStep {
    const d = isPlainRecord(e.data) ? e.data : {};
    return this.openStep(e.seq, e.time, num(d.turn), num(d.step), keyOf(e.data));
  }

  private openStep(seq: number, time: number, turn: number, step: number, key: string | undefined): OpenStep {
    const s: OpenStep = { seq, time, turn, step, chunks: ZERO_TOKENS, attempts: 0, model: this.contextModel };
    this.open.push(s);
    if (key !== undefined) this.byKey.set(key, s);
    return s;
  }

  private stepOf(e: SessionEvent): OpenStep {
    const k = keyOf(e.data);
    return (k !== undefined ? this.byKey.get(k) : undefined) ?? this.start(e);
  }
}

/** Tokens of one step's events (its usage chunks, else its assistant message's usage). */
export function deriveStepTokens(events: Iterable<SessionEvent>): TokenClasses {
  const fold = new StepTokenFold();
  for (const e of events) fold.add(e);
  return fold.steps().reduce((a, s) => addTokenClasses(a, s.tokens), ZERO_TOKENS);
}

export interface SessionTokens {
  readonly tokens: TokenClasses;
  readonly steps: readonly StepTokens[];
  /** Tokens by the model of each step (`''` when the log names none). */
  readonly byModel: ReadonlyMap<string, TokenClasses>;
}

/** Sums steps into session tokens and per-model tokens. */
export function sumStepTokens(steps: readonly StepTokens[]): SessionTokens {
  let tokens = ZERO_TOKENS;
  const byModel = new Map<string, TokenClasses>();
  for (const s of steps) {
    tokens = addTokenClasses(tokens, s.tokens);
    const m = s.model ?? '';
    byModel.set(m, addTokenClasses(byModel.get(m) ?? ZERO_TOKENS, s.tokens));
  }
  return { tokens, steps, byModel };
}

/**
 * A session's own tokens. A fork's inherited seed (seq < `seedLength`) belongs to its parent and
 * is skipped; pass the header's `seedLength` (absent or 0: every event is the session's own).
 */
export function deriveSessionTokens(events: Iterable<SessionEvent>, seedLength = 0): SessionTokens {
  const fold = new StepTokenFold();
  for (const e of events) if (!(e.seq < seedLength)) fold.add(e);
  return sumStepTokens(fold.steps());
}

/** Token counts of a step or a run, as the compare view names them (`cached` is `cacheRead`). */
export interface UsageCounts {
  readonly input: number;
  /** Cache-read input tokens. */
  readonly cached: number;
  readonly cacheWrite: number;
  readonly output: number;
  readonly reasoning: number;
}

export interface StepUsage extends UsageCounts {
  /** The turn and step numbers the usage records name (data.turn, data.step). */
  readonly turn: number;
  readonly step: number;
  /** `chunks`: the sum of the step's `usage` chunks; `message`: its assistant/message usage. */
  readonly from: 'chunks' | 'message';
}

export const NO_USAGE: UsageCounts = { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };

const usageCounts = (t: TokenClasses): UsageCounts => ({ input: t.input, cached: t.cacheRead, cacheWrite: t.cacheWrite, output: t.output, reasoning: t.reasoning });

/**
 * Tokens per step from a loaded session's activity columns, by the same fold as the events: the
 * activity index keeps only usage records (no `step/start`), so steps are keyed by the (turn, step)
 * those records name, in order of first record.
 */
export function stepUsage(activity: ActivityIndex): StepUsage[] {
  const fold = new StepTokenFold();
  const n = activity.usageSeq.length;
  for (let i = 0; i < n; i++) {
    // a column holds -1 where the record had no figure: counted as the event's would be
    fold.addUsage(activity.usageFrom.at(i) === USAGE_CHUNK, activity.usageSeq.at(i), activity.usageTurn.at(i), activity.usageStep.at(i), {
      input: count(activity.usageIn.at(i)), output: count(activity.usageOut.at(i)), cacheRead: count(activity.usageCacheRead.at(i)),
      cacheWrite: count(activity.usageCacheWrite.at(i)), reasoning: count(activity.usageReasoning.at(i)),
    });
  }
  return fold.steps().map((s) => ({ turn: s.turn, step: s.step, from: s.from === 'chunks' ? 'chunks' : 'message', ...usageCounts(s.tokens) }));
}

/** The run's tokens: the sum over its steps (stepUsage). */
export function usageTotals(activity: ActivityIndex): UsageCounts {
  return usageCounts(stepUsage(activity).reduce((a, s) => addTokenClasses(a, { input: s.input, output: s.output, cacheRead: s.cached, cacheWrite: s.cacheWrite, reasoning: s.reasoning }), ZERO_TOKENS));
}
