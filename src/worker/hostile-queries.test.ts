/** Worker answers for hostile inputs (issue 6) must survive postMessage: transferable and clonable. */
import { describe, expect, it } from 'vitest';
import { binaryGarbage, deepNestingLog } from '../fuzz/hostile';
import { loadBytes } from '../io/load';
import { clipDepth, POST_DEPTH } from './json-node';
import { SessionQueries } from './queries';

describe('worker answers for hostile inputs', () => {
  it('a refused file without a session has four distinct transferable buffers', async () => {
    const q = new SessionQueries(await loadBytes(binaryGarbage(4096), { now: 0 }));
    const s = q.summary();
    const bufs = [s.turnSeqs.buffer, s.compactionSeqs.buffer, s.replacementSeqs.buffer, s.headerSeqs.buffer];
    expect(new Set(bufs).size).toBe(4);
    expect(() => structuredClone(s, { transfer: bufs })).not.toThrow();
  });

  it('the moment of a 100,000-deep log clones, and the deep value is clipped', async () => {
    const r = await loadBytes(deepNestingLog(100_000), { now: 0 });
    expect(r.verdict.ok).toBe(true);
    const q = new SessionQueries(r);
    const m = q.moment(q.length - 1);
    expect(() => structuredClone(m)).not.toThrow();
    // the moment is seq lists; the cards the views fetch carry the (clipped) messages
    const cards = q.cards([...m.surfaceSeqs, ...m.transcriptSeqs]);
    expect(() => structuredClone(cards)).not.toThrow();
    expect(JSON.stringify(cards)).toContain(`nested deeper than ${POST_DEPTH} levels`);
  });

  it('clipDepth keeps own __proto__ keys own and copies only what it changes', () => {
    const v = JSON.parse('{"__proto__":{"polluted":"yes"},"shallow":[1,2],"deep":[[[[0]]]]}') as Record<string, unknown>;
    const c = clipDepth(v, 3);
    expect(Object.keys(c)).toEqual(['__proto__', 'shallow', 'deep']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(c.shallow).toBe(v.shallow);
    expect(c.deep).not.toBe(v.deep);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(clipDepth(v)).toBe(v);
  });
});
