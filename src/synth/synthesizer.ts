/**
 * The turn/step driver. `Synthesizer.run()` appends the session turn by turn: between turns a
 * possible resume, `/compact` or plan-mode toggle; in a turn, steps of (user prompt on step 1,)
 * housekeeping, request preamble, one model response and the tools it calls, until a response
 * calls no tools. An optional final crashed turn stops mid-way.
 *
 * Length contract: the session lands within a few events of `SynthOptions.events`. Each step is
 * planned against what is left (minus room to close the turn, and the crash turn's reserve), and
 * once fewer than ~60 events are left the last step is padded to use them exactly.
 */
import { Session } from '../core/session';
import { LineLog } from './line-log';
import type { SessionEvent, SessionHeader } from '../core/types';
import { EFFORTS, MODELS, systemPrompt, toolSchemas, userPrompt, uuid } from './content';
import { compact, housekeeping } from './context';
import { emitAssistant, maybeRetry, planBlocks } from './assistant';
import { Rng } from './prng';
import { SynthState } from './state';
import { contentTokens } from './surface';
import { runTool } from './tools';
import type { SynthOptions, SynthSession, SynthStats } from './types';

const DEFAULT_EPOCH = 1767225600000; // 2026-01-01T00:00:00Z
const DEFAULT_CWD = '/home/dev/quayside';
/** Events a complete turn needs at the least; no new turn starts with fewer left. */
const MIN_TURN = 16;
/** Events kept back for the crash turn when `crash` is set. */
const CRASH_RESERVE = 90;

/**
 * One synthetic session being written. `run()` appends turn after turn through `Session.append`
 * and yields the new events of each turn, so callers can stream them out. With `base`, the
 * session continues a fork seed (see synthesizeFork) instead of starting fresh.
 */
export class Synthesizer {
  readonly session: Session;
  readonly stats: SynthStats;
  private readonly st: SynthState;
  private readonly crash: boolean;
  private readonly resumeRate: number;

  constructor(opts: SynthOptions, base?: { header: SessionHeader; seed: readonly SessionEvent[]; now: number }) {
    const rng = Rng.fromSeed(opts.seed);
    const target = Math.max(0, Math.floor(opts.events));
    const budget = opts.contextTokens ?? 64000;
    this.crash = opts.crash === true;
    this.resumeRate = opts.resumeRate ?? 0.03;
    if (base) {
      const session = Session.create(base.header, base.seed, { now: base.now, log: new LineLog(opts.lean) });
      this.st = new SynthState(rng, session, { now: base.now, cwd: base.header.cwd ?? DEFAULT_CWD, fresh: false, target, budget });
      this.st.adoptSeed();
      this.st.carry(session.events(base.seed.length)); // the end-seed marker Session.create added
    } else {
      // Draw order matters: createdAt, then the id.
      const createdAt = opts.createdAt ?? DEFAULT_EPOCH + rng.range(0, 30 * 86400) * 1000;
      const cwd = opts.cwd ?? DEFAULT_CWD;
      const header: SessionHeader = { version: 0, id: opts.id ?? `session-${uuid(rng)}`, createdAt, cwd, delegationDepth: 0 };
      this.st = new SynthState(rng, Session.create(header, undefined, { log: new LineLog(opts.lean) }), { now: createdAt, cwd, fresh: true, target, budget });
    }
    this.session = this.st.session;
    this.stats = this.st.stats;
  }

  get header(): SessionHeader {
    return this.session.header;
  }

  /** Appends the whole session, yielding the new events turn by turn. */
  *run(): Generator<SessionEvent[], SynthStats> {
    const st = this.st;
    if (st.fresh && st.remaining() > MIN_TURN + 3) {
      st.add('sandbox/mode', { mode: 'workspace-write' });
      st.add('approval/policy', { policy: 'ask' });
    }
    const pending = st.take();
    if (pending.length) yield pending;
    const reserve = this.crash ? CRASH_RESERVE : 0;
    // At least one complete turn, unless the session is only the crashed turn.
    let first = !this.crash;
    while (first || st.remaining() >= reserve + MIN_TURN) {
      first = false;
      if (st.stats.turns > 0) this.betweenTurns();
      this.playTurn(reserve);
      yield st.take();
    }
    if (this.crash) {
      this.crashTurn();
      yield st.take();
    }
    return st.stats;
  }

  /** Idle time or a resume (end-seed marker; the next request re-sends its header), maybe a user /compact or plan-mode toggle. */
  private betweenTurns(): void {
    const st = this.st;
    const rem = st.remaining();
    if (rem > 400 && st.rng.chance(this.resumeRate)) {
      st.t += st.rng.range(20 * 60_000, 30 * 3600_000);
      st.add('session/end-seed', {});
      st.needHeader = 'resume';
      st.stats.resumes++;
    } else {
      st.t += st.rng.skew(2_000, 600_000); // the user reads and types
    }
    if (rem > 400 && st.surface.tokens > st.budget * 0.3 && st.rng.chance(0.04)) {
      const commandId = uuid(st.rng);
      st.add('command/run', { commandId, name: 'compact', source: { kind: 'user' } });
      st.tick(5, 40);
      const n = compact(st, null, commandId);
      st.tick(5, 40);
      st.add('command/done', n > 0 ? { commandId, kind: 'success', text: `Compacted ${n} messages into a checkpoint.` } : { commandId, kind: 'error', text: 'Nothing to compact yet.' });
    }
    if (rem > 400 && st.rng.chance(0.01)) st.add('plan/mode', { active: st.rng.chance(0.5) });
  }

  /** One complete turn, keeping `reserve` events free after it. */
  private playTurn(reserve: number): void {
    const st = this.st;
    st.turn++;
    st.stats.turns++;
    st.step = 0;
    st.add('turn/start', { turn: st.turn });
    const maxSteps = st.rng.skew(1, 30);
    for (;;) {
      st.step++;
      st.stats.steps++;
      st.tick(1, 15);
      st.add('step/start', { turn: st.turn, step: st.step });
      if (st.step === 1) this.userTurnStart();
      housekeeping(st);
      this.requestPreamble();
      // Budget left for this step: keep room to close the turn.
      const avail = st.remaining() - reserve - 2;
      const last = avail < 60; // the budget is nearly used up: this step fills it exactly
      const tools = this.modelStep(last || st.step >= maxSteps, Math.max(6, avail), last);
      st.tick(1, 10);
      st.add('step/end', { turn: st.turn, step: st.step });
      if (tools === 0) break;
    }
    st.tick(1, 10);
    st.add('turn/end', { turn: st.turn, reason: { kind: 'completed' } });
  }

  /** The user's prompt; on a fresh session's first turn also the session title. */
  private userTurnStart(): void {
    const st = this.st;
    const text = userPrompt(st.rng);
    const msg = { id: uuid(st.rng), role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } };
    const e = st.addSurface('user/message', msg, 'append', undefined, contentTokens(msg));
    if (st.turn === 1 && st.fresh) {
      st.tick(200, 1500);
      st.add('session/title', { title: text.split(/\s+/).slice(0, 6).join(' '), messageSeqs: [e.seq], source: { kind: 'provider', provider: st.config.provider, model: { provider: st.config.provider, model: MODELS[0] } } });
    }
  }

  /**
   * request/header when one is due (first request, after a resume, or an occasional model/effort
   * change at a turn's first step) and request/context on a turn's first step or after a header.
   */
  private requestPreamble(): void {
    const st = this.st;
    if (st.needHeader === null && st.step === 1 && st.remaining() > 400 && st.rng.chance(0.03)) {
      st.needHeader = 'change';
      st.config = st.rng.chance(0.5)
        ? { ...st.config, model: st.config.model === MODELS[0] ? MODELS[1] : MODELS[0] }
        : { ...st.config, reasoningEffort: st.rng.pick(EFFORTS.filter((x) => x !== st.config.reasoningEffort)) };
    }
    if (st.needHeader !== null) {
      st.epoch++;
      st.tick(1, 5);
      st.add('request/header', {
        header: {
          config: { ...st.config },
          adapterDefaults: { maxTokens: true },
          system: systemPrompt(st.cwd, st.config.model, st.epoch),
          tools: toolSchemas(),
        },
        reason: st.needHeader,
      });
      st.stats.headers++;
      st.needHeader = null;
      st.tick(0, 2);
      st.add('request/context', { provider: st.config.provider, model: st.config.model, contextWindow: 128000 });
    } else if (st.step === 1) {
      st.tick(0, 2);
      st.add('request/context', { provider: st.config.provider, model: st.config.model, contextWindow: 128000 });
    }
  }

  /** One model call and the tools it asks for. Returns the number of tool calls. */
  private modelStep(final: boolean, avail: number, fill: boolean): number {
    maybeRetry(this.st, avail);
    const calls = emitAssistant(this.st, planBlocks(this.st, final, avail, 0, fill));
    for (const c of calls) runTool(this.st, c);
    return calls.length;
  }

  /**
   * The last, interrupted turn: an assistant message with several tool calls, the first answered,
   * the second started without a result (or none started), then nothing.
   */
  private crashTurn(): void {
    const st = this.st;
    st.turn++;
    st.stats.turns++;
    st.step = 1;
    st.t += st.rng.skew(2_000, 120_000);
    st.add('turn/start', { turn: st.turn });
    st.add('step/start', { turn: st.turn, step: 1 });
    this.userTurnStart();
    this.requestPreamble();
    const tools = st.rng.range(2, 3);
    // Planning counts three events per call (call, result, hooks); here only about three in all follow.
    const avail = Math.max(10, st.remaining() + 3 * tools - 3);
    // Forced calls are never dropped, so the stream finishes with reason tool-calls.
    const calls = emitAssistant(st, planBlocks(st, false, avail, tools, true));
    if (st.rng.chance(0.75)) {
      runTool(st, calls[0]);
      runTool(st, calls[1], false);
    }
    st.stats.crashed = true;
  }
}

/** Generates a whole session in memory. */
export function synthesize(opts: SynthOptions): SynthSession {
  const s = new Synthesizer(opts);
  const events: SessionEvent[] = [];
  for (const batch of s.run()) for (const e of batch) events.push(e);
  return { header: s.header, events, stats: s.stats, session: s.session };
}
