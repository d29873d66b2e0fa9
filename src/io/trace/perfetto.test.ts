import { describe, expect, it } from 'vitest';
import { perfettoEvents, TRACKS, type TraceEvent } from '../../core/trace/perfetto';
import type { TraceSession, TraceTool } from '../../core/trace/model';
import { LogWriter, bytesOf, traceFamily } from '../../testing/trace-logs';
import { headerRecord } from '../../testing/builders';
import { synthesizeFork } from '../../synth/fork';
import { synthesize } from '../../synth/synthesizer';
import { formatJsonl } from '../../synth/write';
import { loadBytes } from '../load';
import { PerfettoDocument, traceModelOf } from './session-trace';

type X = { ts: number; dur: number; name: string };

/** Complete slices of one thread that do not nest (partial overlaps), which Perfetto would spill. */
function overlaps(slices: readonly X[]): string[] {
  const sorted = [...slices].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack: X[] = [];
  const bad: string[] = [];
  for (const s of sorted) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= s.ts && !(stack[stack.length - 1].dur === 0 && stack[stack.length - 1].ts === s.ts && s.dur === 0)) stack.pop();
    const top = stack[stack.length - 1];
    if (top && s.ts + s.dur > top.ts + top.dur) bad.push(`${s.name}@${s.ts}+${s.dur} overlaps ${top.name}@${top.ts}+${top.dur}`);
    stack.push(s);
  }
  return bad;
}

function byThread(events: readonly TraceEvent[]): Map<string, X[]> {
  const out = new Map<string, X[]>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const k = `${e.pid}/${e.tid}`;
    out.set(k, [...(out.get(k) ?? []), e as unknown as X]);
  }
  return out;
}

const inside = (slices: readonly X[] | undefined, ts: number) => (slices ?? []).some((s) => s.ts < ts && ts < s.ts + s.dur);

async function familyEvents(): Promise<{ events: TraceEvent[]; text: string }> {
  const f = traceFamily();
  const parts: string[] = [];
  const doc = new PerfettoDocument((t) => parts.push(t));
  for (const b of [f.root, f.child, f.grandchild, f.fork]) doc.add(traceModelOf(await loadBytes(b, { now: 0 }))!);
  doc.end();
  const text = parts.join('');
  return { events: (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents, text };
}

describe('Perfetto trace of a session family', () => {
  it('has one named process per session with named tracks', async () => {
    const { events } = await familyEvents();
    const procs = events.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => (e.args as { name: string }).name);
    expect(procs).toEqual(['dsh root-1', 'dsh child-1', 'dsh grand-1', 'dsh fork-1']);
    const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === 1).map((e) => (e.args as { name: string }).name);
    expect(threads).toEqual(['turns', 'steps', 'tools', 'compactions', 'prunes']);
  });

  it('nests complete slices on every track', async () => {
    const { events } = await familyEvents();
    const threads = byThread(events);
    expect(threads.size).toBeGreaterThanOrEqual(4 * 3);
    for (const [k, xs] of threads) expect(overlaps(xs), k).toEqual([]);
  });

  it('splits each step into the time to its first chunk and the decoding after it, and counts the context each request sent', async () => {
    const { events } = await familyEvents();
    const steps = events.filter((e) => e.ph === 'X' && e.pid === 1 && e.tid === TRACKS.steps) as unknown as X[];
    const first = steps.find((s) => s.name === 'step 1.1 deepseek-v4')!;
    const wait = steps.find((s) => s.name === 'time to first chunk' && s.ts >= first.ts && s.ts < first.ts + first.dur)!;
    expect(wait).toMatchObject({ ts: 10_000_000, dur: 500_000 });
    expect(steps.find((s) => s.name === 'decoding' && s.ts === wait.ts + wait.dur)).toMatchObject({ dur: 200_000 });
    const counters = events.filter((e) => e.ph === 'C' && e.pid === 1).map((e) => (e.args as { tokens: number }).tokens);
    expect(counters).toEqual([405, 150, 10]);
  });

  it('marks compactions and prunes with instants and draws lineage arrows to them from the steps that held what they replaced', async () => {
    const { events } = await familyEvents();
    const threads = byThread(events);
    expect(events.filter((e) => e.ph === 'i' && e.pid === 1).map((e) => e.name).sort()).toEqual(['compaction', 'prune']);
    const starts = events.filter((e) => e.ph === 's'), ends = events.filter((e) => e.ph === 'f');
    // the compaction replaced messages of both steps of turn 1; the prune a result of turn 2's step
    expect(starts).toHaveLength(3);
    expect(ends.map((e) => e.tid).sort()).toEqual([TRACKS.compactions, TRACKS.compactions, TRACKS.prunes]);
    for (const e of [...starts, ...ends]) expect(inside(threads.get(`${e.pid}/${e.tid}`), e.ts as number), JSON.stringify(e)).toBe(true);
    expect(new Set(starts.map((e) => e.id)).size).toBe(3);
    for (const e of ends) expect(e.bp).toBe('e');
  });
});

describe('Perfetto tool slices', () => {
  it('makes tool calls that overlap the one before them async slices, so the tools track still nests', () => {
    const tool = (seq: number, start: number, end: number): TraceTool => ({ seq, callId: `c${seq}`, name: `t${seq}`, turn: 1, step: 1, start, end, mentions: [] });
    const m = { id: 's', agentName: 'dsh', turns: [], steps: [], marks: [], tools: [tool(1, 0, 10), tool(2, 5, 20), tool(3, 10, 12), tool(4, 30, 31)], timeOf: () => 0 } as unknown as TraceSession;
    const events: TraceEvent[] = [];
    perfettoEvents(m, 7, { nextFlowId: 1 }, (e) => events.push(e));
    expect(events.filter((e) => e.ph === 'X').map((e) => e.name)).toEqual(['t1', 't3', 't4']);
    expect(events.filter((e) => e.ph === 'b' || e.ph === 'e').map((e) => `${e.ph}${e.name}`)).toEqual(['bt2', 'et2']);
    expect(overlaps(events.filter((e) => e.ph === 'X') as unknown as X[])).toEqual([]);
    // the check itself finds a partial overlap, and lets nesting and touching slices be
    expect(overlaps([{ ts: 0, dur: 10, name: 'a' }, { ts: 5, dur: 10, name: 'b' }])).toHaveLength(1);
    expect(overlaps([{ ts: 0, dur: 10, name: 'a' }, { ts: 2, dur: 8, name: 'b' }, { ts: 10, dur: 5, name: 'c' }])).toEqual([]);
  });

  it('makes parallel calls of a log async slices: the second call, which starts while the first runs and ends after it', async () => {
    const w = new LogWriter(1000);
    w.turnStart(); w.stepStart(); w.user('q');
    w.at(1100); w.chunk({ type: 'text-delta', index: 0, text: 'a' });
    w.assistant('', [{ id: 'c1', name: 'read', args: '{}' }, { id: 'c2', name: 'bash', args: '{}' }]);
    w.at(1200); const c1 = w.call('c1', 'read', '{}'); w.at(1210); const c2 = w.call('c2', 'bash', '{}');
    w.at(1300); w.result('c1', 'one', c1); w.at(1400); w.result('c2', 'two', c2); w.stepEnd(); w.turnEnd();
    const m = traceModelOf(await loadBytes(bytesOf(headerRecord('parallel'), w.events), { now: 0 }))!;
    const events: TraceEvent[] = [];
    perfettoEvents(m, 1, { nextFlowId: 1 }, (e) => events.push(e));
    const tools = events.filter((e) => e.tid === TRACKS.tools && e.ph !== 'M');
    expect(tools.map((e) => `${e.ph} ${e.name} ${e.ts}`)).toEqual(['X read 1200000', 'b bash 1210000', 'e bash 1400000']);
    for (const xs of byThread(events).values()) expect(overlaps(xs)).toEqual([]);
  });

  it('keeps a step\'s parts inside it when times go backwards', async () => {
    const w = new LogWriter(5000);
    w.turnStart(); w.stepStart(); w.user('q');
    w.at(4000); w.chunk({ type: 'text-delta', index: 0, text: 'a' }); w.at(4500); w.assistant('a'); w.at(3000); w.stepEnd(); w.turnEnd();
    const m = traceModelOf(await loadBytes(bytesOf(headerRecord('back'), w.events), { now: 0 }))!;
    const events: TraceEvent[] = [];
    perfettoEvents(m, 1, { nextFlowId: 1 }, (e) => events.push(e));
    for (const xs of byThread(events).values()) expect(overlaps(xs)).toEqual([]);
    for (const e of events) if (e.ph === 'X') expect(e.dur as number).toBeGreaterThanOrEqual(0);
  });
});

describe('Perfetto trace of synthesized sessions (retries, prunes, compactions, a fork)', () => {
  it('nests complete slices on every track, keeps async tool slices paired, and binds every flow inside a slice at both ends', async () => {
    const f = synthesizeFork({ seed: 3, events: 4000, contextTokens: 9000 });
    const parts: string[] = [];
    const doc = new PerfettoDocument((t) => parts.push(t));
    let marks = 0;
    for (const s of [synthesize({ seed: 1, events: 4000, contextTokens: 9000 }), synthesize({ seed: 9, events: 4000, contextTokens: 9000 }), f.parent, f.child]) {
      const m = traceModelOf(await loadBytes(new TextEncoder().encode(formatJsonl(s.header, s.events)), { now: 0 }))!;
      marks += m.marks.length;
      doc.add(m);
    }
    doc.end();
    const events = (JSON.parse(parts.join('')) as { traceEvents: TraceEvent[] }).traceEvents;
    const threads = byThread(events);
    expect(threads.size).toBeGreaterThanOrEqual(4 * 4);
    for (const [k, xs] of threads) expect(overlaps(xs), k).toEqual([]);
    const begins = events.filter((e) => e.ph === 'b'), ends = events.filter((e) => e.ph === 'e');
    expect(begins.map((e) => e.id).sort()).toEqual(ends.map((e) => e.id).sort());
    for (const b of begins) expect((ends.find((e) => e.id === b.id)!.ts as number) >= (b.ts as number)).toBe(true);
    const flows = events.filter((e) => e.ph === 's' || e.ph === 'f');
    expect(marks).toBeGreaterThan(10);
    expect(flows.length).toBeGreaterThan(marks);
    for (const e of flows) expect(inside(threads.get(`${e.pid}/${e.tid}`), e.ts as number), JSON.stringify(e)).toBe(true);
  });
});
