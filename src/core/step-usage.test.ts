import { describe, expect, it } from 'vitest';
import { ActivityIndex } from './activity';
import { deriveSessionTokens, deriveStepTokens, StepTokenFold, stepUsage, usageTokens, usageTotals, ZERO_TOKENS } from './step-usage';
import type { SessionEvent } from './types';
import { assistantMessage, stepEnd, stepStart, turnEnd, turnStart, userMessage } from '../testing/builders';

const usageChunk = (seq: number, turn: number, step: number, usage: Record<string, number>) =>
  ({ type: 'assistant/chunk', seq, time: seq, data: { turn, step, chunk: { type: 'usage', usage } } }) as SessionEvent;
const message = (seq: number, turn: number, step: number, usage?: Record<string, number>) =>
  ({ type: 'assistant/message', seq, time: seq, data: { turn, step, message: { id: `m${seq}`, role: 'assistant', content: [], source: { kind: 'model' } }, ...(usage ? { usage } : {}) }, surfaceOp: 'append' }) as SessionEvent;

function activity(events: SessionEvent[]): ActivityIndex {
  const a = new ActivityIndex();
  events.forEach((e) => a.observe(e, e.seq));
  return a;
}

describe('stepUsage', () => {
  it('sums a step\'s usage chunks (a failed attempt included) and ignores its message usage; else takes the message usage', () => {
    const a = activity([
      usageChunk(0, 1, 1, { inputTokens: 10, outputTokens: 0 }), // a failed attempt
      usageChunk(1, 1, 1, { inputTokens: 100, outputTokens: 20, cacheReadTokens: 50, reasoningTokens: 5 }),
      message(2, 1, 1, { inputTokens: 100, outputTokens: 20, cacheReadTokens: 50 }),
      message(3, 1, 2, { inputTokens: 7, outputTokens: 3, cacheReadTokens: 2, reasoningTokens: 1, cacheWriteTokens: 4 }),
      message(4, 2, 1),
    ]);
    expect(stepUsage(a)).toEqual([
      { turn: 1, step: 1, from: 'chunks', input: 110, cached: 50, cacheWrite: 0, output: 20, reasoning: 5 },
      { turn: 1, step: 2, from: 'message', input: 7, cached: 2, cacheWrite: 4, output: 3, reasoning: 1 },
    ]);
    expect(usageTotals(a)).toEqual({ input: 117, cached: 52, cacheWrite: 4, output: 23, reasoning: 6 });
  });
});


const usage = (seq: number, u: Record<string, unknown>, turn = 1, step = 1): SessionEvent =>
  ({ type: 'assistant/chunk', seq, time: 1000 + seq, data: { turn, step, chunk: { type: 'usage', usage: u } } });
const withUsage = (e: SessionEvent, u: Record<string, unknown>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
const U = (i: number, o: number, cr = 0, cw = 0, r = 0) => ({ inputTokens: i, outputTokens: o, cacheReadTokens: cr, cacheWriteTokens: cw, reasoningTokens: r });

describe('usageTokens', () => {
  it('maps the five classes and counts a missing or bad field as 0', () => {
    expect(usageTokens(U(1, 2, 3, 4, 5))).toEqual({ input: 1, output: 2, cacheRead: 3, cacheWrite: 4, reasoning: 5 });
    expect(usageTokens({ inputTokens: 7, outputTokens: '9', reasoningTokens: -3 })).toEqual({ ...ZERO_TOKENS, input: 7 });
    expect(usageTokens(null)).toEqual(ZERO_TOKENS);
  });
});

describe('deriveStepTokens', () => {
  it('sums every usage chunk of a retried step and ignores the message usage then', () => {
    const evs = [stepStart(0, 1, 1), usage(1, U(100, 0)), usage(2, U(100, 20, 5, 0, 3)), withUsage(assistantMessage(3, 'a', 'hi'), U(100, 20, 5, 0, 3)), stepEnd(4, 1, 1)];
    expect(deriveStepTokens(evs)).toEqual({ input: 200, output: 20, cacheRead: 5, cacheWrite: 0, reasoning: 3 });
  });

  it('falls back to the assistant message usage when the step has no usage chunk', () => {
    const evs = [stepStart(0, 1, 1), withUsage(assistantMessage(1, 'a', 'hi'), U(10, 4, 0, 2)), stepEnd(2, 1, 1)];
    expect(deriveStepTokens(evs)).toEqual({ input: 10, output: 4, cacheRead: 0, cacheWrite: 2, reasoning: 0 });
  });
});

describe('StepTokenFold', () => {
  it('keeps steps apart by (turn, step), names the source and the model', () => {
    const f = new StepTokenFold();
    const evs = [turnStart(0, 1), userMessage(1, 'u', 'go'), stepStart(2, 1, 1), usage(3, U(5, 1)), withUsage(assistantMessage(4, 'a1', 'x'), U(9, 9)), stepEnd(5, 1, 1),
      stepStart(6, 1, 2), withUsage(assistantMessage(7, 'a2', 'y', [], { step: 2 }), U(3, 2)), stepEnd(8, 1, 2), turnEnd(9, 1)];
    for (const e of evs) f.add(e);
    const steps = f.steps();
    expect(steps.map((s) => [s.seq, s.from, s.attempts, s.tokens.input, s.model])).toEqual([[2, 'chunks', 1, 5, 'm'], [6, 'message', 0, 3, 'm']]);
  });

  it('gives a usage chunk with no step/start a step of its own', () => {
    const f = new StepTokenFold();
    f.add(usage(0, U(4, 4), 3, 1));
    expect(f.steps()).toMatchObject([{ seq: 0, turn: 3, step: 1, from: 'chunks', tokens: { input: 4, output: 4 } }]);
  });
});

describe('deriveSessionTokens', () => {
  it('skips a fork seed (seq < seedLength) and splits tokens by model', () => {
    const seeded = [stepStart(0, 1, 1), withUsage(assistantMessage(1, 'a', 'seed'), U(1000, 1000)), stepEnd(2, 1, 1)];
    const own = [stepStart(3, 2, 1), withUsage(assistantMessage(4, 'b', 'own', [], { turn: 2 }), U(7, 3)), stepEnd(5, 2, 1)];
    const r = deriveSessionTokens([...seeded, ...own], 3);
    expect(r.tokens).toEqual({ ...ZERO_TOKENS, input: 7, output: 3 });
    expect(r.steps.length).toBe(1);
    expect([...r.byModel]).toEqual([['m', { ...ZERO_TOKENS, input: 7, output: 3 }]]);
    expect(deriveSessionTokens([...seeded, ...own]).tokens.input).toBe(1007);
  });
});
