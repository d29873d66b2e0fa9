import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/synthesizer';
import { formatJsonl } from '../synth/write';
import { compareRuns } from './run-compare';
import { deriveSessionTokens } from './step-usage';
import type { SessionEvent } from './types';

type Synth = ReturnType<typeof synthesize>;

/**
 * A run's figures counted from the synthesizer's own events, not from a loaded log's columns:
 * what the deltas are checked against. Tokens by the fleet's fold over events (one definition).
 */
function counted(s: Synth) {
  const ev = s.events;
  const of = (t: string) => ev.filter((e) => e.type === t);
  const byTool = new Map<string, number>();
  for (const e of of('tool/call')) { const n = (e.data as { name: string }).name; byTool.set(n, (byTool.get(n) ?? 0) + 1); }
  const appended = (e: SessionEvent) => e.surfaceOp === undefined || e.surfaceOp === 'append';
  const failed = (e: SessionEvent) => {
    const d = e.data as { error?: unknown; message?: { content?: { isError?: boolean }[] } };
    return d.error !== undefined || d.message?.content?.[0]?.isError === true;
  };
  const times = ev.map((e) => e.time);
  const t = deriveSessionTokens(ev).tokens;
  return {
    turns: of('turn/start').length, steps: of('step/start').length, toolCalls: of('tool/call').length, byTool,
    toolErrors: of('tool/result').filter((e) => appended(e) && failed(e)).length,
    tokens: { input: t.input, cached: t.cacheRead, output: t.output, reasoning: t.reasoning },
    wallMs: Math.max(...times) - Math.min(...times), compactions: s.stats.compactions, prunes: s.stats.prunes,
  };
}

async function sessionOf(s: Synth) {
  const r = await loadBytes(new TextEncoder().encode(formatJsonl(s.header, s.events)), { now: 0 });
  expect(r.verdict).toEqual({ ok: true });
  return r.session!;
}

describe('deriveRunDeltas (issue 26 §2: the summary of two runs)', () => {
  it('gives each figure of both runs as counted from their events, and B − A', async () => {
    // two runs that differ in every figure: turns, steps, calls, errors, tokens, time, compactions, prunes
    const sa = synthesize({ seed: 2, events: 4000, contextTokens: 9000 }), sb = synthesize({ seed: 1, events: 4000, contextTokens: 9000 });
    const a = counted(sa), b = counted(sb);
    expect(a.toolErrors).toBe(sa.stats.toolErrors);
    expect(b.toolErrors).toBe(sb.stats.toolErrors);
    const { deltas: d } = compareRuns(await sessionOf(sa), await sessionOf(sb));
    const pair = (x: number, y: number) => ({ a: x, b: y, delta: y - x });
    expect(d.turns).toEqual(pair(a.turns, b.turns));
    expect(d.steps).toEqual(pair(a.steps, b.steps));
    expect(d.toolCalls).toEqual(pair(a.toolCalls, b.toolCalls));
    const tools = [...new Set([...a.byTool.keys(), ...b.byTool.keys()])].sort();
    expect(d.toolCallsByTool).toEqual(tools.map((tool) => ({ tool, ...pair(a.byTool.get(tool) ?? 0, b.byTool.get(tool) ?? 0) })));
    expect(d.toolErrors).toEqual(pair(a.toolErrors, b.toolErrors));
    for (const k of ['input', 'cached', 'output', 'reasoning'] as const) expect(d.tokens[k], k).toEqual(pair(a.tokens[k], b.tokens[k]));
    expect(d.wallMs).toEqual(pair(a.wallMs, b.wallMs));
    expect(d.compactions).toEqual(pair(a.compactions, b.compactions));
    expect(d.prunes).toEqual(pair(a.prunes, b.prunes));
    // the pair was chosen so that every figure differs (a swapped or constant figure would show)
    for (const x of [d.turns, d.steps, d.toolCalls, d.toolErrors, d.tokens.input, d.tokens.cached, d.tokens.output, d.tokens.reasoning, d.wallMs, d.compactions, d.prunes]) expect(x.delta).not.toBe(0);
    expect(new Set([a.tokens.input, a.tokens.cached, a.tokens.output, a.tokens.reasoning]).size).toBe(4);
  });
});
