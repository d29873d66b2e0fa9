import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log';
import { RangeCounts } from './range-counts';

describe('RangeCounts', () => {
  it('equals a walk of the range, with each type\'s first seq', () => {
    const log = new EventLog();
    const types = ['turn/start', 'step/start', 'assistant/chunk', 'tool/call', 'tool/result', 'step/end'];
    for (let s = 0; s < 20_000; s++) log.push({ type: types[(s * 7 + (s >> 5)) % types.length], seq: s, time: s, data: {} });
    const rc = new RangeCounts(log);
    fc.assert(fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (x, y) => {
      const [from, to] = x <= y ? [x, y] : [y, x];
      const want = new Map<string, { count: number; first: number }>();
      for (let s = from; s < to; s++) { const t = log.typeAt(s); const c = want.get(t); if (c) c.count++; else want.set(t, { count: 1, first: s }); }
      const got = new Map(rc.between(from, to).map((c) => [c.type, { count: c.count, first: c.first }]));
      expect(got).toEqual(want);
    }), { numRuns: 60 });
  });
});
