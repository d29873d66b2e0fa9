import { describe, expect, it } from 'vitest';
import { afterFork } from './fork-rows';

describe('afterFork', () => {
  it('counts the events from the divergence point, not the whole log', () => {
    // the parent: 601 events, forked at 580, so 21 events (580–600) come after the fork
    expect(afterFork(601, 580)).toEqual({ count: 21, range: 'seq 580–600' });
    expect(afterFork(581, 580)).toEqual({ count: 1, range: 'seq 580' });
    expect(afterFork(580, 580)).toEqual({ count: 0, range: 'none' });
    expect(afterFork(10, 0)).toEqual({ count: 10, range: 'seq 0–9' });
  });
});
