/**
 * The page side of the session worker, with a stand-in Worker: a load that gives no session (the
 * worker's `failed`, refused as a whole or not) returns the client to the worker of the session
 * open before it, which keeps answering; a load that gives a session ends that worker.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, Summary, ToWorker } from '../protocol/worker-protocol';
import type { LoadCallbacks } from './session-client';

/** A worker that records what it is sent and answers only when the test says so. */
class StubWorker {
  static all: StubWorker[] = [];
  onmessage?: (ev: MessageEvent<FromWorker>) => void;
  onerror?: (e: ErrorEvent) => void;
  readonly sent: ToWorker[] = [];
  terminated = false;
  constructor(_url: URL, readonly opts: { name?: string } = {}) { StubWorker.all.push(this); }
  postMessage(m: ToWorker): void { this.sent.push(m); }
  terminate(): void { this.terminated = true; }
  say(m: FromWorker): void { this.onmessage?.({ data: m } as MessageEvent<FromWorker>); }
}

const sessionWorkers = () => StubWorker.all.filter((w) => w.opts.name === undefined);
const callbacks = () => ({ onProgress: vi.fn(), onLoaded: vi.fn(), onFailed: vi.fn() }) satisfies LoadCallbacks;

beforeEach(() => { vi.useFakeTimers(); StubWorker.all = []; vi.stubGlobal('Worker', StubWorker); });
afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

async function openedClient() {
  const { SessionClient } = await import('./session-client');
  const client = new SessionClient();
  const first = callbacks();
  client.load(new ArrayBuffer(8), 'a.jsonl', first);
  const [a] = sessionWorkers();
  a.say({ kind: 'loaded', summary: { length: 3 } as Summary });
  return { client, a };
}

describe('a load that gives no session over a session', () => {
  it.each([
    ['refused as a whole (not a log)', { kind: 'failed', message: 'Could not load: This is a PNG image, not a session log.', refusal: { kind: 'corrupt', code: 'not-a-log' } }],
    ['not read at all', { kind: 'failed', message: 'Could not load: NotReadableError' }],
  ] as const)('%s: the session open before is kept, its worker answers again', async (_, failed) => {
    const { client, a } = await openedClient();
    const cb = callbacks();
    client.load(new ArrayBuffer(8), 'shot.png', cb);
    const b = sessionWorkers()[1];
    b.say(failed);
    expect(cb.onFailed).toHaveBeenCalledWith(failed.message, 'refusal' in failed ? failed.refusal : undefined, true);
    vi.runAllTimers();
    expect([a.terminated, b.terminated]).toEqual([false, true]);
    void client.request('moment', 1);
    expect(a.sent.at(-1)).toMatchObject({ kind: 'rpc', req: { op: 'moment', args: [1] } });
  });

  it('with no session open before, a refusal leaves no session', async () => {
    const { SessionClient } = await import('./session-client');
    const client = new SessionClient();
    const cb = callbacks();
    client.load(new ArrayBuffer(8), 'shot.png', cb);
    sessionWorkers()[0].say({ kind: 'failed', message: 'x', refusal: { kind: 'corrupt', code: 'not-a-log' } });
    expect(cb.onFailed).toHaveBeenCalledWith('x', { kind: 'corrupt', code: 'not-a-log' }, false);
  });

  it('a load that gives a session ends the worker of the one before', async () => {
    const { client, a } = await openedClient();
    client.load(new ArrayBuffer(8), 'b.jsonl', callbacks());
    sessionWorkers()[1].say({ kind: 'loaded', summary: { length: 5 } as Summary });
    vi.runAllTimers();
    expect(a.terminated).toBe(true);
  });
});

describe('a bundle\'s load (started by the page\'s first script)', () => {
  it('lends a decoder of its own with the load, before the worker asks; it ends with the load', async () => {
    const { SessionClient } = await import('./session-client');
    const client = new SessionClient();
    client.prestart(false);
    expect(StubWorker.all.filter((w) => w.opts.name !== undefined), 'no spare is warmed meanwhile').toEqual([]);
    client.load(new ArrayBuffer(8), 'a.jsonl.zstd', callbacks());
    client.lendAhead();
    const [w] = sessionWorkers();
    const decoders = StubWorker.all.filter((x) => x.opts.name === 'zstd-spare');
    expect(decoders).toHaveLength(1);
    expect(decoders[0].sent).toHaveLength(1);
    expect(Object.keys(decoders[0].sent[0])).toEqual(['connect']);
    expect(w.sent.map((m) => m.kind)).toEqual(['load', 'zstd-lent']);
    expect((w.sent[1] as { port?: unknown }).port).toBeDefined();
    expect(StubWorker.all.filter((x) => x.opts.name === 'zstd-warm'), 'no decoder is warmed while the load runs').toEqual([]);
    w.say({ kind: 'loaded', summary: { length: 3 } as Summary });
    expect(decoders[0].terminated).toBe(true);
    vi.runAllTimers();
    expect(StubWorker.all.filter((x) => x.opts.name === 'zstd-warm'), 'the spare is warmed once the load settled').toHaveLength(1);
  });

  it('reports what the load said before the app attached, in order, then the rest as it comes', async () => {
    const { LaterCallbacks } = await import('./started-load');
    const later = new LaterCallbacks(10);
    later.onProgress(1, 10, 5);
    later.onProgress(2, 10, 9);
    const cb = callbacks();
    later.attach(cb);
    expect(cb.onProgress.mock.calls).toEqual([[1, 10, 5, undefined], [2, 10, 9, undefined]]);
    later.onLoaded({ length: 9 } as Summary);
    expect(cb.onLoaded).toHaveBeenCalledWith({ length: 9 });
    expect(later.size).toBe(10);
  });
});
