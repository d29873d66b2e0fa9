import { describe, expect, it } from 'vitest';
import { deriveFleet, groupFleet, kindOf, type FleetEntry } from './fleet-figures';
import type { SessionFigures } from './session-figures';
import { ZERO_TOKENS } from './step-usage';

const DAY = 86_400_000;
function figures(n: number, day = 0): SessionFigures {
  const tokens = { ...ZERO_TOKENS, input: n, output: 2 * n };
  return { turns: 1, steps: n, toolCalls: n, toolErrors: n % 2, tokens, compactions: 0, prunes: 0, events: 10, firstTime: day * DAY, lastTime: day * DAY + 5, wallMs: 5, models: ['m'], byModel: { m: tokens }, byDay: { [new Date(day * DAY).toISOString().slice(0, 10)]: tokens } };
}
function entry(id: string, n: number, o: Partial<FleetEntry> = {}): FleetEntry {
  return { id, path: `${id}.jsonl`, project: '/p', kind: 'root', parent: null, verdict: 'ok', partial: false, figures: figures(n), ...o };
}

/** root ← sub-agent a ← sub-agent a1 (two deep), root ← fork f, root ← refused sub-agent b; other is unrelated. */
const fleet: FleetEntry[] = [
  entry('root', 1),
  entry('a', 10, { kind: 'subagent', parent: 'root' }),
  entry('a1', 100, { kind: 'subagent', parent: 'a' }),
  entry('f', 1000, { kind: 'fork', parent: 'root' }),
  entry('b', 10000, { kind: 'subagent', parent: 'root', verdict: 'corrupt', partial: true }),
  entry('other', 100000, { project: '/q', figures: figures(100000, 1) }),
];

describe('kindOf', () => {
  it('tells sub-agents, forks and roots apart by the header', () => {
    expect(kindOf({ origin: 'subagent', parentSession: 'p' })).toBe('subagent');
    expect(kindOf({ origin: 'subagent', parentSession: 'p', seedLength: 4 })).toBe('subagent');
    expect(kindOf({ parentSession: 'p', seedLength: 4 })).toBe('fork');
    expect(kindOf({ parentSession: 'p', seedLength: 0 })).toBe('root');
    expect(kindOf({})).toBe('root');
  });
});

describe('deriveFleet', () => {
  const { rows, totals } = deriveFleet(fleet);
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('totals a session with its loaded sub-agents to any depth, never its forks', () => {
    expect(row('a').total.steps).toBe(110);
    expect(row('root').total.steps).toBe(111);
    expect(row('root').total.tokens.input).toBe(111);
    expect(row('f').total.steps).toBe(1000);
    expect(row('a1').total.steps).toBe(100);
  });

  it('places sub-agents and forks under their parent', () => {
    expect(row('root').children).toEqual(['a', 'f', 'b']);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 1, 1, 0]);
  });

  it('totals own figures of loaded sessions only, each once', () => {
    expect(totals.steps).toBe(1 + 10 + 100 + 1000 + 100000);
    expect(totals.toolErrors).toBe(1 + 0 + 0 + 0 + 0);
  });

  it('adds up over shards: the totals of two halves are the totals of the whole', () => {
    for (let cut = 0; cut <= fleet.length; cut++) {
      const a = deriveFleet(fleet.slice(0, cut)).totals, b = deriveFleet(fleet.slice(cut)).totals;
      expect(a.steps + b.steps).toBe(totals.steps);
      expect(a.tokens.output + b.tokens.output).toBe(totals.tokens.output);
    }
  });

  it('ends on a cycle of parents', () => {
    const { rows: r } = deriveFleet([entry('x', 1, { kind: 'subagent', parent: 'y' }), entry('y', 2, { kind: 'subagent', parent: 'x' })]);
    // nothing is added twice: no total exceeds the two sessions' own steps together
    for (const x of r) expect(x.total.steps).toBeLessThanOrEqual(3);
    expect(r.every((x) => Number.isFinite(x.depth))).toBe(true);
  });
});

describe('groupFleet', () => {
  it('groups loaded sessions by project, day and model', () => {
    expect(groupFleet(fleet, 'project').map((g) => [g.key, g.sessions, g.figures.steps])).toEqual([['/p', 4, 1111], ['/q', 1, 100000]]);
    expect(groupFleet(fleet, 'day').map((g) => [g.key, g.sessions, g.figures.tokens.input])).toEqual([['1970-01-01', 4, 1111], ['1970-01-02', 1, 100000]]);
    expect(groupFleet(fleet, 'model').map((g) => [g.key, g.sessions, g.figures.tokens.output])).toEqual([['m', 5, 2 * 101111]]);
  });
});
