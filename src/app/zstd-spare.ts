/**
 * The page's spare zstd decoding worker. It is started ahead of the load that needs it and lent to
 * that load's session worker, so decoding starts at once, with code already optimized. A lent worker
 * ends with its load (its WASM memory with it), and the next spare is started after that.
 * libzstd is compiled and optimized once per page: a warming worker compiles it, warms it up and
 * sends the module here, and is ended (with the memory it warmed in); every spare adopts that
 * module, so an idle spare holds no WASM memory.
 */
import type { SpareReply, SpareRequest } from '../protocol/zstd-spare';

// each spelled out in full: the bundler finds a worker by this exact form, with static options
const warmingWorker = () => new Worker(new URL('../worker/zstd.worker.ts', import.meta.url), { type: 'module', name: 'zstd-warm' });
const spareWorker = () => new Worker(new URL('../worker/zstd.worker.ts', import.meta.url), { type: 'module', name: 'zstd-spare' });

/** A decoding worker lent without a module to adopt: on `connect` it compiles libzstd itself. */
export const coldDecoder = spareWorker;

export class ZstdSpare {
  private module?: WebAssembly.Module;
  /** The warming worker, until it sends the module; then the spare, `ready` once it has adopted it. */
  private current?: Worker;
  private ready = false;

  /** Starts a spare (or, before the module exists, the warming worker) if there is none; a no-op where workers do not exist. */
  start(): void {
    if (this.current || typeof Worker !== 'function') return;
    const module = this.module;
    const w = module ? spareWorker() : warmingWorker();
    this.current = w;
    this.ready = false;
    const drop = () => { w.terminate(); if (this.current === w) { this.current = undefined; this.ready = false; } };
    w.onmessage = (e: MessageEvent<SpareReply>) => {
      const m = e.data;
      if (m === 'ready') { if (this.current === w) this.ready = true; return; }
      const current = this.current === w;
      drop();
      if ('module' in m) {
        this.module = m.module;
        if (current) this.start();
      }
    };
    w.onerror = drop;
    if (module) w.postMessage({ adopt: module } satisfies SpareRequest);
  }

  /** The ready spare, lent: a port to decode over and the worker (to end with the load); undefined when none is ready. */
  lend(): { port: MessagePort; worker: Worker } | undefined {
    const worker = this.current;
    if (!worker || !this.ready) return undefined;
    this.current = undefined;
    this.ready = false;
    const ch = new MessageChannel();
    worker.postMessage({ connect: ch.port1 } satisfies SpareRequest, [ch.port1]);
    return { port: ch.port2, worker };
  }
}
