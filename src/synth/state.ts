/**
 * The state every generator step shares: the session being written, the PRNG, the clock, the
 * turn/step counters, the current request config, the todo list, the surface estimate and the
 * stats, plus the append primitives.
 *
 * Contracts:
 * - Every event goes through `Session.append`, so the output is validated exactly as DSH's loader
 *   would validate it.
 * - All randomness comes from `rng`, drawn in program order. Moving or adding a draw anywhere
 *   changes every later event, so a refactor must keep the order of draws to keep output
 *   byte-identical for a seed.
 * - Appended events collect in an outbox that `take()` drains; the driver yields one drain per turn.
 */
import type { Session } from '../core/session';
import type { SessionEvent, SurfaceOp } from '../core/types';
import { MODELS, PROVIDER } from './content';
import type { Rng } from './prng';
import { SurfaceEstimate } from './surface';
import type { SynthStats } from './types';

export interface Config { provider: string; model: string; reasoningEffort: string; maxTokens: number }

export type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed' };

/** Why the next model call must send a request/header first; null when the last one still holds. */
export type HeaderReason = 'initial' | 'resume' | 'change' | null;

export class SynthState {
  readonly stats: SynthStats = {
    events: 0, turns: 0, steps: 0, chunkDeltas: 0, chunks: 0, toolCalls: 0, toolErrors: 0, prunes: 0,
    compactions: 0, resumes: 0, headers: 0, retries: 0, crashed: false,
  };
  readonly surface = new SurfaceEstimate();
  /** Working directory named in the header and the system prompt. */
  readonly cwd: string;
  /** False for a fork child, which starts from an inherited seed (no sandbox preamble, no title). */
  readonly fresh: boolean;
  /** Target session length in events. */
  readonly target: number;
  /** Context budget (estimated tokens) that pruning and compaction thresholds are fractions of. */
  readonly budget: number;
  /** Event timestamp clock, epoch ms; only moves forward. */
  t: number;
  turn = 0;
  step = 0;
  /** Request headers sent so far (varies the system prompt). */
  epoch = 0;
  config: Config = { provider: PROVIDER, model: MODELS[1], reasoningEffort: 'high', maxTokens: 32768 };
  needHeader: HeaderReason = 'initial';
  todos: Todo[] = [];
  private out: SessionEvent[] = [];

  constructor(
    readonly rng: Rng,
    readonly session: Session,
    init: { now: number; cwd: string; fresh: boolean; target: number; budget: number },
  ) {
    this.t = init.now;
    this.cwd = init.cwd;
    this.fresh = init.fresh;
    this.target = init.target;
    this.budget = init.budget;
  }

  /** Events still to write to reach the target (negative once past it). */
  remaining(): number {
    return this.target - this.session.length;
  }

  /** Advances the clock by a uniform [lo, hi] ms. */
  tick(lo: number, hi: number): void {
    this.t += this.rng.range(lo, hi);
  }

  /** Appends one event at the current clock and queues it for the next batch. */
  add(type: string, data: unknown, op?: SurfaceOp, sources?: number[]): SessionEvent {
    const e = this.session.append(type, data, op === undefined ? undefined : sources ? { surfaceOp: op, sourceEventSeqs: sources } : { surfaceOp: op }, this.t);
    this.out.push(e);
    this.stats.events++;
    if (type === 'assistant/chunk') this.stats.chunks++;
    return e;
  }

  /** A surface event; keeps the surface estimate current (`shadowed` nodes leave it). */
  addSurface(type: string, data: unknown, op: SurfaceOp, sources: number[] | undefined, tokens: number, shadowed: readonly number[] = []): SessionEvent {
    const e = this.add(type, data, op, sources);
    this.surface.put(e.seq, tokens, shadowed);
    return e;
  }

  /** Queues events the session appended by itself (a fork's end-seed marker); not counted in stats. */
  carry(events: readonly SessionEvent[]): void {
    this.out.push(...events);
  }

  /** Drains the queued events. */
  take(): SessionEvent[] {
    const b = this.out;
    this.out = [];
    return b;
  }

  /** Rebuilds generator state from a fork seed: turn number, header epoch, config, todos, surface estimate. */
  adoptSeed(): void {
    const s = this.session;
    for (const e of s.events()) {
      if (e.type === 'turn/start') this.turn = e.data.turn;
      else if (e.type === 'request/header') { this.config = { ...this.config, ...e.data.header.config }; this.epoch++; }
      else if (e.type === 'todo/write') this.todos = e.data.todos.map((x: object) => ({ ...x }));
    }
    this.surface.adopt(s);
    this.needHeader = 'resume';
    this.stats.turns = 0;
  }
}
