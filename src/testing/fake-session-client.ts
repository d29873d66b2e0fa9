/**
 * A stand-in for src/app/session-client.ts's `client`, for unit tests of src/app without a Worker:
 * loads, appends and requests are recorded and settle only when the test says so, in whatever
 * order it chooses (that is how a stale reply is staged). Cancel keeps the real client's contract:
 * true when a session was open before the load in flight.
 *
 *   vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));
 */
import type { LoadCallbacks } from '../app/session-client';
import type { Answer, Args, Op, RpcRequest } from '../protocol/rpc';
import type { SessionApi } from '../protocol/session-api';
import type { Summary } from '../protocol/worker-protocol';
import type { Refusal } from '../store/store';

/** A request as the worker receives it: `{ op, args }`. */
type Request = RpcRequest<SessionApi>;

export interface FakeLoad {
  readonly fileName?: string;
  readonly size: number;
  readonly live: boolean;
  readonly cb: LoadCallbacks;
}

export interface FakeRequest {
  readonly req: Request;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export interface FakeAppend {
  readonly bytes: ArrayBuffer;
  resolve(summary: Summary): void;
  reject(err: Error): void;
}

export class FakeSessionClient {
  readonly loads: FakeLoad[] = [];
  /** Requests not answered yet, oldest first. */
  readonly requests: FakeRequest[] = [];
  readonly appends: FakeAppend[] = [];
  /** Every request made, answered or not. */
  readonly asked: Request[] = [];
  private hasSession = false;
  private loading = false;
  /** Whether a session was open when the load in flight began (Cancel returns to it). */
  private standby = false;

  /** Forgets everything (vi.mock's factory result outlives vi.resetModules, so a test file resets it per test). */
  reset(): void {
    this.loads.length = 0; this.requests.length = 0; this.appends.length = 0; this.asked.length = 0;
    this.hasSession = false; this.loading = false; this.standby = false;
  }

  load(bytes: ArrayBuffer | Blob, fileName: string | undefined, cb: LoadCallbacks, _entry?: string, live = false): void {
    if (!this.loading) this.standby = this.hasSession;
    this.loading = true;
    this.hasSession = false;
    this.loads.push({ fileName, size: bytes instanceof Blob ? bytes.size : bytes.byteLength, live, cb });
  }

  /** The last load (or load `i`) settles with `summary`, as the worker's `loaded` message would. */
  settle(summary: Summary, i = this.loads.length - 1): void {
    if (i === this.loads.length - 1) { this.loading = false; this.hasSession = true; this.standby = false; }
    this.loads[i].cb.onLoaded(summary);
  }

  /**
   * The last load (or load `i`) gives no session, as the worker's `failed` message would (with
   * `refusal`: read and refused as a whole): back to the session before, as the real client does.
   */
  fail(message: string, i = this.loads.length - 1, refusal?: Refusal): void {
    let kept = false;
    if (i === this.loads.length - 1) { kept = this.standby; this.loading = false; this.hasSession = kept; this.standby = false; }
    this.loads[i].cb.onFailed(message, refusal, kept);
  }

  cancel(): boolean {
    const back = this.standby;
    this.loading = false;
    this.standby = false;
    this.hasSession = back;
    return back;
  }

  terminate(): void {
    this.hasSession = false;
  }

  append(bytes: ArrayBuffer): Promise<Summary> {
    return new Promise((resolve, reject) => { this.appends.push({ bytes, resolve, reject }); });
  }

  request<K extends Op<SessionApi>>(op: K, ...args: Args<SessionApi, K>): Promise<Answer<SessionApi, K>> {
    return this.requestMoving([], op, ...args);
  }

  requestMoving<K extends Op<SessionApi>>(_transfer: Transferable[], op: K, ...args: Args<SessionApi, K>): Promise<Answer<SessionApi, K>> {
    const req = { op, args } as unknown as Request;
    this.asked.push(req);
    return new Promise((resolve, reject) => { this.requests.push({ req, resolve: resolve, reject }); });
  }

  /** The oldest unanswered request of `op` (matching `where`), taken off the queue; throws when there is none. */
  take(op: Request['op'], where: (req: Request) => boolean = () => true): FakeRequest {
    const i = this.requests.findIndex((r) => r.req.op === op && where(r.req));
    if (i < 0) throw new Error(`no pending ${op} request (pending: ${this.requests.map((r) => r.req.op).join(', ') || 'none'})`);
    return this.requests.splice(i, 1)[0];
  }

  /** Unanswered requests of `op`. */
  pending(op: Request['op']): Request[] {
    return this.requests.filter((r) => r.req.op === op).map((r) => r.req);
  }
}

/** A session summary with what the app layer reads (length, bytes, step and request seqs, header id). */
export function fakeSummary(length: number, extra: Partial<Summary> = {}): Summary {
  return {
    encoding: 'jsonl', verdict: { ok: true }, byteLength: length * 100, length, storedEventCount: length, startTime: 0, acceptedThrough: length - 1, firstLiveSeq: length,
    endSeedAppended: false, closerSeqs: [], dropped: [], droppedTotal: 0, diagnostics: [], diagnosticsTotal: 0,
    turnSeqs: new Int32Array(), compactionSeqs: new Int32Array(), replacementSeqs: new Int32Array(), headerSeqs: new Int32Array(),
    stepSeqs: new Int32Array(), requestSeqs: new Int32Array(), families: [], types: [], loadMs: 1,
    header: { version: 0, id: 'fake-session', createdAt: 1, delegationDepth: 0 },
    ...extra,
  } as unknown as Summary;
}
