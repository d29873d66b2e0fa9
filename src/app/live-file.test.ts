/**
 * Following a growing file, with fake timers and a fake session worker client: it polls every
 * POLL_MS once the load settles, sends what was appended to the worker, keeps the cursor at the
 * end while pinned, reloads a rewritten file, and stops when following stops or another load starts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Summary } from '../protocol/worker-protocol';
import { fakeSummary, type FakeSessionClient } from '../testing/fake-session-client';
import { growthOf, type Growth, type LiveSource } from './sources';

vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));

type App = typeof import('../store/store') & typeof import('./session') & typeof import('./live-file') & typeof import('./cursor');
let app: App;
let fake: FakeSessionClient;

/** A file that grows when the test appends to it: reads are answered from what it holds now. */
class GrowingFile implements LiveSource {
  readonly name = 'live.jsonl';
  readonly label = 'http://x/live.jsonl';
  bytes: Uint8Array;
  readonly reads: number[] = [];
  readAlls = 0;
  /** When set, reads wait until the test calls `release()`. */
  held?: Promise<void>;
  release = () => {};
  hold(): void { this.held = new Promise((r) => { this.release = r; }); }
  constructor(size: number) { this.bytes = new Uint8Array(size).map((_, i) => i % 251); }
  append(n: number): void {
    const next = new Uint8Array(this.bytes.length + n);
    next.set(this.bytes);
    for (let i = this.bytes.length; i < next.length; i++) next[i] = (i * 7) % 253;
    this.bytes = next;
  }
  async readAll(): Promise<ArrayBuffer> { this.readAlls++; return this.bytes.slice().buffer; }
  async readFrom(from: number, overlap: Uint8Array): Promise<Growth> {
    this.reads.push(from);
    await this.held;
    return growthOf(this.bytes.slice(from - overlap.length), overlap);
  }
}

const live = (length: number, ended = false): Summary => fakeSummary(length, { live: { pendingClosers: 0, ended } });

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  app = { ...(await import('../store/store')), ...(await import('./session')), ...(await import('./live-file')), ...(await import('./cursor')) };
  fake = (await import('./session-client')).client as unknown as FakeSessionClient;
  fake.reset();
});

afterEach(() => { vi.useRealTimers(); });

/** Opens `file` as a live file and settles its load with `length` events. */
async function openLive(file: GrowingFile, length: number): Promise<void> {
  await app.openLiveFile(file, `url:${file.label}`);
  expect(fake.loads.at(-1)).toMatchObject({ live: true, size: file.bytes.length });
  fake.settle(live(length));
  fake.take('moment').resolve({ seq: length - 1 });
  await vi.advanceTimersByTimeAsync(0);
}

describe('following a live file', () => {
  it('polls every POLL_MS, sends the appended bytes, grows the session and keeps the cursor at the end', async () => {
    const file = new GrowingFile(1000);
    await openLive(file, 10);
    expect(app.useApp.getState().liveSession).toMatchObject({ source: file.label, pinnedToEnd: true });
    expect(file.reads).toEqual([]);

    // nothing appended: a poll reads, finds the same bytes, sends nothing
    await vi.advanceTimersByTimeAsync(app.POLL_MS - 1);
    expect(file.reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(file.reads).toEqual([1000]);
    expect(fake.appends).toEqual([]);

    file.append(300);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    expect(file.reads).toEqual([1000, 1000]);
    expect(fake.appends.map((a) => a.bytes.byteLength)).toEqual([300]);
    expect(new Uint8Array(fake.appends[0].bytes)).toEqual(file.bytes.slice(1000));
    // no poll while the append is in flight
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 3);
    expect(file.reads).toHaveLength(2);

    fake.appends.shift()!.resolve(live(13));
    await vi.advanceTimersByTimeAsync(0);
    const s = app.useApp.getState();
    expect([s.summary?.length, s.cursor]).toEqual([13, 12]);
    expect(fake.pending('moment')).toEqual([{ op: 'moment', args: [12] }]);
    expect(fake.pending('overviewNow')).toHaveLength(1);

    // the next read starts where the last one ended
    file.append(50);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    expect(file.reads).toEqual([1000, 1000, 1300]);
    expect(fake.appends.map((a) => a.bytes.byteLength)).toEqual([50]);
  });

  it('with the cursor moved back from the end (not pinned), growth keeps the cursor where it is', async () => {
    const file = new GrowingFile(500);
    await openLive(file, 10);
    app.setCursor(4);
    expect(app.useApp.getState().liveSession?.pinnedToEnd).toBe(false);
    file.append(10);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    fake.appends.shift()!.resolve(live(12));
    await vi.advanceTimersByTimeAsync(0);
    const s = app.useApp.getState();
    expect([s.summary?.length, s.cursor]).toEqual([12, 4]);
  });

  it('stops polling when following stops', async () => {
    const file = new GrowingFile(500);
    await openLive(file, 10);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    expect(file.reads).toHaveLength(1);
    app.setLiveSession(undefined);
    file.append(10);
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 10);
    expect(file.reads).toHaveLength(1);
    expect(fake.appends).toEqual([]);
  });

  it('stops polling when another session is loaded', async () => {
    const file = new GrowingFile(500);
    await openLive(file, 10);
    app.loadSession(new ArrayBuffer(10), 'other.jsonl', 'other');
    file.append(10);
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 10);
    expect(file.reads).toEqual([]);
  });

  it('a read in flight when another live file opens is dropped: its bytes never reach the new session', async () => {
    const first = new GrowingFile(500);
    await openLive(first, 10);
    first.hold();
    first.append(40);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    expect(first.reads).toEqual([500]);
    const second = new GrowingFile(800);
    await openLive(second, 20);
    first.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.appends).toEqual([]);
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 4);
    expect(first.reads).toEqual([500]);
    expect(second.reads).toHaveLength(4);
    expect(app.useApp.getState().summary?.length).toBe(20);
  });

  it('stops when DSH refuses the grown log, with a notice', async () => {
    const file = new GrowingFile(500);
    await openLive(file, 10);
    file.append(10);
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    fake.appends.shift()!.resolve(live(11, true));
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 10);
    expect(file.reads).toHaveLength(1);
    expect(app.useApp.getState().liveSession).toMatchObject({ pinnedToEnd: false, notice: 'DSH refuses the log as it now stands, so following stopped.' });
  });

  it('reloads a file rewritten in place from the start, with a notice', async () => {
    const file = new GrowingFile(500);
    await openLive(file, 10);
    file.bytes[480] ^= 0xff;
    await vi.advanceTimersByTimeAsync(app.POLL_MS);
    await vi.advanceTimersByTimeAsync(0);
    expect(file.readAlls).toBe(2);
    expect(fake.loads).toHaveLength(2);
    expect(app.useApp.getState().liveSession?.notice).toBe('The file was rewritten since it was read, so it was reloaded from the start.');
  });

  it('a log DSH refused at load is not followed, and the notice gives its verdict sentence', async () => {
    const file = new GrowingFile(500);
    await app.openLiveFile(file, 'url:x');
    const message = 'Line 10 (seq 8) is unparsable, and a turn/end follows on line 18, so the damage is in committed history.';
    fake.settle(fakeSummary(8, { verdict: { ok: false, kind: 'corrupt', code: 'committed-unparsable', message, line: 10, seq: 8 } }));
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 4);
    expect(file.reads).toEqual([]);
    expect(app.useApp.getState().liveSession).toMatchObject({ pinnedToEnd: false, notice: `DSH refuses this log, so it is not followed: ${message}` });
  });

  it('a log that cannot be followed (an archive) opens as it is and is not polled', async () => {
    const file = new GrowingFile(500);
    await app.openLiveFile(file, 'url:x');
    fake.settle(fakeSummary(10));
    await vi.advanceTimersByTimeAsync(app.POLL_MS * 4);
    expect(file.reads).toEqual([]);
    expect(app.useApp.getState().liveSession).toMatchObject({ pinnedToEnd: false });
  });
});
