/** The page side of the session worker: load with progress, cancel by terminating, RPC by id. */
import type { Answer, Args, Op, RpcRequest } from '../protocol/rpc';
import type { SessionApi } from '../protocol/session-api';
import type { FromWorker, Summary, ToWorker } from '../protocol/worker-protocol';
import type { Refusal } from '../store/store';
import { isArrivingLog, type ArrivingLog } from './arriving-log';
import { coldDecoder, ZstdSpare } from './zstd-spare';
import type { SpareRequest } from '../protocol/zstd-spare';
import { bundleBoot } from './bundle-boot-global';

export interface LoadCallbacks {
  onProgress(done: number, total: number, events: number, startTime?: number): void;
  onLoaded(summary: Summary): void;
  /**
   * `refusal`: the file was read and refused as a whole (not a cancel or a broken worker).
   * `kept`: the session open before the load is back (the client returned to its worker, as on Cancel).
   */
  onFailed(message: string, refusal?: Refusal, kept?: boolean): void;
}

const sessionWorker = () => new Worker(new URL('../worker/session.worker.ts', import.meta.url), { type: 'module' });

/** How long after a load settles the next spare decoding worker starts (after the settled session's first frames). */
const SPARE_AFTER_MS = 250;

export class SessionClient {
  private worker?: Worker;
  /** The worker of the session open before this load: Cancel returns to it; a settled load ends it. */
  private standby?: Worker;
  private loading = false;
  /** A session worker started ahead of its load (`prestart`). */
  private warm?: Worker;
  /** `prestart(false)`: no spare decoder starts until the next load settles (a bundle's page start). */
  private holdSpare = false;
  /** The spare zstd decoding worker, lent to a zstd load; `lent`: the one lent to the load in flight. */
  private readonly spare = new ZstdSpare();
  private lent?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** Appends answered in order: the worker handles messages one at a time. */
  private readonly appendWaiters: { resolve(s: Summary): void; reject(e: Error): void }[] = [];

  /**
   * Starts the next load's session worker (and, with `spare`, the spare decoder) now, so that it
   * compiles while the page is busy with other work.
   */
  prestart(spare = true): void {
    this.warm ??= sessionWorker();
    if (spare) this.spare.start();
    // a bundle's page: the warming decoder would compile and warm libzstd on the cores the page's
    // start and the first frames need; the load is lent a decoder of its own (`lendAhead`)
    else this.holdSpare = true;
  }

  /**
   * `bytes`: an ArrayBuffer (transferred, so the page keeps no copy), a Blob (read by the worker),
   * or an arriving log, each piece sent (a copy) as it comes, so the worker starts on the first.
   */
  load(bytes: ArrayBuffer | Blob | ArrivingLog, fileName: string | undefined, cb: LoadCallbacks, entry?: string, live = false): void {
    // the open session's worker waits until this load settles or is cancelled; a load replacing a
    // load still in flight keeps the session open before both
    const open = this.loading ? this.standby : this.worker;
    this.standby = undefined;
    if (open === this.worker) this.worker = undefined;
    this.terminate();
    this.standby = open;
    this.loading = true;
    // the first load starts the first spare (later ones are started after each load)
    if (!this.holdSpare) this.spare.start();
    const w = this.warm ?? sessionWorker();
    this.warm = undefined;
    this.worker = w;
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (w !== this.worker) return;
      const m = ev.data;
      if (m.kind === 'progress') cb.onProgress(m.done, m.total, m.events, m.startTime);
      else if (m.kind === 'loaded') { this.settle(); cb.onLoaded(m.summary); }
      // a file that gives no session (refused as a whole, or not read at all) does not take the place of the session open before
      else if (m.kind === 'failed') cb.onFailed(m.message, m.refusal, this.settleFailed());
      else if (m.kind === 'zstd-wanted') this.lend(w);
      else if (m.kind === 'appended') { const w = this.appendWaiters.shift(); w?.resolve(m.summary); }
      else {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.ok) p.resolve(m.value); else p.reject(new Error(m.message));
      }
    };
    w.onerror = (e) => { if (w === this.worker) cb.onFailed(`The worker failed: ${e.message}`, undefined, this.settleFailed()); };
    const arriving = isArrivingLog(bytes) ? bytes : undefined;
    const msg: ToWorker = { kind: 'load', bytes: arriving ? { arriving: arriving.size } : bytes as ArrayBuffer | Blob, fileName, ...(entry !== undefined ? { entry } : {}), ...(live ? { live } : {}) };
    w.postMessage(msg, bytes instanceof ArrayBuffer ? [bytes] : []);
    if (arriving) void this.pump(w, arriving);
  }

  /** Sends an arriving log's pieces to its loading worker as they come; stops when another load or a cancel ends that worker. */
  private async pump(w: Worker, log: ArrivingLog): Promise<void> {
    try {
      for await (const piece of log.pieces) {
        if (w !== this.worker) return;
        const own = piece.slice();
        w.postMessage({ kind: 'load-piece', bytes: own.buffer } satisfies ToWorker, [own.buffer]);
      }
    } catch (err) {
      w.postMessage({ kind: 'load-cut', message: (err as Error).message } satisfies ToWorker);
    }
  }

  /**
   * Cancel: stops the loading worker and goes back to the session open before it. False when there
   * was none (the first load), and the client then has no session.
   */
  cancel(): boolean {
    const back = this.standby;
    this.standby = undefined;
    this.loading = false;
    this.terminate();
    this.worker = back;
    return back !== undefined;
  }

  /**
   * Lends the loading worker a decoding worker of its own now, before it asks: a bundle's load runs
   * while the page parses and compiles the app, so an ask would wait for the page, and no spare is
   * warm yet (the lent worker compiles libzstd itself, while the session worker compiles).
   */
  lendAhead(): void {
    const w = this.worker;
    if (!w || this.lent) return;
    const z = coldDecoder();
    const ch = new MessageChannel();
    z.postMessage({ connect: ch.port1 } satisfies SpareRequest, [ch.port1]);
    this.lent = z;
    z.onerror = (e) => { if (w === this.worker) w.postMessage({ kind: 'zstd-failed', message: e.message || 'failed' } satisfies ToWorker); };
    w.postMessage({ kind: 'zstd-lent', port: ch.port2 } satisfies ToWorker, [ch.port2]);
  }

  /** Lends the spare decoding worker (if one is ready) to the loading worker `w`; it ends with the load. */
  private lend(w: Worker): void {
    const lent = this.spare.lend();
    if (lent) {
      this.lent = lent.worker;
      lent.worker.onerror = (e) => { if (w === this.worker) w.postMessage({ kind: 'zstd-failed', message: e.message || 'failed' } satisfies ToWorker); };
    }
    w.postMessage({ kind: 'zstd-lent', port: lent?.port } satisfies ToWorker, lent ? [lent.port] : []);
  }

  private endLent(): void {
    this.lent?.terminate();
    this.lent = undefined;
  }

  private settle(): void {
    this.loading = false;
    this.holdSpare = false;
    // the lent decoding worker is done (the load's frames are decoded); the next spare readies while the page is idle
    this.endLent();
    setTimeout(() => { this.spare.start(); }, SPARE_AFTER_MS);
    // ended after the settled session's first frame: terminating a worker costs the page several
    // milliseconds, and the load's first render (the overview strip's draw) goes first
    const old = this.standby;
    this.standby = undefined;
    if (old) setTimeout(() => old.terminate(), 50);
  }

  /** A load that gave no session: back to the session open before it when there was one (true), as Cancel does. */
  private settleFailed(): boolean {
    if (!this.standby) { this.settle(); return false; }
    this.cancel();
    setTimeout(() => { this.spare.start(); }, SPARE_AFTER_MS);
    return true;
  }

  private dropStandby(): void {
    this.standby?.terminate();
    this.standby = undefined;
  }

  /** Stops the worker now (a new file): its memory goes with it. */
  terminate(): void {
    this.dropStandby();
    this.endLent();
    this.worker?.terminate();
    this.worker = undefined;
    for (const p of this.pending.values()) p.reject(new Error('cancelled'));
    this.pending.clear();
    for (const w of this.appendWaiters.splice(0)) w.reject(new Error('cancelled'));
  }

  /** A live file: sends bytes appended to it (transferred); resolves with the grown session's summary. */
  append(bytes: ArrayBuffer): Promise<Summary> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error('No session loaded.'));
    return new Promise<Summary>((resolve, reject) => {
      this.appendWaiters.push({ resolve, reject });
      const msg: ToWorker = { kind: 'append', bytes };
      w.postMessage(msg, [bytes]);
    });
  }

  /** Asks the session worker SessionApi's `op` with its arguments; resolves with the method's (awaited) value. */
  request<K extends Op<SessionApi>>(op: K, ...args: Args<SessionApi, K>): Promise<Answer<SessionApi, K>> {
    return this.send(op, args, []);
  }

  /** As `request`, moving the buffers `transfer` (in the arguments) to the worker rather than copying them. */
  requestMoving<K extends Op<SessionApi>>(transfer: Transferable[], op: K, ...args: Args<SessionApi, K>): Promise<Answer<SessionApi, K>> {
    return this.send(op, args, transfer);
  }

  private send<K extends Op<SessionApi>>(op: K, args: Args<SessionApi, K>, transfer: Transferable[]): Promise<Answer<SessionApi, K>> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error('No session loaded.'));
    const id = this.nextId++;
    return new Promise<Answer<SessionApi, K>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve, reject });
      // op and args agree by request's signature; the union of every request cannot see that
      const msg: ToWorker = { kind: 'rpc', id, req: { op, args } as unknown as RpcRequest<SessionApi> };
      w.postMessage(msg, transfer);
    });
  }
}

/** The page's client: on a bundle page, the one its first script started its load with (./bundle-boot.ts). */
export const client: SessionClient = bundleBoot()?.client ?? new SessionClient();
