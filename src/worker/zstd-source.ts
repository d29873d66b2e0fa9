/// <reference lib="webworker" />
/**
 * Where the session worker decodes a zstd log: in a worker of its own, so that libzstd decodes the
 * next frames while this worker scans the last ones (the items and verdicts are those of decoding
 * here). Where a worker cannot start one (no nested workers), it decodes here.
 */
import { zstdFramesOver } from '../io/zstd-port';
import { zstdFramesHere, type ZstdFramesSource } from '../io/zstd-frames';

const inWorker: ZstdFramesSource = zstdFramesOver(() => {
  const w = new Worker(new URL('./zstd.worker.ts', import.meta.url), { type: 'module', name: 'zstd' });
  return {
    port: {
      postMessage: (m, transfer) => { w.postMessage(m, transfer); },
      listen: (f) => { w.addEventListener('message', (e) => { f(e.data); }); },
    },
    close: () => { w.terminate(); },
    onError: (f) => { w.addEventListener('error', (e) => { f(new Error(`zstd worker: ${e.message || 'failed to start'}`)); }); },
  };
});

export const zstdFramesInWorker: ZstdFramesSource = typeof Worker === 'function' ? inWorker : zstdFramesHere;
