import { describe, expect, it } from 'vitest';
import type { LineageInfo } from '../protocol/worker-protocol';
import { lineageAt, roleAt } from './lineage-at';

// event 1304 cites 8–10, is cited by 1400 and 2300, and is replaced by 2212 (issue 14's example)
const lin: LineageInfo = { seq: 1304, sources: [8, 9, 10], dependents: [1400, 2300], replaced: [], replacer: 2212, chain: [1304, 2212] };

describe('lineage as of the cursor', () => {
  it('lists what happens after the cursor apart, never as a present fact', () => {
    const at = lineageAt(lin, 1500);
    expect(at.now).toEqual([{ label: 'Cites', seqs: [8, 9, 10] }, { label: 'Cited by', seqs: [1400] }]);
    expect(at.later).toEqual([{ label: 'Cited by', seqs: [2300] }, { label: 'Replaced by', seqs: [2212] }, { label: 'Replacement chain', seqs: [2212] }]);
    const end = lineageAt(lin, 3000);
    expect(end.later).toEqual([]);
    expect(end.now.map((f) => f.label)).toEqual(['Cites', 'Cited by', 'Replaced by', 'Replacement chain']);
  });

  it('puts every fact of an event past the cursor after it, with the seq it became true', () => {
    const at = lineageAt(lin, 100);
    expect(at.now).toEqual([]);
    expect(at.later[0]).toEqual({ label: 'Cites', seqs: [8, 9, 10], at: 1304 });
  });

  it('dates a summary\'s shadows from its checkpoint', () => {
    const sum: LineageInfo = { seq: 1303, sources: [], dependents: [1305], replaced: [], chain: [1303], carriedBy: { checkpoint: 1305, shadowed: [40, 41, 42] } };
    expect(lineageAt(sum, 1304).later).toContainEqual({ label: 'Shadows (through its checkpoint)', seqs: [40, 41, 42], at: 1305 });
    expect(lineageAt(sum, 1305).now).toContainEqual({ label: 'Shadows (through its checkpoint)', seqs: [40, 41, 42] });
    expect(roleAt(41, 41, sum, 1304)).toBeUndefined();
    expect(roleAt(41, 41, sum, 1305)).toBe('replaced');
  });

  it('marks a folded run when any member is a source, and nothing after the cursor', () => {
    const msg: LineageInfo = { seq: 121, sources: [8, 9, 50, 120], dependents: [200], replaced: [], chain: [121] };
    expect(roleAt(5, 7, msg, 300)).toBeUndefined();
    expect(roleAt(7, 8, msg, 300)).toBe('source');
    expect(roleAt(100, 130, msg, 300)).toBe('source');
    expect(roleAt(200, 200, msg, 300)).toBe('dependent');
    expect(roleAt(200, 200, msg, 150)).toBeUndefined();
    expect(roleAt(8, 8, msg, 100)).toBeUndefined();
    const rep: LineageInfo = { seq: 30, sources: [4, 5], dependents: [], replaced: [5, 6], chain: [30] };
    expect(roleAt(5, 5, rep, 30)).toBe('replaced');
    expect(roleAt(4, 4, rep, 30)).toBe('source');
  });
});
