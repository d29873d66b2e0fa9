import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textChunk, toolChunk, turnStart } from '../testing/builders';
import { PackedRow, decodeStorageRecord, packChunkRuns } from './chunk-rows';
import type { SessionEvent } from './types';

/** decode ∘ JSON round-trip over every packed record, expanding rows. */
function unpack(records: unknown[]): unknown[] {
  return records.flatMap((r) => {
    const d = decodeStorageRecord(JSON.parse(JSON.stringify(r)));
    return d instanceof PackedRow ? d.expand() : [d];
  });
}
const run = (n: number, from = 0, t = 1000, step = 10) => Array.from({ length: n }, (_, k) => textChunk(from + k, `t${k}`, { time: t + k * step }));

describe('packChunkRuns', () => {
  it('packs a text-delta run into one text-chunks row and round-trips it', () => {
    const events = run(5);
    const out = packChunkRuns(events);
    expect(out).toEqual([{ type: 'text-chunks', seq0: 0, time0: 1000, data: { turn: 1, step: 1, index: 0, dt: [10, 10, 10, 10], texts: ['t0', 't1', 't2', 't3', 't4'] } }]);
    expect(unpack(out)).toEqual(events);
  });
  it('packs reasoning and tool-call runs under their own tags, with and without name', () => {
    const reasoning = [0, 1, 2].map((k) => textChunk(k, `r${k}`, { kind: 'reasoning-delta' }));
    const named = [3, 4, 5].map((k) => toolChunk(k, `a${k}`, { name: 'bash' }));
    const nameless = [6, 7, 8].map((k) => toolChunk(k, `a${k}`, { id: 'c2' }));
    const out = packChunkRuns([...reasoning, ...named, ...nameless]) as { type: string; data: Record<string, unknown> }[];
    expect(out.map((r) => r.type)).toEqual(['reasoning-chunks', 'tool-call-chunks', 'tool-call-chunks']);
    expect(out[1].data).toMatchObject({ id: 'c1', name: 'bash', args: ['a3', 'a4', 'a5'] });
    expect('name' in out[2].data).toBe(false);
    expect(unpack(out)).toEqual([...reasoning, ...named, ...nameless]);
  });
  it('leaves runs shorter than three verbatim', () => {
    const events = run(2);
    expect(packChunkRuns(events)).toEqual(events);
  });
  it('breaks runs on seq gap, kind, index, step, tool id or name presence', () => {
    expect(packChunkRuns([textChunk(0, 'a'), textChunk(1, 'b'), textChunk(3, 'c'), textChunk(4, 'd')])).toHaveLength(4);
    expect(packChunkRuns([textChunk(0, 'a'), textChunk(1, 'b'), textChunk(2, 'c', { kind: 'reasoning-delta' })])).toHaveLength(3);
    expect(packChunkRuns([textChunk(0, 'a'), textChunk(1, 'b'), textChunk(2, 'c', { index: 1 })])).toHaveLength(3);
    expect(packChunkRuns([textChunk(0, 'a'), textChunk(1, 'b'), textChunk(2, 'c', { step: 2 })])).toHaveLength(3);
    expect(packChunkRuns([toolChunk(0, 'a'), toolChunk(1, 'b'), toolChunk(2, 'c', { id: 'x' })])).toHaveLength(3);
    expect(packChunkRuns([toolChunk(0, 'a'), toolChunk(1, 'b'), toolChunk(2, 'c', { name: 'n' })])).toHaveLength(3);
  });
  it('keeps non-delta chunks and other events verbatim between runs', () => {
    const finish = { type: 'assistant/chunk', seq: 3, time: 0, data: { turn: 1, step: 1, chunk: { type: 'finish' } } } as SessionEvent;
    const events = [...run(3), finish, turnStart(4, 1), ...run(3, 5)];
    const out = packChunkRuns(events);
    expect(out).toHaveLength(4);
    expect(unpack(out)).toEqual(events);
  });
  it('stores off-whitelist deltas verbatim: extra field, bad text type, fractional time, extra envelope key', () => {
    const c = run(3);
    const variants: SessionEvent[][] = [
      [c[0], c[1], { ...c[2], data: { ...c[2].data, chunk: { ...c[2].data.chunk, extra: 1 } } }],
      [c[0], c[1], { ...c[2], data: { ...c[2].data, chunk: { ...c[2].data.chunk, text: 1 } } }],
      [c[0], c[1], { ...c[2], time: 1.5 }],
      [c[0], c[1], { ...c[2], ignorable: true }],
      [c[0], c[1], { ...c[2], data: { ...c[2].data, extra: 1 } }],
    ];
    for (const v of variants) expect(packChunkRuns(v)).toHaveLength(3);
  });
  it('breaks a run when a time gap would leave the safe-integer range', () => {
    const events = [textChunk(0, 'a', { time: -Number.MAX_SAFE_INTEGER }), textChunk(1, 'b', { time: Number.MAX_SAFE_INTEGER }), textChunk(2, 'c', { time: 0 }), textChunk(3, 'd', { time: 1 })];
    const out = packChunkRuns(events);
    expect(unpack(out)).toEqual(events);
    expect(out.length).toBeGreaterThan(1);
  });
});

describe('decodeStorageRecord', () => {
  const good = () => ({ type: 'text-chunks', seq0: 4, time0: 100, data: { turn: 1, step: 2, index: 0, dt: [5, -3], texts: ['a', 'b', 'c'] } });
  const tool = () => ({ type: 'tool-call-chunks', seq0: 0, time0: 0, data: { turn: 1, step: 1, index: 0, dt: [0], id: 'c', name: 'n', args: ['x', 'y'] } });
  it('passes non-row values through unvalidated', () => {
    expect(decodeStorageRecord('junk')).toBe('junk');
    expect(decodeStorageRecord(null)).toBe(null);
    const e = turnStart(0, 1);
    expect(decodeStorageRecord(e)).toBe(e);
  });
  it('reconstructs member times through negative dt gaps', () => {
    const row = decodeStorageRecord(good()) as PackedRow;
    expect(row.expand().map((e) => [e.seq, e.time])).toEqual([[4, 100], [5, 105], [6, 102]]);
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const mut = (f: (r: any) => void, base: () => unknown = good) => { const r = base(); f(r); return r; };
  const malformed: [string, unknown][] = [
    ['non-object data', mut((r) => { r.data = 1; })],
    ['extra envelope key', mut((r) => { r.extra = 1; })],
    ['negative seq0', mut((r) => { r.seq0 = -1; })],
    ['non-finite time0', mut((r) => { r.time0 = Infinity; })],
    ['fractional time0', mut((r) => { r.time0 = 1.5; })],
    ['data shape mismatch', mut((r) => { r.data.extra = 1; })],
    ['non-string member', mut((r) => { r.data.texts = ['a', 1, 'c']; })],
    ['empty member list', mut((r) => { r.data.texts = []; r.data.dt = []; })],
    ['dt arity mismatch', mut((r) => { r.data.dt = [1]; })],
    ['non-finite dt gap', mut((r) => { r.data.dt = [NaN, 1]; })],
    ['fractional dt gap', mut((r) => { r.data.dt = [0.5, 1]; })],
    ['member seq leaving safe range', mut((r) => { r.seq0 = Number.MAX_SAFE_INTEGER; })],
    ['member time leaving safe range', mut((r) => { r.time0 = Number.MAX_SAFE_INTEGER - 1; })],
    ['non-numeric turn', mut((r) => { r.data.turn = '1'; })],
    ['tool row without id', mut((r) => { delete r.data.id; }, tool)],
    ['tool row with non-string id', mut((r) => { r.data.id = 1; }, tool)],
    ['tool row with non-string name', mut((r) => { r.data.name = 1; }, tool)],
  ];
  it('has 17 malformed row cases', () => expect(malformed).toHaveLength(17));
  for (const [name, row] of malformed) {
    it(`throws «malformed … storage row» on a ${name}`, () => {
      expect(() => decodeStorageRecord(row)).toThrow(/malformed .* storage row/);
    });
  }
});

describe('codec properties', () => {
  const safeTime = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  const member = fc.record({
    kind: fc.constantFrom('text-delta', 'reasoning-delta', 'tool-call-delta'),
    text: fc.string({ maxLength: 4 }),
    index: fc.integer({ min: 0, max: 1 }),
    step: fc.integer({ min: 1, max: 2 }),
    id: fc.constantFrom('a', 'b'),
    name: fc.option(fc.constantFrom('n', 'm'), { nil: undefined }),
    time: safeTime,
    gap: fc.boolean(),
    other: fc.boolean(),
  });
  it('JSON-serialized pack∘decode reproduces every batch exactly', () => {
    fc.assert(fc.property(fc.array(member, { maxLength: 40 }), (ms) => {
      let seq = 0;
      const events: SessionEvent[] = ms.map((m) => {
        if (m.gap) seq++;
        const s = seq++;
        if (m.other) return { ...turnStart(s, 1), time: m.time };
        return m.kind === 'tool-call-delta'
          ? toolChunk(s, m.text, { id: m.id, name: m.name, index: m.index, step: m.step, time: m.time })
          : textChunk(s, m.text, { kind: m.kind, index: m.index, step: m.step, time: m.time });
      });
      expect(unpack(packChunkRuns(events))).toEqual(events);
    }), { numRuns: 300 });
  });
});
