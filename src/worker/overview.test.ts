import { describe, expect, it } from 'vitest';
import { packChunkRuns } from '../core/chunk-rows';
import { REQ_ESTIMATED, REQ_FROM_MESSAGE, type Overview } from '../core/overview';
import { percentile } from '../core/overview-stats';
import type { SessionEvent } from '../core/types';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import {
  assistantMsgData, headerRecord, logOnly, stepEnd, stepStart, textChunk, toolResult, turnEnd, turnStart, userMessage, utf8,
} from '../testing/builders';
import { SessionQueries } from './queries';

const at = <T extends { time: number }>(e: T, time: number): T => ({ ...e, time });
const asst = (seq: number, time: number, id: string, text: string, calls: { id: string; name: string }[], step: number, usage?: Record<string, number>) => {
  const data: Record<string, unknown> = assistantMsgData(id, text, calls, 1, step);
  if (usage) data.usage = usage;
  return { type: 'assistant/message', seq, time, data, surfaceOp: 'append' } as SessionEvent;
};
const call = (seq: number, time: number, callId: string, name: string, step: number) => logOnly(seq, 'tool/call', { turn: 1, step, callId, name, arguments: '{}' }, { time });
const usageChunk = (seq: number, time: number, usage: Record<string, number>) => logOnly(seq, 'assistant/chunk', { turn: 1, step: 1, chunk: { type: 'usage', usage } }, { time });

/** One turn, three steps: streamed (packed chunks, usage chunk and message usage), unstreamed with message usage, and one without usage. */
function knownLog(): { lines: string[]; events: SessionEvent[] } {
  const events: SessionEvent[] = [
    at(turnStart(0, 1), 1000),
    at(userMessage(1, 'u1', 'list the files'), 1001),
    at(stepStart(2, 1, 1), 2000),
    logOnly(3, 'request/context', { provider: 'p', model: 'm', contextWindow: 128000 }, { time: 2000 }),
    ...[2500, 2510, 2530, 2560, 2600].map((t, k) => textChunk(4 + k, `w${k}`, { time: t })),
    usageChunk(9, 2601, { inputTokens: 100, outputTokens: 20, cacheReadTokens: 900, reasoningTokens: 5 }),
    asst(10, 2602, 'a1', 'calling', [{ id: 'c1', name: 'bash' }], 1, { inputTokens: 999, outputTokens: 999 }),
    call(11, 2700, 'c1', 'bash', 1),
    at(toolResult(12, 'r1', 'c1', 'out'), 3700),
    at(stepEnd(13, 1, 1), 3701),
    at(stepStart(14, 1, 2), 3702),
    asst(15, 4000, 'a2', '', [{ id: 'c2', name: 'read' }], 2, { inputTokens: 1200, outputTokens: 30, cacheWriteTokens: 7 }),
    call(16, 4001, 'c2', 'read', 2),
    at(toolResult(17, 'r2', 'c2', 'no such file', { isError: true, step: 2 }), 4051),
    at(stepEnd(18, 1, 2), 4052),
    at(stepStart(19, 1, 3), 4053),
    asst(20, 4500, 'a3', 'done', [], 3),
    at(stepEnd(21, 1, 3), 4501),
    at(turnEnd(22, 1), 5000),
  ];
  const lines = [JSON.stringify(headerRecord()), ...packChunkRuns(events).map((r) => JSON.stringify(r))];
  return { lines, events };
}

async function queriesOf(text: string): Promise<SessionQueries> {
  const r = await loadBytes(utf8(text), { now: 0 });
  return new SessionQueries(r);
}

describe('overview aggregates (issue 11)', () => {
  it('reads usage, context window, chunk timing (packed dt included) and tool durations of a known log', async () => {
    const { lines } = knownLog();
    expect(lines.some((l) => l.includes('"text-chunks"'))).toBe(true);
    const q = await queriesOf(lines.join('\n') + '\n');
    const o = q.overview()!;
    expect(Array.from(o.reqSeq)).toEqual([9, 15, 20]);
    expect(Array.from(o.reqIn.subarray(0, 2))).toEqual([100, 1200]);
    expect(Array.from(o.reqCacheRead)).toEqual([900, -1, -1]);
    expect(Array.from(o.reqCacheWrite)).toEqual([-1, 7, -1]);
    expect(Array.from(o.reqOut.subarray(0, 2))).toEqual([20, 30]);
    expect(Array.from(o.reqFlags)).toEqual([0, REQ_FROM_MESSAGE, REQ_ESTIMATED]);
    // the estimate: the Surface's stored lines as of the request (user, a1, r1, a2, r2), 4 bytes a token
    const bytes = (seq: number) => utf8(lines.find((l) => l.includes(`"seq":${seq},`))!).length;
    expect(o.reqIn[2]).toBe(Math.round([1, 10, 12, 15, 17].reduce((s, x) => s + bytes(x), 0) / 4));
    expect(o.reqOut[2]).toBe(Math.round(bytes(20) / 4));
    expect(Array.from(o.winSeq)).toEqual([3]);
    expect(Array.from(o.winValue)).toEqual([128000]);
    expect(Array.from(o.stepStart)).toEqual([2, 14, 19]);
    expect(Array.from(o.stepEnd)).toEqual([13, 18, 21]);
    expect(o.stepTFirst[0] - o.stepT0[0]).toBe(500);
    // decoding runs to the stream's last chunk, the usage chunk at 2601
    expect(o.stepTLast[0] - o.stepTFirst[0]).toBe(101);
    expect(o.stepLast[0]).toBe(9);
    expect(o.stepFirst[1]).toBe(-1);
    expect(Array.from(o.turnStart)).toEqual([0]);
    expect(Array.from(o.turnEnd)).toEqual([22]);
    // the end-seed marker appended on load (at the load's clock, 0 here) does not stretch the wall-clock span
    expect([o.last, o.startTime, o.endTime]).toEqual([23, 1000, 5000]);
    expect(Array.from(o.toolT1).map((t, k) => t - o.toolT0[k])).toEqual([1000, 50]);
    expect(Array.from(o.toolError)).toEqual([0, 1]);
    expect(Array.from(o.toolName, (k) => o.toolNames[k])).toEqual(['bash', 'read']);

    const all = q.overviewStats();
    // the loaded summary carries the overview and the session's numbers
    expect(q.summary().overviewStats).toEqual(all);
    expect(q.summary().overview?.reqSeq).toEqual(o.reqSeq);
    expect(all).toMatchObject({ turns: 1, steps: 3, requests: 3, toolCalls: 2, toolErrors: 1, compactions: 0, prunes: 0 });
    expect(all.tokens).toEqual({ input: 1300 + o.reqIn[2], output: 50 + o.reqOut[2], cacheRead: 900, cacheWrite: 7, reasoning: 5, estimated: 1 });
    expect(all.tools).toEqual([
      { name: 'bash', count: 1, timed: 1, totalMs: 1000, p95Ms: 1000, errors: 0 },
      { name: 'read', count: 1, timed: 1, totalMs: 50, p95Ms: 50, errors: 1 },
    ]);
    const range = q.overviewStats(14, 18);
    expect(range).toMatchObject({ turns: 0, steps: 1, requests: 1, toolCalls: 1, toolErrors: 1 });
    expect(range.tokens).toEqual({ input: 1200, output: 30, cacheRead: -1, cacheWrite: 7, reasoning: -1, estimated: 0 });
  });

  it('agrees with a direct reading of a synthesized session with prunes and compactions', async () => {
    const s = synthesize({ seed: 3, events: 3000, contextTokens: 6000 });
    expect(s.stats.compactions).toBeGreaterThan(0);
    expect(s.stats.prunes).toBeGreaterThan(0);
    const q = await queriesOf(formatJsonl(s.header, s.events));
    const o: Overview = q.overview()!;
    const ev = s.events;
    // reference: per step, usage chunks, else the message's usage
    const stepKey = (e: SessionEvent) => `${e.data.turn}/${e.data.step}`;
    const chunkUsage = new Map<string, Record<string, number>[]>(), msgUsage = new Map<string, Record<string, number>>();
    for (const e of ev) {
      if (e.type === 'assistant/chunk' && e.data.chunk.type === 'usage') chunkUsage.set(stepKey(e), [...(chunkUsage.get(stepKey(e)) ?? []), e.data.chunk.usage]);
      if (e.type === 'assistant/message' && e.data.usage) msgUsage.set(stepKey(e), e.data.usage);
    }
    const usages = [...new Set([...chunkUsage.keys(), ...msgUsage.keys()])].flatMap((k) => chunkUsage.get(k) ?? [msgUsage.get(k)!]);
    const sum = (f: string) => usages.reduce((t, u) => t + (u[f] ?? 0), 0);
    const stats = q.overviewStats();
    expect(stats.requests).toBe(usages.length);
    expect(stats.tokens.input).toBe(sum('inputTokens'));
    expect(stats.tokens.output).toBe(sum('outputTokens'));
    expect(stats.tokens.cacheRead).toBe(sum('cacheReadTokens'));
    expect(stats.tokens.estimated).toBe(0);
    expect(stats.turns).toBe(s.stats.turns);
    expect(stats.steps).toBe(s.stats.steps);
    expect(stats.compactions).toBe(s.stats.compactions);
    expect(stats.prunes).toBe(s.stats.prunes);
    expect(stats.pruneSaved).toBe(ev.filter((e) => e.type === 'compaction/prune').reduce((t, e) => t + e.data.shadowedTokenCount, 0));
    expect(stats.compactionSaved).toBe(ev.filter((e) => e.type === 'compaction/summary').reduce((t, e) => t + e.data.shadowedTokenCount, 0));
    // tools: pair by call id, durations from the event times
    const calls = new Map<string, SessionEvent>();
    const byName = new Map<string, { count: number; errors: number; d: number[] }>();
    for (const e of ev) {
      if (e.type === 'tool/call') { calls.set(e.data.callId, e); const b = byName.get(e.data.name) ?? { count: 0, errors: 0, d: [] }; b.count++; byName.set(e.data.name, b); }
      if (e.type === 'tool/result' && e.surfaceOp === 'append') {
        const c = calls.get(e.data.message.source.callId)!;
        const b = byName.get(c.data.name)!;
        b.d.push(e.time - c.time);
        if (e.data.error || e.data.message.content[0].isError) b.errors++;
      }
    }
    expect(stats.toolCalls).toBe(s.stats.toolCalls);
    expect(stats.toolErrors).toBe(s.stats.toolErrors);
    for (const t of stats.tools) {
      const b = byName.get(t.name)!;
      expect({ count: t.count, errors: t.errors, totalMs: t.totalMs, p95Ms: t.p95Ms }).toEqual({ count: b.count, errors: b.errors, totalMs: b.d.reduce((x, y) => x + y, 0), p95Ms: percentile(b.d, 95) });
    }
    // time to first chunk and decoding per step, from the event times (the file packs most deltas)
    let k = 0;
    for (let i = 0; i < ev.length; i++) {
      if (ev[i].type !== 'step/start') continue;
      let j = i + 1, first = -1, last = -1;
      for (; ev[j] && ev[j].type !== 'step/end'; j++) if (ev[j].type === 'assistant/chunk') { if (first < 0) first = j; last = j; }
      expect([o.stepStart[k], o.stepFirst[k], o.stepLast[k]]).toEqual([i, first, last]);
      if (first >= 0) expect([o.stepTFirst[k] - o.stepT0[k], o.stepTLast[k] - o.stepTFirst[k]]).toEqual([ev[first].time - ev[i].time, ev[last].time - ev[first].time]);
      k++;
    }
    expect(k).toBe(o.stepStart.length);
  });

  it('estimates a log with no usage at all from the Surface, and marks every request', async () => {
    const { events } = knownLog();
    const bare = events.filter((e) => !(e.type === 'assistant/chunk' && e.data.chunk.type === 'usage')).map((e, seq) => {
      const d = e.type === 'assistant/message' ? { ...e.data, usage: undefined } : e.data;
      return { ...e, seq, data: JSON.parse(JSON.stringify(d)) };
    });
    const q = await queriesOf([JSON.stringify(headerRecord()), ...bare.map((e) => JSON.stringify(e))].join('\n') + '\n');
    const o = q.overview()!;
    expect(Array.from(o.reqFlags)).toEqual([REQ_ESTIMATED, REQ_ESTIMATED, REQ_ESTIMATED]);
    // the Surface only grows here, so each estimate is at least the previous one
    expect(o.reqIn[0]).toBeGreaterThan(0);
    expect(o.reqIn[1]).toBeGreaterThan(o.reqIn[0]);
    expect(o.reqIn[2]).toBeGreaterThan(o.reqIn[1]);
    expect(q.overviewStats().tokens.estimated).toBe(3);
  });
});

describe('overview of a followed log', () => {
  it('extended as the log grows, piece by piece, is the overview built from scratch over the same events', async () => {
    const s = synthesize({ seed: 11, events: 3000 });
    const bytes = utf8(formatJsonl(s.header, s.events));
    // cuts anywhere: mid-line, mid-step, mid-turn
    const cuts = [Math.floor(bytes.length * 0.3), Math.floor(bytes.length * 0.31), Math.floor(bytes.length * 0.55) + 7, Math.floor(bytes.length * 0.9), bytes.length];
    let r = await loadBytes(bytes.subarray(0, cuts[0]), { live: true, now: 0 });
    let q = new SessionQueries(r);
    const before = q.overview()!;
    for (let i = 1; i < cuts.length; i++) {
      r = r.live!.append(bytes.subarray(cuts[i - 1], cuts[i]));
      q = new SessionQueries(r, 0, q);
      const grown = q.overview()!;
      expect(grown).toEqual(new SessionQueries(r).overview());
    }
    expect(q.overview()!.stepStart.length).toBeGreaterThan(before.stepStart.length);
    expect(q.overview()!.last).toBe(s.events.length - 1);
  });
});
