import { describe, expect, it } from 'vitest';
import { planCases } from './browser';

const corpus = ['a', 'b', 'c'].map((name) => ({ path: `/c/${name}`, name }));

describe('the browser fuzzer plan', () => {
  it('gives odd cases the corpus files in order until they run out, and numbers the mutated logs consecutively', () => {
    const plan = planCases(10, corpus);
    expect(plan.map((p) => p.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(plan.map((p) => p.corpus?.name ?? `m${p.m}`)).toEqual(['m0', 'a', 'm1', 'b', 'm2', 'c', 'm3', 'm4', 'm5', 'm6']);
  });
  it('holds no case for zero, only mutated logs with no corpus, and leaves corpus files out past the last case', () => {
    expect(planCases(0, corpus)).toEqual([]);
    expect(planCases(4, corpus).map((p) => p.corpus?.name ?? `m${p.m}`)).toEqual(['m0', 'a', 'm1', 'b']);
    expect(planCases(3, []).map((p) => p.m)).toEqual([0, 1, 2]);
  });
});
