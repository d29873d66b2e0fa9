import { describe, expect, it } from 'vitest';
import { ActivityIndex } from './activity';
import { stepUsage, usageTotals } from './step-usage';
import type { SessionEvent } from './types';

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
