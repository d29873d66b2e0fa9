/**
 * The page's spare zstd decoding worker. It is started ahead of the load that needs it, readies
 * libzstd while the page is idle, and is lent to that load's session worker, so decoding starts at
 * once, with code already optimized. A lent worker ends with its load (its WASM memory with it), and
 * the next spare is started after that. The first spare compiles and warms libzstd and sends the
 * module here; every later spare adopts it, so libzstd is compiled and optimized once per page.
 */
import type { SpareReply, SpareRequest } from '../protocol/zstd-spare';

export class ZstdSpare {
  private module?: WebAssembly.Module;
  private spare?: Worker;
  private ready = false;

  /** Starts a spare if there is none (no-op where workers do not exist). */
  start(): void {
    if (this.spare || typeof Worker !== 'function') return;
    const w = new Worker(new URL('../worker/zstd.worker.ts', import.meta.url), { type: 'module', name: 'zstd-spare' });
    this.spare = w;
    this.ready = false;
    const drop = () => { w.terminate(); if (this.spare === w) { this.spare = undefined; this.ready = false; } };
    w.onmessage = (e: MessageEvent<SpareReply>) => {
      const m = e.data;
      if (m === 'ready') { if (this.spare === w) this.ready = true; } else if ('module' in m) this.module = m.module; else drop();
    };
    w.onerror = drop;
    w.postMessage({ init: this.module } satisfies SpareRequest);
  }

  /** The ready spare, lent: a port to decode over and the worker (to end with the load); undefined when none is ready. */
  lend(): { port: MessagePort; worker: Worker } | undefined {
    const worker = this.spare;
    if (!worker || !this.ready) return undefined;
    this.spare = undefined;
    this.ready = false;
    const ch = new MessageChannel();
    worker.postMessage({ connect: ch.port1 } satisfies SpareRequest, [ch.port1]);
    return { port: ch.port2, worker };
  }
}
