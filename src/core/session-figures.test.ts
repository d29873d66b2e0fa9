import { describe, expect, it } from 'vitest';
import { assistantMessage, endSeed, replaceOp, stepEnd, stepStart, toolCall, toolResult, turnEnd, turnStart, userMessage } from '../testing/builders';
import { deriveSessionFigures, utcDay } from './session-figures';
import type { SessionEvent } from './types';

const usageChunk = (seq: number, u: Record<string, number>, turn = 1, step = 1, time = 1000 + seq): SessionEvent =>
  ({ type: 'assistant/chunk', seq, time, data: { turn, step, chunk: { type: 'usage', usage: u } } });
const withUsage = (e: SessionEvent, u: Record<string, number>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
const ev = (type: string, seq: number, data: unknown = {}, time = 1000 + seq): SessionEvent => ({ type, seq, time, data });

/** One turn, two steps: a retried first step (two usage chunks), a tool error pruned later. */
function retriedTurn(): SessionEvent[] {
  return [
    turnStart(0, 1), userMessage(1, 'u1', 'go'),
    stepStart(2, 1, 1), usageChunk(3, { inputTokens: 50, outputTokens: 0 }), usageChunk(4, { inputTokens: 50, outputTokens: 10, cacheReadTokens: 7, reasoningTokens: 2 }),
    withUsage(assistantMessage(5, 'a1', 'run', [{ id: 'c1' }, { id: 'c2' }]), { inputTokens: 999, outputTokens: 999 }),
    toolCall(6, 'c1'), toolCall(7, 'c2'),
    toolResult(8, 'r1', 'c1', 'boom', { isError: true }), toolResult(9, 'r2', 'c2', 'fine'),
    stepEnd(10, 1, 1),
    stepStart(11, 1, 2), withUsage(assistantMessage(12, 'a2', 'done', [], { step: 2 }), { inputTokens: 5, outputTokens: 3, cacheWriteTokens: 4 }), stepEnd(13, 1, 2),
    turnEnd(14, 1),
    ev('compaction/prune', 15, { shadowedRange: { start: 8, end: 8 }, shadowedSeqs: [8], shadowedTokenCount: 1 }),
    // the prune's copy of the failed result: still isError, never counted again
    toolResult(16, 'r1', 'c1', '[pruned]', { isError: true, op: replaceOp(8, 8), src: [8] }),
    ev('compaction/start', 17, { compactionId: 'k1', turn: null }),
    ev('session/title', 18, { title: 'Fix the build' }),
  ];
}

describe('deriveSessionFigures', () => {
  it('counts turns, steps, tool calls, tool errors, compactions and prunes; tokens per the step rule', () => {
    const f = deriveSessionFigures(retriedTurn());
    expect([f.turns, f.steps, f.toolCalls, f.toolErrors, f.compactions, f.prunes]).toEqual([1, 2, 2, 1, 1, 1]);
    // step 1: both usage chunks (the retry spent its tokens too), not the message usage; step 2: the message usage
    expect(f.tokens).toEqual({ input: 105, output: 13, cacheRead: 7, cacheWrite: 4, reasoning: 2 });
    expect(f.models).toEqual(['m']);
    expect(f.byModel).toEqual({ m: f.tokens });
    expect(f.title).toBe('Fix the build');
    expect(f.wallMs).toBe(18);
    expect(f.events).toBe(19);
  });

  it('counts a tool error only for its first appended result', () => {
    const evs = [toolCall(0, 'c1'), toolResult(1, 'r1', 'c1', 'ok'), toolResult(2, 'r1b', 'c1', 'late error', { isError: true })];
    expect(deriveSessionFigures(evs).toolErrors).toBe(0);
    expect(deriveSessionFigures([toolCall(0, 'c1'), toolResult(1, 'r1', 'c1', 'err', { isError: true })]).toolErrors).toBe(1);
  });

  it('never counts a fork seed (seq < seedLength)', () => {
    const seed = retriedTurn().slice(0, 15);
    const own = [endSeed(15), turnStart(16, 2), stepStart(17, 2, 1), withUsage(assistantMessage(18, 'b', 'x', [], { turn: 2 }), { inputTokens: 1, outputTokens: 1 }), stepEnd(19, 2, 1), turnEnd(20, 2)];
    const f = deriveSessionFigures([...seed, ...own], 15);
    expect([f.turns, f.steps, f.toolCalls, f.toolErrors]).toEqual([1, 1, 0, 0]);
    expect(f.tokens).toEqual({ input: 1, output: 1, cacheRead: 0, cacheWrite: 0, reasoning: 0 });
    expect(f.firstTime).toBe(1015);
    expect(f.wallMs).toBe(5);
  });

  it('copes with time going backwards and splits tokens by the UTC day of each step', () => {
    const day = 86_400_000;
    const evs = [stepStart(0, 1, 1, { time: 3 * day - 10 }), usageChunk(1, { inputTokens: 2, outputTokens: 0 }, 1, 1, 3 * day - 9), stepStart(2, 1, 2, { time: 3 * day + 5 }), usageChunk(3, { inputTokens: 3, outputTokens: 0 }, 1, 2, 3 * day + 5), ev('step/end', 4, { turn: 1, step: 2 }, 3 * day - 20)];
    const f = deriveSessionFigures(evs);
    expect(Object.keys(f.byDay).sort()).toEqual([utcDay(3 * day - 10), utcDay(3 * day + 5)]);
    expect(f.byDay[utcDay(3 * day + 5)].input).toBe(3);
    expect(f.wallMs).toBe(25);
  });
});
