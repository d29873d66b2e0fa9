/**
 * A followed file growing is the same session: work scoped to the session shown (a search in
 * flight, the Share review, waiting for another session to open) goes on through a growth and
 * ends only when another session is shown. Before `sessionId`, each growth's new summary ended it.
 * Waiting for the next session (run A of a pair, a fleet hit) ends with nothing when the open
 * shows none, also when the session shown stays (it resolved with that session, or never).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Moment } from '../protocol/worker-protocol';
import { fakeSummary, type FakeSessionClient } from '../testing/fake-session-client';

vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));

type App = typeof import('../store/store') & typeof import('./session') & typeof import('./search') & typeof import('./share');
let app: App;
let fake: FakeSessionClient;

const moment = (seq: number) => ({ seq }) as unknown as Moment;
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

beforeEach(async () => {
  vi.resetModules();
  app = { ...(await import('../store/store')), ...(await import('./session')), ...(await import('./search')), ...(await import('./share')) };
  fake = (await import('./session-client')).client as unknown as FakeSessionClient;
  fake.reset();
});

async function open(name: string, length: number) {
  app.loadSession(new ArrayBuffer(length * 100), `${name}.jsonl`, name);
  fake.settle(fakeSummary(length));
  fake.take('moment').resolve(moment(length - 1));
  await flush();
}

/** The followed session grows to `length` events: the worker's append and the overview after it are answered. */
async function grow(length: number) {
  const grown = app.growSession(new ArrayBuffer(100));
  fake.appends.shift()!.resolve(fakeSummary(length));
  expect(await grown).toBe(true);
  fake.take('overviewNow').resolve({});
  await flush();
}

const state = () => app.useApp.getState();

describe('a followed file growing is the same session', () => {
  it('keeps the session id through a growth and its overview; another load gives a new one; Cancel brings the old one back', async () => {
    await open('a', 10);
    const first = state().sessionId;
    expect(first).toBeTypeOf('number');
    const before = state().summary;
    await grow(12);
    expect(state().summary).not.toBe(before);
    expect(state().summary?.length).toBe(12);
    expect(state().sessionId).toBe(first);

    await open('b', 5);
    const second = state().sessionId;
    expect(second).not.toBe(first);
    app.loadSession(new ArrayBuffer(100), 'c.jsonl', 'c');
    expect(state().sessionId).toBeUndefined();
    app.cancelLoad();
    expect(state().sessionId).toBe(second);
  });

  it('a search in flight goes on through a growth, its hits kept; another session abandons it', async () => {
    await open('a', 10);
    void app.runSearch('needle');
    await flush();
    fake.take('searchFrom').resolve({ hits: Int32Array.of(9), next: 10 });
    await flush();
    await grow(20);
    // the next batch is asked for and taken: the search did not stop when the summary changed
    fake.take('searchFrom').resolve({ hits: Int32Array.of(15), next: -1 });
    await flush();
    expect(fake.pending('searchFrom')).toHaveLength(1);
    fake.take('searchFrom').resolve({ hits: Int32Array.of(3), next: -1 });
    await flush();
    expect(state().search?.done).toBe(true);
    expect([...state().search!.hits]).toEqual([3, 9, 15]);

    void app.runSearch('other');
    await flush();
    const batch = fake.take('searchFrom');
    await open('b', 4);
    batch.resolve({ hits: Int32Array.of(1), next: -1 });
    await flush();
    expect(state().search?.query).not.toBe('other');
  });

  it('the Share review stays open while the followed file grows, and closes when another session opens', async () => {
    await open('a', 10);
    app.openShare();
    app.addExtraString('acme-internal');
    expect(app.useShare.getState().open).toBe(true);
    await grow(11);
    await grow(13);
    expect(app.useShare.getState().open).toBe(true);
    expect(app.useShare.getState().extraStrings).toEqual(['acme-internal']);

    await open('b', 3);
    expect(app.useShare.getState().open).toBe(false);
    expect(app.useShare.getState().extraStrings).toEqual([]);
  });

  it('waiting for the next session: its summary once it shows, not the growth of the session shown', async () => {
    await open('a', 10);
    const next = app.nextSessionShown();
    let got: unknown = 'pending';
    void next.then((v) => { got = v; });
    await grow(12);
    expect(got).toBe('pending');
    app.loadSession(new ArrayBuffer(500), 'b.jsonl', 'b');
    const b = fakeSummary(5);
    fake.settle(b);
    await flush();
    expect(got).toBe(b);
  });

  it('waiting for the next session: nothing when the open fails or is cancelled and the session shown stays', async () => {
    await open('a', 10);
    const failed = app.nextSessionShown();
    app.loadSession(new ArrayBuffer(500), 'b.jsonl', 'b');
    fake.fail('not a log');
    expect(await failed).toBeUndefined();
    expect(state().summary?.length).toBe(10);

    const unread = app.nextSessionShown();
    app.failOpen('https://example.invalid/c.jsonl', 'The address could not be fetched.');
    expect(await unread).toBeUndefined();

    const cancelled = app.nextSessionShown();
    app.loadSession(new ArrayBuffer(500), 'd.jsonl', 'd');
    app.cancelLoad();
    expect(await cancelled).toBeUndefined();
    expect(state().summary?.length).toBe(10);
  });
});
