/// <reference lib="webworker" />
/**
 * Where the session worker decodes a zstd log: in a worker of its own, so that libzstd decodes the
 * next frames while this worker scans the last ones (the items and verdicts are those of decoding
 * here). For the load it was started for, it borrows the page's spare decoding worker, which is
 * started and warmed ahead; when the page has none ready, it starts one. Where a worker cannot
 * start one (no nested workers), it decodes here.
 */
import { zstdFramesOver, type ZstdThreadPort } from '../io/zstd-port';
import { zstdFramesHere, type ZstdFramesSource } from '../io/zstd-frames';
import { portOf } from './port';

const ownWorker = (): ZstdThreadPort => {
  const w = new Worker(new URL('./zstd.worker.ts', import.meta.url), { type: 'module', name: 'zstd' });
  return {
    port: portOf(w),
    close: () => { w.terminate(); },
    onError: (f) => { w.addEventListener('error', (e) => { f(new Error(`zstd worker: ${e.message || 'failed to start'}`)); }); },
  };
};

const inWorker: ZstdFramesSource = zstdFramesOver(ownWorker);

export const zstdFramesInWorker: ZstdFramesSource = typeof Worker === 'function' ? inWorker : zstdFramesHere;

/** A decoding worker lent by the page: its port, and where its failure (reported by the page) goes. */
export interface Lent { readonly port: MessagePort; onFailed(f: (err: Error) => void): void }

/**
 * Decoding for one load: the first input goes to the worker `borrow` lends (when it lends one),
 * any other to a worker of its own. Closing ends the port; the page ends the lent worker with the load.
 */
export function zstdFramesLent(borrow: () => Promise<Lent | undefined>): ZstdFramesSource {
  let asked = false;
  return (input, o) => ({
    [Symbol.asyncIterator]: async function* () {
      const lent = asked ? undefined : (asked = true, await borrow());
      if (!lent) { yield* zstdFramesInWorker(input, o); return; }
      const p = lent.port;
      yield* zstdFramesOver(() => ({
        port: portOf(p),
        close: () => { p.close(); },
        onError: (f) => { lent.onFailed(f); },
      }))(input, o);
    },
  });
}
