/**
 * Deterministic generator of valid DSH session logs of any size. Every event goes through
 * `Session.append`, so the output is validated exactly as DSH's loader would validate it.
 * The mix follows DSH's large-session profile: about 85% of events are streamed chunk deltas.
 */
import { Session } from '../core/session';
import type { SessionEvent, SessionHeader, SurfaceOp } from '../core/types';
import {
  EFFORTS, MODELS, PROVIDER, deltas, prose, systemPrompt, todoList, toolOutcome, toolSchemas, userPrompt,
  type ToolOutcome,
} from './content';
import { Rng } from './prng';

export interface SynthOptions {
  /** PRNG seed: the same options give the same events, byte for byte. */
  seed: number;
  /** Target number of events (the result lands within a few events of it). */
  events: number;
  /** Stop mid-turn after an assistant message with unanswered tool calls (loading needs crash-repair closers). */
  crash?: boolean;
  /** Session id (default: derived from the seed). */
  id?: string;
  /** Header createdAt, epoch ms (default: derived from the seed, in 2026). */
  createdAt?: number;
  cwd?: string;
  /** Surface size (estimated tokens) at which tool results are pruned and history is compacted. Default 64000. */
  contextTokens?: number;
  /** Chance that a turn boundary is a resume (end-seed marker, then a `resume` request header). Default 0.03. */
  resumeRate?: number;
}

export interface SynthStats {
  events: number;
  turns: number;
  steps: number;
  chunkDeltas: number;
  chunks: number;
  toolCalls: number;
  toolErrors: number;
  prunes: number;
  compactions: number;
  resumes: number;
  headers: number;
  retries: number;
  crashed: boolean;
}

export interface SynthSession {
  header: SessionHeader;
  /** The complete log (frozen events, exactly as appended). */
  events: SessionEvent[];
  stats: SynthStats;
  /** The validating session the events were appended to. */
  session: Session;
}

type Block =
  | { kind: 'reasoning' | 'text'; text: string; parts: string[] }
  | { kind: 'tool-call'; id: string; name: string; args: string; parts: string[]; tool: ToolOutcome };

type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed' };

interface Config { provider: string; model: string; reasoningEffort: string; maxTokens: number }

const DEFAULT_EPOCH = 1767225600000; // 2026-01-01T00:00:00Z
const MIN_TURN = 16;
const CRASH_RESERVE = 90;
const PRUNE_MIN_TOKENS = 400;

const uuid = (rng: Rng) => `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-${'89ab'[rng.int(0, 3)]}${rng.hex(3)}-${rng.hex(12)}`;

const contentTokens = (v: unknown) => Math.ceil(JSON.stringify(v).length / 4);

/**
 * One synthetic session being written. `run()` appends turn after turn through `Session.append`
 * and yields the new events of each turn, so callers can stream them out.
 */
export class Synthesizer {
  readonly session: Session;
  readonly stats: SynthStats = {
    events: 0, turns: 0, steps: 0, chunkDeltas: 0, chunks: 0, toolCalls: 0, toolErrors: 0, prunes: 0,
    compactions: 0, resumes: 0, headers: 0, retries: 0, crashed: false,
  };
  private readonly rng: Rng;
  private readonly target: number;
  private readonly crash: boolean;
  private readonly budget: number;
  private readonly resumeRate: number;
  private readonly cwd: string;
  private t: number;
  private out: SessionEvent[] = [];
  private turn = 0;
  private step = 0;
  private epoch = 0;
  private config: Config;
  private needHeader: 'initial' | 'resume' | 'change' | null = 'initial';
  private todos: Todo[] = [];
  /** Estimated tokens of each live surface node. */
  private readonly nodeTokens = new Map<number, number>();
  private surfaceTokens = 0;
  /** Appended tool results that a prune may rewrite, oldest first. */
  private prunable: { seq: number; tokens: number; name: string }[] = [];
  private prunePos = 0;
  private readonly fresh: boolean;

  constructor(opts: SynthOptions, base?: { header: SessionHeader; seed: readonly SessionEvent[]; now: number }) {
    this.rng = new Rng(opts.seed);
    this.target = Math.max(0, Math.floor(opts.events));
    this.crash = opts.crash === true;
    this.budget = opts.contextTokens ?? 64000;
    this.resumeRate = opts.resumeRate ?? 0.03;
    this.config = { provider: PROVIDER, model: MODELS[1], reasoningEffort: 'high', maxTokens: 32768 };
    if (base) {
      this.fresh = false;
      this.session = Session.create(base.header, base.seed, { now: base.now });
      this.cwd = base.header.cwd ?? '/home/dev/quayside';
      this.t = base.now;
      this.adoptSeed();
      this.out.push(...this.session.events(base.seed.length));
    } else {
      this.fresh = true;
      const createdAt = opts.createdAt ?? DEFAULT_EPOCH + this.rng.int(0, 30 * 86400) * 1000;
      this.cwd = opts.cwd ?? '/home/dev/quayside';
      const header: SessionHeader = { version: 0, id: opts.id ?? `session-${uuid(this.rng)}`, createdAt, cwd: this.cwd, delegationDepth: 0 };
      this.session = Session.create(header);
      this.t = createdAt;
    }
  }

  get header(): SessionHeader {
    return this.session.header;
  }

  /** Rebuilds generator state from a fork seed: turn number, header epoch, surface estimate. */
  private adoptSeed(): void {
    const s = this.session;
    for (const e of s.events()) {
      if (e.type === 'turn/start') this.turn = e.data.turn;
      else if (e.type === 'request/header') { this.config = { ...this.config, ...e.data.header.config }; this.epoch++; }
      else if (e.type === 'todo/write') this.todos = e.data.todos.map((x: object) => ({ ...x }));
    }
    for (const seq of s.surfaceSeqs()) {
      const e = s.log.event(seq);
      const tok = contentTokens(e.type === 'user/message' ? e.data : e.data.message);
      this.nodeTokens.set(seq, tok);
      this.surfaceTokens += tok;
      if (e.type === 'tool/result' && e.surfaceOp === 'append' && tok >= PRUNE_MIN_TOKENS) {
        const call = e.sourceEventSeqs?.length ? s.log.event(e.sourceEventSeqs[0]) : undefined;
        this.prunable.push({ seq, tokens: tok, name: call?.type === 'tool/call' ? String(call.data.name) : 'tool' });
      }
    }
    this.needHeader = 'resume';
    this.stats.turns = 0;
  }

  private remaining(): number {
    return this.target - this.session.length;
  }

  private tick(lo: number, hi: number): void {
    this.t += this.rng.int(lo, hi);
  }

  private add(type: string, data: unknown, op?: SurfaceOp, sources?: number[]): SessionEvent {
    const e = this.session.append(type, data, op === undefined ? undefined : sources ? { surfaceOp: op, sourceEventSeqs: sources } : { surfaceOp: op }, this.t);
    this.out.push(e);
    this.stats.events++;
    if (type === 'assistant/chunk') this.stats.chunks++;
    return e;
  }

  /** A surface event; keeps the token estimate of the surface current. */
  private addSurface(type: string, data: unknown, op: SurfaceOp, sources: number[] | undefined, tokens: number, shadowed: readonly number[] = []): SessionEvent {
    const e = this.add(type, data, op, sources);
    for (const s of shadowed) {
      this.surfaceTokens -= this.nodeTokens.get(s) ?? 0;
      this.nodeTokens.delete(s);
    }
    this.nodeTokens.set(e.seq, tokens);
    this.surfaceTokens += tokens;
    return e;
  }

  private take(): SessionEvent[] {
    const b = this.out;
    this.out = [];
    return b;
  }

  /** Appends the whole session, yielding the new events turn by turn. */
  *run(): Generator<SessionEvent[], SynthStats> {
    if (this.fresh && this.remaining() > MIN_TURN + 3) {
      this.add('sandbox/mode', { mode: 'workspace-write' });
      this.add('approval/policy', { policy: 'ask' });
    }
    if (this.out.length) yield this.take();
    const reserve = this.crash ? CRASH_RESERVE : 0;
    // At least one complete turn, unless the session is only the crashed turn.
    let first = !this.crash;
    while (first || this.remaining() >= reserve + MIN_TURN) {
      first = false;
      if (this.stats.turns > 0) this.betweenTurns();
      this.playTurn(reserve);
      yield this.take();
    }
    if (this.crash) {
      this.crashTurn();
      yield this.take();
    }
    return this.stats;
  }

  private betweenTurns(): void {
    const rem = this.remaining();
    if (rem > 400 && this.rng.chance(this.resumeRate)) {
      this.t += this.rng.int(20 * 60_000, 30 * 3600_000);
      this.add('session/end-seed', {});
      this.needHeader = 'resume';
      this.stats.resumes++;
    } else {
      this.t += this.rng.skew(2_000, 600_000); // the user reads and types
    }
    if (rem > 400 && this.surfaceTokens > this.budget * 0.3 && this.rng.chance(0.04)) {
      const commandId = uuid(this.rng);
      this.add('command/run', { commandId, name: 'compact', source: { kind: 'user' } });
      this.tick(5, 40);
      const n = this.compact(null, commandId);
      this.tick(5, 40);
      this.add('command/done', n > 0 ? { commandId, kind: 'success', text: `Compacted ${n} messages into a checkpoint.` } : { commandId, kind: 'error', text: 'Nothing to compact yet.' });
    }
    if (rem > 400 && this.rng.chance(0.01)) this.add('plan/mode', { active: this.rng.chance(0.5) });
  }

  private playTurn(reserve: number): void {
    this.turn++;
    this.stats.turns++;
    this.step = 0;
    this.add('turn/start', { turn: this.turn });
    const maxSteps = this.rng.skew(1, 30);
    for (;;) {
      this.step++;
      this.stats.steps++;
      this.tick(1, 15);
      this.add('step/start', { turn: this.turn, step: this.step });
      if (this.step === 1) this.userTurnStart();
      this.housekeeping();
      this.requestPreamble();
      // Budget left for this step: keep room to close the turn.
      const avail = this.remaining() - reserve - 2;
      const last = avail < 60; // the budget is nearly used up: this step fills it exactly
      const tools = this.modelStep(last || this.step >= maxSteps, Math.max(6, avail), last);
      this.tick(1, 10);
      this.add('step/end', { turn: this.turn, step: this.step });
      if (tools === 0) break;
    }
    this.tick(1, 10);
    this.add('turn/end', { turn: this.turn, reason: { kind: 'completed' } });
  }

  private userTurnStart(): void {
    const text = userPrompt(this.rng);
    const msg = { id: uuid(this.rng), role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } };
    const e = this.addSurface('user/message', msg, 'append', undefined, contentTokens(msg));
    if (this.turn === 1 && this.fresh) {
      this.tick(200, 1500);
      this.add('session/title', { title: text.split(/\s+/).slice(0, 6).join(' '), messageSeqs: [e.seq], source: { kind: 'provider', provider: this.config.provider, model: { provider: this.config.provider, model: MODELS[0] } } });
    }
  }

  /** Pruning and auto-compaction at the start of a step, when the surface has grown too large. */
  private housekeeping(): void {
    if (this.remaining() < 300) return;
    if (this.surfaceTokens > this.budget * 0.8) this.compact(this.turn, undefined);
    for (let k = 0; k < 2 && this.surfaceTokens > this.budget * 0.6; k++) {
      if (!this.prune()) break;
    }
  }

  private nextPrunable(): { seq: number; tokens: number; name: string } | undefined {
    while (this.prunePos < this.prunable.length) {
      const p = this.prunable[this.prunePos++];
      if (this.nodeTokens.has(p.seq)) return p; // still on the surface
    }
    return undefined;
  }

  /** compaction/prune, then a content-only rewrite of one current tool/result. */
  private prune(): boolean {
    const p = this.nextPrunable();
    if (!p) return false;
    const orig = this.session.log.event(p.seq);
    this.tick(1, 5);
    const pr = this.add('compaction/prune', { shadowedRange: { start: p.seq, end: p.seq }, shadowedSeqs: [p.seq], shadowedTokenCount: p.tokens });
    const m = orig.data.message;
    const block = m.content[0];
    const text = `[Pruned to save context: about ${p.tokens} tokens of ${p.name} output were removed here. Run the tool again if you need it.]`;
    const data = { ...orig.data, message: { ...m, content: [{ ...block, content: [{ type: 'text', text }] }] } };
    this.tick(0, 2);
    this.addSurface('tool/result', data, { op: 'replace', start: p.seq, end: p.seq }, [pr.seq, p.seq], contentTokens(data.message), [p.seq]);
    this.stats.prunes++;
    return true;
  }

  /**
   * A summary compaction: compaction/start, compaction/summary, a checkpoint user/message that
   * replaces the older part of the surface, compaction/end. Returns how many nodes it shadowed.
   */
  private compact(turn: number | null, sourceCommandId: string | undefined): number {
    const nodes = this.session.fold.nodes;
    const keep = this.rng.int(2, 6);
    const ei = nodes.length - 1 - keep;
    if (ei < 1) return 0;
    const shadowed = nodes.slice(0, ei + 1);
    let shadowedTokenCount = 0;
    for (const s of shadowed) shadowedTokenCount += this.nodeTokens.get(s) ?? 0;
    const compactionId = uuid(this.rng);
    const cmd = sourceCommandId ? { sourceCommandId } : {};
    const start = this.add('compaction/start', { compactionId, ...cmd, turn });
    this.tick(3_000, 25_000);
    const summaryText = prose(this.rng, this.rng.int(150, 700));
    const summary = [{ type: 'text', text: summaryText }];
    const range = { start: shadowed[0], end: shadowed[shadowed.length - 1] };
    const sum = this.add('compaction/summary', {
      compactionId, ...cmd, summary, shadowedRange: range, shadowedSeqs: shadowed, shadowedTokenCount,
      provider: this.config.provider, model: this.config.model, maxTokens: 4096,
      usage: { inputTokens: shadowedTokenCount, outputTokens: Math.ceil(summaryText.length / 4) },
    });
    this.tick(0, 3);
    const msg = {
      id: uuid(this.rng),
      role: 'user',
      content: [
        { type: 'text', text: 'Context checkpoint: the earlier part of this conversation was condensed into the summary below. Treat it as settled background and carry on from the messages that follow it; do not mention the checkpoint.\n\n<summary>' },
        { type: 'text', text: summaryText },
        { type: 'text', text: '</summary>' },
      ],
      source: { kind: 'plugin', plugin: 'compact', compactionId, ...cmd },
    };
    this.addSurface('user/message', msg, { op: 'replace', start: range.start, end: range.end }, [start.seq, sum.seq, ...shadowed], contentTokens(msg), shadowed);
    this.tick(0, 3);
    this.add('compaction/end', { compactionId, ...cmd, turn });
    this.stats.compactions++;
    return shadowed.length;
  }

  /** request/header (when due) and request/context before the model call. */
  private requestPreamble(): void {
    if (this.needHeader === null && this.step === 1 && this.remaining() > 400 && this.rng.chance(0.03)) {
      this.needHeader = 'change';
      this.config = this.rng.chance(0.5)
        ? { ...this.config, model: this.config.model === MODELS[0] ? MODELS[1] : MODELS[0] }
        : { ...this.config, reasoningEffort: this.rng.pick(EFFORTS.filter((x) => x !== this.config.reasoningEffort)) };
    }
    if (this.needHeader !== null) {
      this.epoch++;
      this.tick(1, 5);
      this.add('request/header', {
        header: {
          config: { ...this.config },
          adapterDefaults: { maxTokens: true },
          system: systemPrompt(this.cwd, this.config.model, this.epoch),
          tools: toolSchemas(),
        },
        reason: this.needHeader,
      });
      this.stats.headers++;
      this.needHeader = null;
      this.tick(0, 2);
      this.add('request/context', { provider: this.config.provider, model: this.config.model, contextWindow: 128000 });
    } else if (this.step === 1) {
      this.tick(0, 2);
      this.add('request/context', { provider: this.config.provider, model: this.config.model, contextWindow: 128000 });
    }
  }

  /** The todo list after one more todo_write: a new list, or the next item started or finished. */
  private advanceTodos(): Todo[] {
    const cur = this.todos.map((x) => ({ ...x }));
    const active = cur.find((x) => x.status === 'in_progress');
    const next = cur.find((x) => x.status === 'pending');
    if (active) active.status = 'completed';
    else if (next) next.status = 'in_progress';
    this.todos = active || next ? cur : todoList(this.rng).map((x, i) => ({ ...x, status: i === 0 ? 'in_progress' : 'pending' }));
    return this.todos;
  }

  private callId(i: number): string {
    return `call_${String(i).padStart(2, '0')}_${this.rng.alnum(24)}`;
  }

  /** Plans the assistant's blocks for one step within `avail` events. */
  private planBlocks(final: boolean, avail: number, forceTools = 0, fill = false): Block[] {
    const rng = this.rng;
    const blocks: Block[] = [];
    const reasoning = this.config.model === MODELS[1] || rng.chance(0.3);
    let cost = 3; // usage, finish, assistant/message
    if (reasoning) {
      const text = prose(rng, rng.skew(10, 160));
      blocks.push({ kind: 'reasoning', text, parts: deltas(rng, text) });
    }
    let tools = forceTools || (final ? 0 : rng.chance(0.2) ? rng.int(2, 3) : 1);
    const wantText = final || rng.chance(0.35);
    if (wantText) {
      const text = prose(rng, final ? rng.skew(15, 180) : rng.skew(5, 50));
      blocks.push({ kind: 'text', text, parts: deltas(rng, text) });
    }
    for (let i = 0; i < tools; i++) {
      const tool = toolOutcome(rng);
      if (tool.name === 'todo_write') tool.args = { todos: this.advanceTodos() };
      const args = JSON.stringify(tool.args);
      const parts = deltas(rng, args);
      if (rng.chance(0.5)) parts.unshift('');
      blocks.push({ kind: 'tool-call', id: this.callId(i), name: tool.name, args, parts, tool });
    }
    for (const b of blocks) cost += b.parts.length + 2 + (b.kind === 'tool-call' ? 3 : 0);
    // Too big for what is left: drop tool calls (unless forced), then shorten prose.
    if (cost > avail && !forceTools) {
      const kept = blocks.filter((b) => b.kind !== 'tool-call');
      if (!kept.some((b) => b.kind === 'text')) {
        const text = prose(rng, 20);
        kept.push({ kind: 'text', text, parts: deltas(rng, text) });
      }
      blocks.length = 0;
      blocks.push(...kept);
      tools = 0;
    }
    let over = 3 - avail;
    for (const b of blocks) over += b.parts.length + 2 + (b.kind === 'tool-call' ? 3 : 0);
    for (let i = blocks.length - 1; i >= 0 && over > 0; i--) {
      const b = blocks[i];
      if (b.kind === 'tool-call') {
        // Forced calls (the crash turn) shrink to a short read instead.
        if (b.parts.length <= 12) continue;
        const tool = toolOutcome(rng, 'read');
        const args = JSON.stringify(tool.args);
        const parts = deltas(rng, args);
        over -= b.parts.length - parts.length;
        blocks[i] = { ...b, name: tool.name, args, parts, tool };
        continue;
      }
      const cut = Math.min(over, b.parts.length - 1);
      b.parts = b.parts.slice(0, b.parts.length - cut);
      b.text = b.parts.join('');
      over -= cut;
    }
    if (fill && over < 0) {
      // Pad the prose so the step uses exactly what is left.
      let b = blocks.find((x) => x.kind !== 'tool-call');
      if (!b) { b = { kind: 'text', text: '', parts: [] }; blocks.unshift(b); over += 2; }
      while (over < 0) {
        const more = deltas(rng, ' ' + prose(rng, -over)).slice(0, -over);
        b.parts.push(...more);
        over += more.length;
      }
      b.text = b.parts.join('');
    }
    return blocks;
  }

  /** Streams the blocks as chunks; returns the chunk seqs and the finished content blocks. */
  private streamBlocks(blocks: Block[], tools: boolean): { seqs: number[]; content: object[]; outputTokens: number } {
    const rng = this.rng;
    const { turn, step } = this;
    const seqs: number[] = [];
    const content: object[] = [];
    let outputTokens = 0;
    const chunk = (c: object) => {
      seqs.push(this.add('assistant/chunk', { turn, step, chunk: c }).seq);
    };
    const gap = () => { this.t += rng.chance(0.55) ? rng.int(0, 1) : rng.int(18, 60); };
    this.tick(300, 2500); // time to first token
    blocks.forEach((b, index) => {
      chunk({ type: 'block-start', index, blockType: b.kind });
      for (const p of b.parts) {
        gap();
        if (b.kind === 'tool-call') chunk({ type: 'tool-call-delta', index, id: b.id, name: b.name, argumentsDelta: p });
        else chunk({ type: b.kind === 'text' ? 'text-delta' : 'reasoning-delta', index, text: p });
        this.stats.chunkDeltas++;
      }
      outputTokens += b.parts.length;
      gap();
      const block = b.kind === 'tool-call' ? { type: 'tool-call', id: b.id, name: b.name, arguments: b.args } : { type: b.kind, text: b.text };
      chunk({ type: 'block-end', index, block });
      content.push(block);
    });
    this.tick(0, 40);
    const reasoningTokens = blocks.filter((b) => b.kind === 'reasoning').reduce((n, b) => n + b.parts.length, 0);
    const cached = Math.floor(this.surfaceTokens * 0.9);
    const usage: Record<string, number> = { inputTokens: this.surfaceTokens - cached + 50, outputTokens, cacheReadTokens: cached };
    if (reasoningTokens) usage.reasoningTokens = reasoningTokens;
    chunk({ type: 'usage', usage });
    this.tick(0, 5);
    chunk({ type: 'finish', reason: { kind: tools ? 'tool-calls' : 'stop' } });
    return { seqs, content, outputTokens };
  }

  /** An occasional failed attempt before the real stream: a partial stream, llm/retry, llm/retry-started. */
  private maybeRetry(avail: number): void {
    if (avail < 200 || !this.rng.chance(0.015)) return;
    const rng = this.rng;
    if (rng.chance(0.5)) {
      this.tick(300, 2000);
      this.add('assistant/chunk', { turn: this.turn, step: this.step, chunk: { type: 'block-start', index: 0, blockType: 'reasoning' } });
      const text = prose(rng, rng.int(5, 30));
      for (const p of deltas(rng, text)) {
        this.tick(0, 40);
        this.add('assistant/chunk', { turn: this.turn, step: this.step, chunk: { type: 'reasoning-delta', index: 0, text: p } });
        this.stats.chunkDeltas++;
      }
    } else this.tick(1000, 30000);
    const retryId = uuid(rng);
    const delayMs = rng.pick([1000, 2000, 4000, 8000]);
    const status = rng.pick([429, 500, 503]);
    this.add('llm/retry', {
      retryId, turn: this.turn, step: this.step, provider: this.config.provider, mode: 'normal', policyKey: status === 429 ? 'rate-limit' : 'server-error',
      retry: 1, maxRetries: 4, delayMs,
      failure: { message: status === 429 ? 'Rate limit reached; slow down.' : 'The upstream service is temporarily unavailable.', code: status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR', status },
    });
    this.t += delayMs;
    this.add('llm/retry-started', { retryId, turn: this.turn, step: this.step, retry: 1 });
    this.stats.retries++;
  }

  /** One model call and the tools it asks for. Returns the number of tool calls. */
  private modelStep(final: boolean, avail: number, fill: boolean): number {
    this.maybeRetry(avail);
    const blocks = this.planBlocks(final, avail, 0, fill);
    const calls = blocks.filter((b): b is Extract<Block, { kind: 'tool-call' }> => b.kind === 'tool-call');
    const { seqs, content, outputTokens } = this.streamBlocks(blocks, calls.length > 0);
    this.tick(1, 20);
    const usage = { inputTokens: this.surfaceTokens + 50, outputTokens };
    const message = { id: uuid(this.rng), role: 'assistant', content, source: { kind: 'model', provider: this.config.provider, model: this.config.model } };
    this.addSurface('assistant/message', { turn: this.turn, step: this.step, message, usage }, 'append', seqs, contentTokens(content));
    for (const c of calls) this.runTool(c);
    return calls.length;
  }

  private runTool(c: Extract<Block, { kind: 'tool-call' }>, withResult = true): void {
    const rng = this.rng;
    const tool = c.tool;
    const hook = tool.name === 'bash' && rng.chance(0.25);
    const handlerId = 'guard-shell';
    if (hook) {
      this.tick(1, 5);
      this.add('hook/invoked', { turn: this.turn, point: 'PreToolUse', dialect: 'claude-code', matcher: 'bash', handlerId });
      const durationMs = rng.int(5, 300);
      this.t += durationMs;
      this.add('hook/result', { turn: this.turn, point: 'PreToolUse', handlerId, decision: 'allow', exitCode: 0, durationMs });
    }
    this.tick(1, 8);
    const call = this.add('tool/call', { turn: this.turn, step: this.step, callId: c.id, name: c.name, arguments: c.args });
    this.stats.toolCalls++;
    if (!withResult) return;
    if (tool.name === 'todo_write') {
      this.tick(0, 3);
      this.add('todo/write', tool.args);
    }
    const durationMs = tool.name === 'bash' ? rng.skew(40, 60_000) : rng.int(2, 120);
    this.t += durationMs;
    const block: Record<string, unknown> = { type: 'tool-result', toolCallId: c.id, content: [{ type: 'text', text: tool.output }] };
    if (tool.isError) block.isError = true;
    const message = { id: uuid(rng), role: 'user', content: [block], source: { kind: 'tool', callId: c.id } };
    const data: Record<string, unknown> = { turn: this.turn, step: this.step, message };
    if (tool.error) data.error = tool.error;
    if (tool.name === 'bash') data.meta = { exitCode: tool.isError ? 1 : 0, durationMs };
    if (tool.isError) this.stats.toolErrors++;
    const tokens = contentTokens(message);
    const e = this.addSurface('tool/result', data, 'append', [call.seq], tokens);
    if (tokens >= PRUNE_MIN_TOKENS) this.prunable.push({ seq: e.seq, tokens, name: tool.name });
  }

  /**
   * The last, interrupted turn: an assistant message with several tool calls, the first answered,
   * the second started without a result (or none started), then nothing.
   */
  private crashTurn(): void {
    this.turn++;
    this.stats.turns++;
    this.step = 1;
    this.t += this.rng.skew(2_000, 120_000);
    this.add('turn/start', { turn: this.turn });
    this.add('step/start', { turn: this.turn, step: 1 });
    this.userTurnStart();
    this.requestPreamble();
    const tools = this.rng.int(2, 3);
    // Planning counts three events per call (call, result, hooks); here only about three in all follow.
    const avail = Math.max(10, this.remaining() + 3 * tools - 3);
    const blocks = this.planBlocks(false, avail, tools, true);
    const calls = blocks.filter((b): b is Extract<Block, { kind: 'tool-call' }> => b.kind === 'tool-call');
    const { seqs, content, outputTokens } = this.streamBlocks(blocks, true);
    this.tick(1, 20);
    const message = { id: uuid(this.rng), role: 'assistant', content, source: { kind: 'model', provider: this.config.provider, model: this.config.model } };
    this.addSurface('assistant/message', { turn: this.turn, step: 1, message, usage: { inputTokens: this.surfaceTokens + 50, outputTokens } }, 'append', seqs, contentTokens(content));
    if (this.rng.chance(0.75)) {
      this.runTool(calls[0]);
      this.runTool(calls[1], false);
    }
    this.stats.crashed = true;
  }
}

/** Generates a whole session in memory. */
export function synthesize(opts: SynthOptions): SynthSession {
  const s = new Synthesizer(opts);
  const events: SessionEvent[] = [];
  for (const batch of s.run()) for (const e of batch) events.push(e);
  return { header: s.header, events, stats: s.stats, session: s.session };
}

export interface ForkOptions extends SynthOptions {
  /** Events the child adds after its inherited seed and end-seed marker (default: events / 2). */
  childEvents?: number;
  /** Fork after this turn's turn/end (default: the middle turn). */
  boundaryTurn?: number;
  childId?: string;
}

export interface SynthFork {
  parent: SynthSession;
  child: SynthSession;
  /** Seq of the parent's turn/end the child was forked at; the child inherits [0..boundary]. */
  boundary: number;
}

/** The seq of the turn/end that closes `turn`, or -1. */
function turnEndSeq(events: readonly SessionEvent[], turn: number): number {
  for (const e of events) if (e.type === 'turn/end' && e.data.turn === turn) return e.seq;
  return -1;
}

/**
 * A parent session and a fork of it: the child's header names the parent and `seedLength`, its log
 * starts with the parent's events up to a turn boundary, then the end-seed marker, then new turns.
 */
export function synthesizeFork(opts: ForkOptions): SynthFork {
  const parent = synthesize(opts);
  const turns = parent.events.filter((e) => e.type === 'turn/end').length;
  if (turns === 0) throw new RangeError('the parent session has no completed turn to fork at');
  const k = Math.min(Math.max(1, opts.boundaryTurn ?? Math.ceil(turns / 2)), turns);
  const boundary = turnEndSeq(parent.events, k);
  const seed = parent.events.slice(0, boundary + 1);
  const rng = new Rng(opts.seed ^ 0x5eed);
  const createdAt = seed[seed.length - 1].time + rng.int(60_000, 3 * 86400_000);
  const header: SessionHeader = {
    version: 0,
    id: opts.childId ?? `session-${uuid(rng)}`,
    createdAt,
    ...(parent.header.cwd !== undefined ? { cwd: parent.header.cwd } : {}),
    parentSession: parent.header.id,
    seedLength: seed.length,
    delegationDepth: 0,
  };
  const childEvents = opts.childEvents ?? Math.floor(opts.events / 2);
  const s = new Synthesizer({ ...opts, seed: opts.seed ^ 0x5eed, events: seed.length + 1 + childEvents, crash: false }, { header, seed, now: createdAt });
  const events: SessionEvent[] = [...seed];
  for (const batch of s.run()) for (const e of batch) events.push(e);
  return { parent, child: { header: s.header, events, stats: s.stats, session: s.session }, boundary };
}
