/// <reference lib="webworker" />
/** The browser's message ends (a Worker, a worker's own scope, a MessagePort) as a zstd protocol Port (src/io/zstd-port.ts). */
import type { Port } from '../io/zstd-port';

export function portOf(p: Worker | DedicatedWorkerGlobalScope | MessagePort): Port {
  return {
    postMessage: (m, transfer) => { p.postMessage(m, transfer); },
    listen: (f) => {
      p.addEventListener('message', (e) => { f((e as MessageEvent).data); });
      // a MessagePort delivers to listeners added this way only once started
      if (typeof MessagePort === 'function' && p instanceof MessagePort) p.start();
    },
  };
}
