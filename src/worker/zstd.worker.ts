/// <reference lib="webworker" />
/** A worker the session worker starts per zstd load: it decodes the frames it is sent (src/io/zstd-port.ts). */
import { serveZstdFrames } from '../io/zstd-port';

const scope = self as unknown as DedicatedWorkerGlobalScope;
serveZstdFrames({
  postMessage: (m, transfer) => { scope.postMessage(m, transfer); },
  listen: (f) => { scope.addEventListener('message', (e) => { f(e.data); }); },
});
