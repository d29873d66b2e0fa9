import { describe, expect, it } from 'vitest';
import { deriveFleet, type FleetEntry } from '../../core/fleet-figures';
import type { SessionFigures } from '../../core/session-figures';
import { ZERO_TOKENS } from '../../core/step-usage';
import { parsePriceTable } from '../../core/cost';
import { CHECKING, entryOf, fleetCost, fleetTable, formatCost, PENDING_FIGURES, rowCost, tokensByDay } from './fleet-table';

const DAY = 86_400_000;
function entry(id: string, n: number, o: Partial<FleetEntry> & { day?: number; errors?: number; title?: string } = {}): FleetEntry {
  const t = { ...ZERO_TOKENS, input: n }, d = o.day ?? 0;
  const figures: SessionFigures = { turns: 1, steps: n, toolCalls: 0, toolErrors: o.errors ?? 0, tokens: t, compactions: 0, prunes: 0, events: 1, firstTime: d * DAY, lastTime: d * DAY, wallMs: 0, models: [], byModel: {}, byDay: { [new Date(d * DAY).toISOString().slice(0, 10)]: t }, ...(o.title ? { title: o.title } : {}) };
  return { id, path: `${id}.jsonl`, project: o.project ?? '/p', kind: o.kind ?? 'root', parent: o.parent ?? null, verdict: 'ok', partial: o.partial ?? false, figures };
}
const rows = deriveFleet([
  entry('big', 50), entry('small', 5, { day: 1, errors: 2, title: 'Fix parser' }),
  entry('kid', 1, { kind: 'subagent', parent: 'small' }), entry('kid2', 100, { kind: 'subagent', parent: 'small' }),
  entry('q', 7, { project: '/q', day: 1, partial: true }),
]).rows;

describe('fleetTable', () => {
  it('sorts siblings and keeps sub-agents under their parent', () => {
    expect(fleetTable(rows, {}, { key: 'steps', dir: -1 }).map((r) => [r.row.id, r.depth])).toEqual([['big', 0], ['q', 0], ['small', 0], ['kid2', 1], ['kid', 1]]);
    expect(fleetTable(rows, {}, { key: 'total', dir: -1 }).map((r) => r.row.id)).toEqual(['small', 'kid2', 'kid', 'big', 'q']);
  });

  it('filters by project, days, kind, tool errors and title; a child whose parent is filtered out stands at the top', () => {
    const ids = (f: Parameters<typeof fleetTable>[1]) => fleetTable(rows, f, { key: 'session', dir: 1 }).map((r) => `${r.row.id}@${r.depth}`);
    expect(ids({ project: '/q' })).toEqual(['q@0']);
    expect(ids({ from: '1970-01-02', to: '1970-01-02' })).toEqual(['small@0', 'q@0']);
    expect(ids({ kind: 'subagent' })).toEqual(['kid@0', 'kid2@0']);
    expect(ids({ errorsOnly: true })).toEqual(['small@0']);
    expect(ids({ text: 'parser' })).toEqual(['small@0']);
  });
});

describe('tokensByDay', () => {
  it('stacks loaded sessions by project or by token class, per day', () => {
    const p = tokensByDay(rows, 'project');
    expect(p.days).toEqual(['1970-01-01', '1970-01-02']);
    expect(p.series).toEqual(['/p']);
    expect(p.values).toEqual([[151], [5]]);
    expect(tokensByDay(rows, 'class').values[0]).toEqual([151, 0, 0, 0, 0]);
  });

  it('stacks each token once by class: reasoning carved out of output, so both stacks give the day\'s total', () => {
    const t = { input: 10, output: 23, cacheRead: 100, cacheWrite: 1, reasoning: 20 };
    const e = entry('r', 0);
    const r = deriveFleet([{ ...e, figures: { ...e.figures, tokens: t, byDay: { '1970-01-01': t } } }]).rows;
    const c = tokensByDay(r, 'class');
    expect(c.series).toEqual(['input', 'cache read', 'cache write', 'output (not reasoning)', 'reasoning']);
    expect(c.values[0]).toEqual([10, 100, 1, 3, 20]);
    expect(tokensByDay(r, 'project').values[0]).toEqual([134]);
    expect(fleetTable(r, {}, { key: 'total', dir: 1 }).map((x) => x.row.total.tokens)).toEqual([t]);
  });
});

describe('entryOf', () => {
  const listed = { path: 'sessions/--w--/abc/session.jsonl', size: 1, mtimeMs: 0, kind: 'dsh' as const, projectDir: '--w--', dirId: 'abc' };
  it('makes a pending row of a session listed but not read: named by its directory\'s id, else its path; no project or parent yet', () => {
    expect(entryOf(listed)).toEqual({ id: 'abc', path: listed.path, kind: 'root', parent: null, verdict: CHECKING, partial: true, figures: PENDING_FIGURES });
    expect(entryOf({ path: 'x/loose.jsonl', size: 1, mtimeMs: 0, kind: 'log' })).toMatchObject({ id: 'x/loose.jsonl', verdict: CHECKING, partial: true });
  });
  it('takes the header\'s id, project and lineage once read; no row for a file without a readable header', () => {
    expect(entryOf({ ...listed, header: { id: 'abc', cwd: '/w', createdAt: 5, parentSession: 'p', origin: 'subagent' } })).toMatchObject({ id: 'abc', project: '/w', createdAt: 5, kind: 'subagent', parent: 'p', verdict: CHECKING });
    expect(entryOf({ ...listed, header: null })).toBeNull();
  });
});

describe('costs in the fleet table', () => {
  // byModel as the loader gives it: the entries' input tokens on model m, but big's on a model the table leaves out
  const priced = deriveFleet([
    { ...entry('big', 50), figures: { ...entry('big', 50).figures, byModel: { other: { ...ZERO_TOKENS, input: 50 } } } },
    ...['small', 'kid', 'q'].map((id, k) => {
      const e = entry(id, [5, 1, 7][k], [{}, { kind: 'subagent' as const, parent: 'small' }, { partial: true }][k]);
      return { ...e, figures: { ...e.figures, byModel: { m: e.figures.tokens } } };
    }),
  ]).rows;
  const prices = parsePriceTable({ name: 'test', currency: 'EUR', models: { m: { input: 1e6 } } }, 'p.json');

  it('costs a row with its sub-agents, the loaded sessions once each, and sorts by cost', () => {
    expect(rowCost(priced[1], prices)).toMatchObject({ amount: 6, table: 'test', unpricedTokens: 0 });
    expect(rowCost(priced[1], undefined)).toBeUndefined();
    // the refused q is in no total; big's tokens have no price
    expect(fleetCost(priced, prices)).toMatchObject({ amount: 6, currency: 'EUR', table: 'test', unpricedTokens: 50, unpricedModels: ['other'] });
    expect(formatCost(fleetCost(priced, prices))).toBe('6.0000 EUR (+50 tokens unpriced)');
    expect(fleetTable(priced, {}, { key: 'cost', dir: -1 }, prices).map((r) => r.row.id)).toEqual(['q', 'small', 'kid', 'big']);
  });
});
