import { describe, expect, it } from 'vitest';
import type { SearchState } from '../store/search-slice';
import { searchCountText } from './search-text';

const state = (n: number, over: Partial<SearchState> = {}): SearchState => ({ query: 'q', hits: new Int32Array(n), index: 0, done: true, ...over });

describe('search count (issue 14)', () => {
  it('says 100,000+ when the search stopped at its cap, and in filter with a filter on', () => {
    expect(searchCountText(state(100_000, { capped: true }))).toBe('1 / 100,000+');
    expect(searchCountText(state(100_000))).toBe('1 / 100,000');
    expect(searchCountText(state(2, { index: 1, families: ['compaction'] }))).toBe('2 / 2 in filter');
    expect(searchCountText(state(0, { families: ['compaction'] }))).toBe('no matches in filter');
    expect(searchCountText(state(0, { done: false }))).toBe('searching…');
    expect(searchCountText(state(5, { done: false }))).toBe('1 / 5 …');
  });
});
