/**
 * Reasoning tokens are inside output tokens in DSH's logs, so no total counts them twice: a
 * hand-built log with known figures, through the session figures, the fleet roll-up, the parts a
 * chart stacks and a cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/corpus';
import { assistantMessage, stepEnd, stepStart, turnEnd, turnStart, userMessage } from '../testing/builders';
import { deriveCost, parsePriceTable } from './cost';
import { deriveFleet, type FleetEntry } from './fleet-figures';
import { deriveSessionFigures } from './session-figures';
import { TOKEN_PARTS, tokenParts, tokenSum } from './step-usage';
import type { SessionEvent } from './types';

const withUsage = (e: SessionEvent, u: Record<string, number>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
const usageChunk = (seq: number, step: number, u: Record<string, number>): SessionEvent =>
  ({ type: 'assistant/chunk', seq, time: 1000 + seq, data: { turn: 1, step, chunk: { type: 'usage', usage: u } } });

// step 1 as DSH logged it (examples-acp-agent--product-subagent-codex): reasoning, then "PONG",
// the usage chunk and the message carrying the same usage; step 2 has only the message's usage
const PONG = { inputTokens: 3091, outputTokens: 23, cacheReadTokens: 0, reasoningTokens: 20 };
const STEP2 = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 1000, cacheWriteTokens: 10, reasoningTokens: 30 };
const log: SessionEvent[] = [
  turnStart(0, 1), userMessage(1, 'u', 'Reply PONG'),
  stepStart(2, 1, 1), usageChunk(3, 1, PONG), withUsage(assistantMessage(4, 'a1', 'PONG'), PONG), stepEnd(5, 1, 1),
  stepStart(6, 1, 2), withUsage(assistantMessage(7, 'a2', 'done', [], { step: 2 }), STEP2), stepEnd(8, 1, 2),
  turnEnd(9, 1),
];

describe('token totals', () => {
  const f = deriveSessionFigures(log);

  it('takes each step once (its usage chunk, not also its message) and keeps reasoning as its own figure', () => {
    expect(f.tokens).toEqual({ input: 3191, output: 73, cacheRead: 1000, cacheWrite: 10, reasoning: 50 });
  });

  it('totals every token once: reasoning is part of output, never added again', () => {
    expect(tokenSum(f.tokens)).toBe(3191 + 1000 + 10 + 73);
    const entry: FleetEntry = { id: 's', path: 's.jsonl', kind: 'root', parent: null, verdict: 'ok', partial: false, figures: f };
    const sub: FleetEntry = { ...entry, id: 'k', path: 'k.jsonl', kind: 'subagent', parent: 's' };
    const fleet = deriveFleet([entry, sub]);
    expect(tokenSum(fleet.rows[0].total.tokens)).toBe(2 * 4274);
    expect(tokenSum(fleet.totals.tokens)).toBe(2 * 4274);
  });

  it('splits the total into disjoint parts that add up to it (output: its reasoning and the rest)', () => {
    const p = tokenParts(f.tokens);
    expect(p).toEqual({ input: 3191, cacheRead: 1000, cacheWrite: 10, answer: 23, reasoning: 50 });
    expect(TOKEN_PARTS.reduce((a, k) => a + p[k], 0)).toBe(tokenSum(f.tokens));
    // a record reporting more reasoning than output (not DSH's) still adds up
    const odd = tokenParts({ input: 0, cacheRead: 0, cacheWrite: 0, output: 5, reasoning: 9 });
    expect(odd).toMatchObject({ answer: 0, reasoning: 5 });
  });

  it('charges a reasoning token once: at the reasoning price when the table gives one, else as output', () => {
    const prices = (p: Record<string, number>) => parsePriceTable({ models: { m: p } }, 't');
    const base = { input: 1, output: 10, cacheRead: 0.1, cacheWrite: 2 };
    expect(deriveCost(f.byModel, prices(base)).amount).toBeCloseTo((3191 + 73 * 10 + 1000 * 0.1 + 10 * 2) / 1e6, 12);
    expect(deriveCost(f.byModel, prices({ ...base, reasoning: 5 })).amount).toBeCloseTo((3191 + 23 * 10 + 50 * 5 + 1000 * 0.1 + 10 * 2) / 1e6, 12);
    expect(deriveCost(f.byModel, prices(base)).unpricedTokens).toBe(0);
    expect(deriveCost(f.byModel, prices({ input: 1, cacheRead: 0.1, cacheWrite: 2 })).unpricedTokens).toBe(73);
  });
});

/** Every `usage` object at any depth of a parsed line. */
function usagesIn(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) { for (const x of v) usagesIn(x, out); return out; }
  if (v === null || typeof v !== 'object') return out;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'usage' && x !== null && typeof x === 'object' && !Array.isArray(x)) out.push(x as Record<string, unknown>);
    usagesIn(x, out);
  }
  return out;
}

describe("DSH's own logs (testdata/fixtures/dsh-test-logs)", () => {
  it('report reasoning as a part of output: no usage has more reasoning tokens than output tokens', () => {
    const dir = path.join(FIXTURES_DIR, 'dsh-test-logs');
    const both: { file: string; output: number; reasoning: number }[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        let v: unknown;
        try { v = JSON.parse(line); } catch { continue; }
        for (const u of usagesIn(v)) {
          if (typeof u.outputTokens === 'number' && typeof u.reasoningTokens === 'number' && u.reasoningTokens > 0) {
            both.push({ file, output: u.outputTokens, reasoning: u.reasoningTokens });
          }
        }
      }
    }
    // the definition rests on these logs holding usages with reasoning: none would prove nothing
    expect(both.length).toBeGreaterThan(10);
    expect(both.filter((u) => u.reasoning > u.output)).toEqual([]);
  });

  it('hold output tokens that cover the reasoning text too: about 4 characters a token only when reasoning is counted inside output', () => {
    // messages of a reasoning block and a text block alone: their text is what the output tokens paid for
    const dir = path.join(FIXTURES_DIR, 'dsh-test-logs');
    let answer = 0, thought = 0, output = 0, n = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        let e: { type?: unknown; data?: { message?: { content?: { type?: string; text?: string }[] }; usage?: { outputTokens?: number; reasoningTokens?: number } } };
        try { e = JSON.parse(line); } catch { continue; }
        const blocks = e.data?.message?.content, u = e.data?.usage;
        if (e.type !== 'assistant/message' || !Array.isArray(blocks) || !u?.reasoningTokens || typeof u.outputTokens !== 'number') continue;
        if (blocks.map((b) => b.type).sort().join() !== 'reasoning,text') continue;
        n++;
        output += u.outputTokens;
        for (const b of blocks) if (b.type === 'text') answer += b.text?.length ?? 0; else thought += b.text?.length ?? 0;
      }
    }
    expect(n).toBeGreaterThan(10);
    // English runs near 4 characters a token: the answer and the reasoning together are, per output token
    expect((answer + thought) / output).toBeGreaterThan(3);
    expect((answer + thought) / output).toBeLessThan(5.5);
    // were output the answer alone (reasoning beside it), the answer would run under 1.5 characters a token
    expect(answer / output).toBeLessThan(1.5);
  });
});
