/**
 * The load lifecycle with a fake session worker client: Cancel, and a file that gives no session,
 * return to the session shown before the load (name, cursor, selection, view), and a reply for an
 * earlier load never wins over a newer one.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineageInfo, Moment } from '../protocol/worker-protocol';
import { fakeSummary, type FakeSessionClient } from '../testing/fake-session-client';

vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));

type App = typeof import('../store/store') & typeof import('./session') & typeof import('./cursor') & typeof import('./view');
let app: App;
let fake: FakeSessionClient;

const bytes = (n: number) => new ArrayBuffer(n);
const moment = (seq: number) => ({ seq }) as unknown as Moment;
const lineage = (seq: number) => ({ seq, sources: [] }) as unknown as LineageInfo;
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

beforeEach(async () => {
  // fresh modules (the store, the load generation, the moment coalescer) and a fresh fake (vi.mock keeps its instance)
  vi.resetModules();
  app = { ...(await import('../store/store')), ...(await import('./session')), ...(await import('./cursor')), ...(await import('./view')) };
  fake = (await import('./session-client')).client as unknown as FakeSessionClient;
  fake.reset();
});

/** Loads a session and settles it, answering the moment asked for at its end. */
async function open(name: string, length: number) {
  app.loadSession(bytes(length * 100), `${name}.jsonl`, name);
  const summary = fakeSummary(length);
  fake.settle(summary);
  fake.take('moment').resolve(moment(length - 1));
  await flush();
  return summary;
}

describe('cancel', () => {
  it('a Cancel during a load restores the session shown before it: name, summary, cursor, moment, selection, lineage, view', async () => {
    const a = await open('a', 100);
    app.setCursor(40);
    fake.take('moment', (r) => r.op === 'moment' && r.args[0] === 40).resolve(moment(40));
    app.select(12);
    fake.take('lineage').resolve(lineage(12));
    app.setView('surface');
    await flush();
    const shown = app.useApp.getState();
    expect([shown.cursor, shown.moment?.seq, shown.selected, shown.lineage?.seq, shown.view]).toEqual([40, 40, 12, 12, 'surface']);

    app.loadSession(bytes(5000), 'b.jsonl', 'b');
    let s = app.useApp.getState();
    expect([s.phase, s.sessionName, s.summary, s.selected, s.lineage]).toEqual(['loading', 'b', undefined, undefined, undefined]);
    fake.loads[1].cb.onProgress(100, 5000, 3);
    expect(app.useApp.getState().progress).toMatchObject({ done: 100, total: 5000, events: 3 });

    app.cancelLoad();
    s = app.useApp.getState();
    expect(s.phase).toBe('ready');
    expect(s.message).toBe('Load cancelled');
    expect(s.sessionName).toBe('a');
    expect(s.summary).toBe(a);
    expect([s.cursor, s.moment?.seq, s.selected, s.lineage?.seq, s.view]).toEqual([40, 40, 12, 12, 'surface']);

    // the cancelled load's late messages change nothing
    fake.loads[1].cb.onProgress(4000, 5000, 80);
    fake.loads[1].cb.onLoaded(fakeSummary(80));
    fake.loads[1].cb.onFailed('late');
    s = app.useApp.getState();
    expect([s.phase, s.sessionName, s.summary, s.cursor, s.message]).toEqual(['ready', 'a', a, 40, 'Load cancelled']);
  });

  it('a load replacing a load in flight, then Cancel, returns to the session open before both', async () => {
    const a = await open('a', 50);
    app.setCursor(7);
    fake.take('moment').resolve(moment(7));
    await flush();
    app.loadSession(bytes(10), 'b.jsonl', 'b');
    app.loadSession(bytes(20), 'c.jsonl', 'c');
    app.cancelLoad();
    const s = app.useApp.getState();
    expect([s.phase, s.sessionName, s.summary, s.cursor, s.moment?.seq]).toEqual(['ready', 'a', a, 7, 7]);
  });

  it('a Cancel of the first load leaves no session, its phase cancelled', () => {
    app.loadSession(bytes(10), 'a.jsonl', 'a');
    app.cancelLoad();
    const s = app.useApp.getState();
    expect([s.phase, s.summary, s.message]).toEqual(['cancelled', undefined, 'Load cancelled']);
  });

  it('after Cancel the session restored takes its own moment answers again', async () => {
    await open('a', 30);
    app.loadSession(bytes(10), 'b.jsonl', 'b');
    app.cancelLoad();
    app.setCursor(3);
    fake.take('moment', (r) => r.op === 'moment' && r.args[0] === 3).resolve(moment(3));
    await flush();
    expect(app.useApp.getState().moment?.seq).toBe(3);
  });
});

describe('a file that gives no session', () => {
  /** Session `a` shown at seq 9, event 12 selected with its lineage, the Surface, marks, a zoom and a finished search. */
  async function shownAsItWas() {
    const a = await open('a', 60);
    app.setCursor(9);
    fake.take('moment').resolve(moment(9));
    app.select(12);
    fake.take('lineage').resolve(lineage(12));
    app.setView('surface');
    app.setMarks(3, 9);
    app.useApp.setState({ zoom: { from: 2, to: 40 }, search: { query: 'tool', hits: Int32Array.of(4, 12), index: 1, done: true } });
    await flush();
    return { a, was: app.useApp.getState() };
  }
  const place = (s: ReturnType<typeof app.useApp.getState>) => ({ phase: s.phase, sessionName: s.sessionName, summary: s.summary, cursor: s.cursor, moment: s.moment, selected: s.selected,
    lineage: s.lineage, view: s.view, markA: s.markA, markB: s.markB, zoom: s.zoom, search: s.search });

  it('refused as a whole over a session (not a log), leaves that session exactly as it was and says which file and why once', async () => {
    const { a, was } = await shownAsItWas();
    app.loadSession(bytes(16), 'shot.png', 'shot');
    fake.fail('Could not load: This is a PNG image, not a session log.', undefined, { kind: 'corrupt', code: 'not-a-log' });
    const s = app.useApp.getState();
    expect(place(s)).toEqual({ ...place(was), phase: 'ready' });
    expect([s.summary, s.message, s.refusal, s.library.notice]).toEqual([a, undefined, undefined, undefined]);
    expect(s.openFailure).toEqual({ file: 'shot.png', message: 'Could not load: This is a PNG image, not a session log.', refusal: { kind: 'corrupt', code: 'not-a-log' } });
  });

  it('unreadable over a session (no verdict), leaves it as it was; the next load clears the failure, Dismiss too', async () => {
    const { was } = await shownAsItWas();
    app.loadSession(bytes(16), 'gone.jsonl', 'gone');
    fake.fail('Could not load: NotReadableError');
    expect(place(app.useApp.getState())).toEqual({ ...place(was), phase: 'ready' });
    expect(app.useApp.getState().openFailure).toEqual({ file: 'gone.jsonl', message: 'Could not load: NotReadableError' });
    app.dismissOpenFailure();
    expect(app.useApp.getState().openFailure).toBeUndefined();
    app.loadSession(bytes(16), 'x.png', 'x');
    fake.fail('Could not load: This is a PNG image, not a session log.');
    app.loadSession(bytes(100), 'b.jsonl', 'b');
    expect(app.useApp.getState().openFailure).toBeUndefined();
  });

  it('with no session open, fails the load: the status carries the reason, no failure banner', () => {
    app.loadSession(bytes(16), 'shot.png', 'shot');
    fake.fail('This is a PNG image, not a session log.', undefined, { kind: 'corrupt', code: 'not-a-log' });
    const s = app.useApp.getState();
    expect([s.phase, s.summary, s.message, s.refusal, s.openFailure, s.library.notice]).toEqual(['failed', undefined, 'This is a PNG image, not a session log.', { kind: 'corrupt', code: 'not-a-log' }, undefined, undefined]);
  });

  it('an open that fails before its bytes reach the worker (a fetch) keeps the session shown; with none, it fails', async () => {
    const { was } = await shownAsItWas();
    app.useApp.setState({ phase: 'loading', message: undefined });
    app.failOpen('/missing.jsonl', 'Could not open /missing.jsonl: not found (404).');
    expect(place(app.useApp.getState())).toEqual({ ...place(was), phase: 'ready' });
    expect(app.useApp.getState().openFailure).toEqual({ file: '/missing.jsonl', message: 'Could not open /missing.jsonl: not found (404).' });
    app.resetSession({ phase: 'loading' });
    app.failOpen('/missing.jsonl', 'Could not open /missing.jsonl: not found (404).');
    const s = app.useApp.getState();
    expect([s.phase, s.message, s.openFailure]).toEqual(['failed', 'Could not open /missing.jsonl: not found (404).', undefined]);
  });

  it('a refused log that still gives a session replaces the one shown, as any load does', async () => {
    await shownAsItWas();
    app.loadSession(bytes(100), 'refused.jsonl', 'refused');
    const r = fakeSummary(5);
    fake.settle(r);
    const s = app.useApp.getState();
    expect([s.phase, s.sessionName, s.summary, s.cursor, s.selected, s.zoom, s.openFailure]).toEqual(['ready', 'refused', r, 4, undefined, undefined, undefined]);
  });
});

describe('a stale reply never wins', () => {
  it('an earlier load that settles after a newer one began is ignored; the newer one is shown', async () => {
    app.loadSession(bytes(10), 'a.jsonl', 'a');
    app.loadSession(bytes(20), 'b.jsonl', 'b');
    fake.loads[0].cb.onProgress(10, 10, 9);
    expect(app.useApp.getState().progress.total).toBe(20);
    const b = fakeSummary(20);
    fake.settle(b, 1);
    fake.loads[0].cb.onLoaded(fakeSummary(10));
    fake.loads[0].cb.onFailed('a broke');
    const s = app.useApp.getState();
    expect([s.phase, s.sessionName, s.summary, s.cursor, s.message]).toEqual(['ready', 'b', b, 19, undefined]);
  });

  it("an earlier load's moment answered after a newer load began is dropped", async () => {
    await open('a', 10);
    app.setCursor(2);
    const old = fake.take('moment');
    app.loadSession(bytes(10), 'b.jsonl', 'b');
    old.resolve(moment(2));
    await flush();
    expect(app.useApp.getState().moment).toBeUndefined();
    fake.settle(fakeSummary(5));
    fake.take('moment').resolve(moment(4));
    await flush();
    expect(app.useApp.getState().moment?.seq).toBe(4);
  });

  it('moment requests are coalesced: one in flight, then only the latest cursor is asked for, and its answer stays', async () => {
    await open('a', 100);
    app.setCursor(10);
    app.setCursor(20);
    app.setCursor(30);
    expect(fake.pending('moment')).toEqual([{ op: 'moment', args: [10] }]);
    fake.take('moment').resolve(moment(10));
    await flush();
    expect(fake.pending('moment')).toEqual([{ op: 'moment', args: [30] }]);
    expect(fake.asked.filter((r) => r.op === 'moment' && r.args[0] === 20)).toEqual([]);
    fake.take('moment').resolve(moment(30));
    await flush();
    const s = app.useApp.getState();
    expect([s.cursor, s.moment?.seq]).toEqual([30, 30]);
  });

  it("an earlier selection's lineage answered after a newer selection is dropped", async () => {
    await open('a', 100);
    app.select(5);
    app.select(7);
    const [first, second] = [fake.take('lineage'), fake.take('lineage')];
    second.resolve(lineage(7));
    await flush();
    first.resolve(lineage(5));
    await flush();
    const s = app.useApp.getState();
    expect([s.selected, s.lineage?.seq]).toEqual([7, 7]);
  });

  it("a lineage answered after another session opened is dropped", async () => {
    await open('a', 100);
    app.select(5);
    const late = fake.take('lineage');
    app.loadSession(bytes(10), 'b.jsonl', 'b');
    app.select(5);
    late.resolve(lineage(5));
    await flush();
    expect(app.useApp.getState().lineage).toBeUndefined();
  });
});
