/**
 * Hand-built sessions for the trace exporters' tests: a root session that starts a sub-agent
 * (which starts one of its own), retries a model request, prunes a tool result and compacts;
 * and a fork of the root after its first turn. Every log loads in DSH (verdict ok). Times are
 * explicit so that spans can be checked against them.
 */
import { headerRecord, jsonl, utf8 } from './builders';

type Rec = Record<string, unknown>;

export interface Usage { inputTokens: number; outputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number; reasoningTokens?: number }

/** Writes one session's events with contiguous seqs; `at(t)` sets the time of what follows. */
export class LogWriter {
  readonly events: Rec[] = [];
  private t: number;
  private turn = 0;
  private step = 0;
  constructor(start: number) { this.t = start; }
  get seq(): number { return this.events.length; }
  at(t: number): this { this.t = t; return this; }
  /** Continues after `events` copied in (a fork's seed): seqs and turn numbers go on from them. */
  seed(events: readonly Rec[], turns: number): this { this.events.push(...events); this.turn = turns; return this; }
  push(type: string, data: unknown, extra: Rec = {}): number {
    const seq = this.events.length;
    this.events.push({ type, seq, time: this.t, data, ...extra });
    return seq;
  }
  turnStart(): number { this.turn++; this.step = 0; return this.push('turn/start', { turn: this.turn }); }
  turnEnd(reason: unknown = { kind: 'completed' }): number { return this.push('turn/end', { turn: this.turn, reason }); }
  stepStart(): number { this.step++; return this.push('step/start', { turn: this.turn, step: this.step }); }
  stepEnd(): number { return this.push('step/end', { turn: this.turn, step: this.step }); }
  user(text: string): number {
    return this.push('user/message', { id: `u${this.seq}`, role: 'user', source: { kind: 'user' }, content: [{ type: 'text', text }] }, { surfaceOp: 'append' });
  }
  context(model = 'deepseek-v4', provider = 'deepseek'): number { return this.push('request/context', { provider, model }); }
  header(system: string, model = 'deepseek-v4'): number {
    return this.push('request/header', { header: { config: { provider: 'deepseek', model }, system, tools: [{ name: 'bash', description: 'Run a command', parameters: { type: 'object' } }] }, reason: 'initial' });
  }
  chunk(chunk: Rec): number { return this.push('assistant/chunk', { turn: this.turn, step: this.step, chunk }); }
  usage(u: Usage): number { return this.chunk({ type: 'usage', usage: u }); }
  finish(kind: string, extra: Rec = {}): number { return this.chunk({ type: 'finish', reason: { kind, ...extra } }); }
  /** The step's assistant message; `calls` become tool-call blocks. */
  assistant(text: string, calls: { id: string; name: string; args: string }[] = [], usage?: Usage, sources?: number[]): number {
    const content: Rec[] = text ? [{ type: 'text', text }] : [];
    for (const c of calls) content.push({ type: 'tool-call', id: c.id, name: c.name, arguments: c.args });
    const data: Rec = { turn: this.turn, step: this.step, message: { id: `a${this.seq}`, role: 'assistant', source: { kind: 'model', provider: 'deepseek', model: 'deepseek-v4' }, content } };
    if (usage) data.usage = usage;
    return this.push('assistant/message', data, { ...(sources ? { sourceEventSeqs: sources } : {}), surfaceOp: 'append' });
  }
  call(callId: string, name: string, args: string): number { return this.push('tool/call', { turn: this.turn, step: this.step, callId, name, arguments: args }); }
  result(callId: string, text: string, callSeq: number, error?: { name: string; code: string }): number {
    const data: Rec = { turn: this.turn, step: this.step, message: { id: `r${this.seq}`, role: 'user', source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], ...(error ? { isError: true } : {}) }] } };
    if (error) data.error = error;
    return this.push('tool/result', data, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
  }
}

export const bytesOf = (header: Rec, events: readonly Rec[]) => utf8(jsonl([header, ...events]));

export interface Family {
  readonly root: Uint8Array;
  readonly child: Uint8Array;
  readonly grandchild: Uint8Array;
  readonly fork: Uint8Array;
  /** Seqs of interest, to check spans against. */
  readonly seqs: Record<string, number>;
}

/** The family described at the top of this file. */
export function traceFamily(): Family {
  const seqs: Record<string, number> = {};
  const r = new LogWriter(10_000);
  r.push('sandbox/mode', { mode: 'workspace-write' });
  seqs.rootTurn1 = r.turnStart();
  r.stepStart(); seqs.rootUser1 = r.user('please delegate');
  seqs.rootHeader = r.header('You are DSH.'); r.context();
  r.at(10_500); seqs.step1FirstChunk = r.chunk({ type: 'block-start', index: 0, blockType: 'tool-call' });
  r.at(10_600); r.chunk({ type: 'tool-call-delta', index: 0, id: 'c-sub', name: 'subagent', argumentsDelta: '{}' });
  r.usage({ inputTokens: 100, outputTokens: 20, cacheReadTokens: 300, cacheWriteTokens: 5, reasoningTokens: 12 }); r.finish('tool-calls');
  r.at(10_700); r.assistant('', [{ id: 'c-sub', name: 'subagent', args: '{"prompt":"child work"}' }]);
  r.at(10_710); seqs.subCall = r.call('c-sub', 'subagent', '{"prompt":"child work"}');
  r.at(12_000); seqs.subResult = r.result('c-sub', 'ALPHA', seqs.subCall); r.stepEnd();
  // step 2: the first attempt fails after a usage chunk, is retried, and the second one answers
  seqs.retryStep = r.stepStart();
  r.at(12_100); r.usage({ inputTokens: 50, outputTokens: 3 }); r.finish('error', { failure: { message: 'overloaded', code: 'overloaded' } });
  r.at(12_200); seqs.retry = r.push('llm/retry', { retryId: 'rt1', turn: 1, step: 2, provider: 'deepseek', mode: 'normal', policyKey: 'k', retry: 1, maxRetries: 3, delayMs: 100, failure: { message: 'overloaded', code: 'overloaded' } });
  r.at(12_400); r.chunk({ type: 'text-delta', index: 0, text: 'done' });
  r.usage({ inputTokens: 60, outputTokens: 7, cacheReadTokens: 40 }); r.finish('stop');
  r.at(12_500); r.assistant('done'); r.stepEnd(); seqs.rootTurn1End = r.turnEnd();
  const forkAt = r.seq;
  // turn 2: a failing tool, a prune of its result and a compaction of the first turn
  r.at(20_000); seqs.rootTurn2 = r.turnStart(); r.stepStart(); r.user('now break something');
  r.at(20_100); r.chunk({ type: 'text-delta', index: 0, text: 'x' }); r.at(20_200); r.usage({ inputTokens: 10, outputTokens: 2 }); r.finish('tool-calls');
  r.assistant('', [{ id: 'c-bad', name: 'bash', args: '{"command":"false"}' }]);
  r.at(20_300); seqs.badCall = r.call('c-bad', 'bash', '{"command":"false"}');
  r.at(20_400); seqs.badResult = r.result('c-bad', 'exit 1', seqs.badCall, { name: 'ToolError', code: 'EXIT_1' });
  r.at(20_500); seqs.prune = r.push('compaction/prune', { shadowedRange: { start: seqs.badResult, end: seqs.badResult }, shadowedSeqs: [seqs.badResult], shadowedTokenCount: 42 });
  seqs.pruned = r.push('tool/result', { turn: 2, step: 1, message: { id: `r${seqs.badResult}`, role: 'user', source: { kind: 'tool', callId: 'c-bad' }, content: [{ type: 'tool-result', toolCallId: 'c-bad', content: [{ type: 'text', text: '[pruned]' }], isError: true }] }, error: { name: 'ToolError', code: 'EXIT_1' } },
    { sourceEventSeqs: [seqs.badResult], surfaceOp: { op: 'replace', start: seqs.badResult, end: seqs.badResult } });
  r.stepEnd(); r.at(21_000); r.turnEnd({ kind: 'error', error: { message: 'boom', code: 'provider_error' } });
  r.at(22_000); seqs.compactionStart = r.push('compaction/start', { compactionId: 'k1', turn: null });
  const shadowed = r.events.filter((e) => e.surfaceOp !== undefined && (e.seq as number) >= seqs.rootUser1 && (e.seq as number) <= seqs.rootTurn1End).map((e) => e.seq as number);
  r.at(22_500); seqs.summary = r.push('compaction/summary', { compactionId: 'k1', summary: [{ type: 'text', text: 'summary' }], shadowedRange: { start: seqs.rootUser1, end: shadowed.at(-1) }, shadowedSeqs: shadowed, shadowedTokenCount: 900, provider: 'deepseek', model: 'deepseek-v4', usage: { inputTokens: 900, outputTokens: 30 } });
  seqs.checkpoint = r.push('user/message', { id: 'ck1', role: 'user', source: { kind: 'plugin', plugin: 'compact', compactionId: 'k1' }, content: [{ type: 'text', text: 'summary' }] },
    { sourceEventSeqs: [seqs.compactionStart, seqs.summary, ...shadowed], surfaceOp: { op: 'replace', start: seqs.rootUser1, end: shadowed.at(-1)! } });
  r.at(22_600); seqs.compactionEnd = r.push('compaction/end', { compactionId: 'k1', turn: null });

  // the sub-agent, created while c-sub ran; it starts a grandchild and says so in its result
  const c = new LogWriter(11_000);
  c.turnStart(); c.stepStart(); c.user('child work'); c.context();
  c.at(11_100); c.chunk({ type: 'text-delta', index: 0, text: 'y' }); c.usage({ inputTokens: 7, outputTokens: 1 }); c.finish('tool-calls');
  c.assistant('', [{ id: 'c-grand', name: 'subagent', args: '{"prompt":"grand work","run_in_background":true}' }]);
  c.at(11_200); seqs.grandCall = c.call('c-grand', 'subagent', '{"prompt":"grand work","run_in_background":true}');
  c.at(11_300); c.result('c-grand', 'started subagent grand-1', seqs.grandCall); c.stepEnd(); c.at(11_900); c.turnEnd();

  const g = new LogWriter(11_250);
  g.turnStart(); g.stepStart(); g.user('grand work');
  g.at(11_260); g.chunk({ type: 'text-delta', index: 0, text: 'z' }); g.at(11_400); g.assistant('z', [], { inputTokens: 3, outputTokens: 1 }); g.stepEnd(); g.turnEnd();

  // the fork: the root's first turn copied, then a turn of its own
  const f = new LogWriter(30_000);
  // DSH's fork copies the events, so the fork's own turns number on from the copied ones
  f.seed(r.events.slice(0, forkAt), 1);
  seqs.forkEndSeed = f.at(30_000).push('session/end-seed', {});
  seqs.forkTurn = f.turnStart(); f.stepStart(); f.user('forked question');
  f.at(30_100); f.chunk({ type: 'text-delta', index: 0, text: 'f' }); f.usage({ inputTokens: 4, outputTokens: 2 }); f.finish('stop'); f.assistant('f'); f.stepEnd(); f.at(30_200); f.turnEnd();
  seqs.forkAt = forkAt;

  return {
    root: bytesOf(headerRecord('root-1', { createdAt: 10_000, cwd: '/w' }), r.events),
    child: bytesOf(headerRecord('child-1', { createdAt: 11_000, parentSession: 'root-1', origin: 'subagent', delegationDepth: 1 }), c.events),
    grandchild: bytesOf(headerRecord('grand-1', { createdAt: 11_250, parentSession: 'child-1', origin: 'subagent', delegationDepth: 2 }), g.events),
    fork: bytesOf(headerRecord('fork-1', { createdAt: 30_000, cwd: '/w', parentSession: 'root-1', seedLength: forkAt }), f.events),
    seqs,
  };
}
