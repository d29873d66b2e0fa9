import { describe, expect, it } from 'vitest';
import { nodeByteText } from '../cli/byte-text';
import { readFileStats } from '../io/session-stats';
import { assistantMessage, closedToolTurn, endSeed, headerRecord, logBytes, stepEnd, stepStart, turnEnd, turnStart } from '../testing/builders';
import { deriveFleet, type FleetEntry } from './fleet-figures';
import { FleetDeriver } from './fleet-incremental';
import { deriveSessionFigures, type SessionFigures } from './session-figures';
import type { SessionEvent } from './types';

const withUsage = (e: SessionEvent, u: Record<string, number>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
/** A turn of one step that spends `n` input tokens. */
const spend = (base: number, turn: number, n: number) => [turnStart(base, turn), stepStart(base + 1, turn, 1), withUsage(assistantMessage(base + 2, `a${turn}`, 'ok', [], { turn }), { inputTokens: n, outputTokens: 1 }), stepEnd(base + 3, turn, 1), turnEnd(base + 4, turn)];

/** A small deterministic PRNG (the orders and batches below are the same on every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** What the fleet view shows of a session whose header is read and whose log is not yet: partial, no figures. */
const PENDING: SessionFigures = deriveSessionFigures([]);
const pending = (e: FleetEntry): FleetEntry => ({ id: e.id, path: e.path, kind: e.kind, parent: e.parent, verdict: 'checking', partial: true, figures: PENDING });

/** Judges `judged` into `start` a batch at a time in a shuffled order; after each batch the deriver must give what deriveFleet gives. */
function judgeInBatches(start: readonly FleetEntry[], judged: readonly FleetEntry[], seed: number): FleetEntry[] {
  const rnd = lcg(seed);
  const order = judged.map((_, i) => i).sort(() => rnd() - 0.5);
  const d = new FleetDeriver();
  const cur = start.slice();
  expect(d.derive(start)).toEqual(deriveFleet(start));
  while (order.length) {
    for (const i of order.splice(0, 1 + Math.floor(rnd() * 3))) cur[i] = judged[i];
    const now = cur.slice();
    expect(d.derive(now), `after judging up to ${judged.length - order.length}`).toEqual(deriveFleet(now));
  }
  return cur;
}

async function read(bytes: Uint8Array, name: string): Promise<FleetEntry> {
  const r = await readFileStats(bytes, name, { byteText: nodeByteText });
  if (r.kind !== 'sessions') throw new Error(`${name}: ${r.message}`);
  return r.entries[0];
}

describe('FleetDeriver', () => {
  it('gives deriveFleet\'s fleet after every batch on real logs with sub-agents two deep, forks and a refused sub-agent; a fork\'s seed counts once', async () => {
    const parent = [...closedToolTurn(0, 1), ...spend(8, 2, 40)];
    const sub = (id: string, of: string, depth: number, n: number) => logBytes(spend(0, 1, n), headerRecord(id, { parentSession: of, origin: 'subagent', delegationDepth: depth }));
    const logs: [string, Uint8Array][] = [
      ['root', logBytes(parent, headerRecord('root', { cwd: '/w' }))],
      ['a', sub('a', 'root', 1, 10)],
      ['a1', sub('a1', 'a', 2, 100)],
      // a fork of root: root's 13 events are its seed, then a turn of its own
      ['fork', logBytes([...parent, endSeed(13), ...spend(14, 3, 5)], headerRecord('fork', { parentSession: 'root', seedLength: 13 }))],
      ['fs', sub('fs', 'fork', 1, 1000)],
      // a fork of the fork, seeded with all of the fork
      ['fork2', logBytes([...parent, endSeed(13), ...spend(14, 3, 5), endSeed(19), ...spend(20, 4, 7)], headerRecord('fork2', { parentSession: 'fork', seedLength: 19 }))],
      // refused: an unknown required event type
      ['bad', logBytes([...spend(0, 1, 3), { type: 'future/thing', seq: 5, time: 1005, data: {} }], headerRecord('bad', { parentSession: 'root', origin: 'subagent', delegationDepth: 1 }))],
      ['orphan', sub('orphan', 'gone', 1, 20000)],
      ['other', logBytes(spend(0, 1, 100000), headerRecord('other', { cwd: '/q' }))],
    ];
    const judged = await Promise.all(logs.map(([id, b]) => read(b, `${id}.jsonl`)));
    const input = (id: string) => judged.find((e) => e.id === id)!.figures.tokens.input;
    expect(['root', 'fork', 'fork2', 'bad'].map(input)).toEqual([40, 5, 7, 3]);
    for (const seed of [1, 2, 3, 4, 5]) {
      const end = judgeInBatches(judged.map(pending), judged, seed);
      const f = new FleetDeriver().derive(end), row = (id: string) => f.rows.find((r) => r.id === id)!;
      // root with its sub-agents (a, a1), never its forks or the refused one; a fork with its own sub-agent
      expect([row('root'), row('a'), row('fork'), row('fork2')].map((r) => r.total.tokens.input)).toEqual([150, 110, 1005, 7]);
      expect(f.totals.tokens.input).toBe(40 + 10 + 100 + 5 + 1000 + 7 + 20000 + 100000);
    }
  });

  it('gives deriveFleet\'s fleet on a random folder through figure changes, refusals, added and re-parented sessions and cycles', () => {
    const rnd = lcg(27);
    const figures = (n: number): SessionFigures => ({ ...PENDING, turns: n % 7, steps: n % 11, toolCalls: n % 5, toolErrors: n % 2, tokens: { input: n, output: 2 * n, cacheRead: n % 13, cacheWrite: 0, reasoning: n % 3 }, byModel: { [`m${n % 3}`]: { input: n, output: 2 * n, cacheRead: n % 13, cacheWrite: 0, reasoning: n % 3 } } });
    const kinds = ['root', 'subagent', 'subagent', 'fork'] as const;
    const make = (i: number, count: number): FleetEntry => {
      const p = rnd();
      // mostly an earlier session as parent; some a missing one, some none, a few a later one (cycles), an id now and then listed twice
      const parent = p < 0.6 && i > 0 ? `s${Math.floor(rnd() * i)}` : p < 0.7 ? 'missing' : p < 0.75 ? `s${Math.floor(rnd() * count)}` : null;
      return { id: rnd() < 0.03 && i > 0 ? `s${i - 1}` : `s${i}`, path: `p${i}.jsonl`, kind: parent === null ? 'root' : kinds[Math.floor(rnd() * 4)], parent, verdict: 'ok', partial: rnd() < 0.1, figures: figures(Math.floor(rnd() * 10000)) };
    };
    const d = new FleetDeriver();
    let cur = Array.from({ length: 200 }, (_, i) => make(i, 200));
    for (let step = 0; step < 300; step++) {
      const r = rnd();
      cur = cur.slice();
      if (r < 0.05) cur.push(make(cur.length, cur.length + 1));
      else if (r < 0.08) { const i = Math.floor(rnd() * cur.length); cur[i] = { ...cur[i], parent: `s${Math.floor(rnd() * cur.length)}` }; }
      else {
        for (let k = 0, n = 1 + Math.floor(rnd() * 8); k < n; k++) {
          const i = Math.floor(rnd() * cur.length);
          cur[i] = { ...cur[i], figures: figures(Math.floor(rnd() * 10000)), partial: rnd() < 0.1 };
        }
      }
      expect(d.derive(cur), `step ${step}`).toEqual(deriveFleet(cur));
    }
  });

  it('keeps the rows of sessions a batch did not touch, and gives the same fleet for the same entries', () => {
    const e = (id: string, parent: string | null, n: number, kind: FleetEntry['kind'] = parent ? 'subagent' : 'root'): FleetEntry => ({ id, path: `${id}.jsonl`, kind, parent, verdict: 'ok', partial: false, figures: { ...PENDING, steps: n } });
    const first = [e('r', null, 1), e('a', 'r', 10), e('b', 'a', 100), e('x', null, 1000)];
    const d = new FleetDeriver();
    const f1 = d.derive(first);
    expect(d.derive(first)).toBe(f1);
    const next = first.slice();
    next[2] = e('b', 'a', 200);
    const f2 = d.derive(next);
    expect(f2.rows.map((r) => r.total.steps)).toEqual([211, 210, 200, 1000]);
    expect(f2.rows[3]).toBe(f1.rows[3]);
    expect(f2.rows[0]).not.toBe(f1.rows[0]);
  });
});
