/**
 * fetched(): what the Log waits for before it scrolls to a new window. It asks for the rows and
 * runs not fetched yet (once, batched), and holds once every one of them has arrived.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSessionClient } from '../testing/fake-session-client';

vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));

let scope: typeof import('./session-scope');
let store: typeof import('../store/store');
let fake: FakeSessionClient;
const flush = () => new Promise<void>((r) => setTimeout(r, 0));
const row = (seq: number) => ({ seq, time: 0, type: 'turn/start', summary: `row ${seq}`, flags: 0 });
const run = (start: number) => ({ start, preview: '', kinds: 'text' });

beforeEach(async () => {
  vi.resetModules();
  scope = await import('./session-scope');
  store = await import('../store/store');
  fake = (await import('./session-client')).client as unknown as FakeSessionClient;
  fake.reset();
});

describe('fetched', () => {
  it('asks once for the missing rows and runs, and holds when all have arrived', async () => {
    expect(scope.fetched([1, 2, 3], [2])).toBe(false);
    // asked again before the answers: nothing asked twice
    expect(scope.fetched([1, 2, 3], [2])).toBe(false);
    await flush();
    expect(fake.pending('rowsOf').map((r) => r.args[0])).toEqual([[1, 2, 3]]);
    expect(fake.pending('runInfo').map((r) => r.args[0])).toEqual([[2]]);
    const v0 = store.useApp.getState().rowsVersion;
    fake.take('rowsOf').resolve([1, 2, 3].map(row));
    await flush();
    // rows are in (and the views told so), the run is not
    expect(store.useApp.getState().rowsVersion).toBe(v0 + 1);
    expect(scope.fetched([1, 2, 3], [2])).toBe(false);
    fake.take('runInfo').resolve([run(2)]);
    await flush();
    expect(scope.fetched([1, 2, 3], [2])).toBe(true);
    // a window that is all fetched asks for nothing
    await flush();
    expect(fake.pending('rowsOf')).toEqual([]);
    expect(fake.pending('runInfo')).toEqual([]);
  });

  it('a window moved by one row asks only for the row it did not have', async () => {
    scope.fetched([10, 11], []);
    await flush();
    fake.take('rowsOf').resolve([10, 11].map(row));
    await flush();
    expect(scope.fetched([11, 12], [])).toBe(false);
    await flush();
    expect(fake.pending('rowsOf').map((r) => r.args[0])).toEqual([[12]]);
  });
});
