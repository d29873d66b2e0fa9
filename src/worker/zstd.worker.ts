/// <reference lib="webworker" />
/**
 * A zstd decoding worker (src/io/zstd-port.ts), in one of three roles, by name:
 * - `zstd`: started by a session worker for one load; decodes the frames that worker sends.
 * - `zstd-warm`: started by the page once; compiles libzstd, warms it up and sends the module to
 *   the page, which then ends it (the memory it warmed in goes with it).
 * - `zstd-spare`: started by the page ahead of a load (src/store/zstd-spare.ts); adopts the module,
 *   says `ready`, and decodes one load over the MessagePort it is lent.
 */
import { serveZstdFrames } from '../io/zstd-port';
import { portOf } from './port';
import { adoptZstdModule, compileZstd } from '../io/zstd-wasm';
import { warmZstd } from '../io/zstd-warm';
import type { SpareReply, SpareRequest } from '../protocol/zstd-spare';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (m: SpareReply) => { scope.postMessage(m); };

if (scope.name === 'zstd-warm') {
  (async () => { const module = await compileZstd(); await warmZstd(); reply({ module }); })()
    .catch((err: unknown) => { reply({ failed: String((err as Error)?.message ?? err) }); });
} else if (scope.name === 'zstd-spare') {
  scope.addEventListener('message', (e: MessageEvent<SpareRequest>) => {
    const m = e.data;
    if ('adopt' in m) {
      adoptZstdModule(m.adopt);
      // observable by the e2e tests and a profiler: when this spare became ready
      performance.mark('seqscope:zstd-spare-ready');
      reply('ready');
    } else serveZstdFrames(portOf(m.connect));
  });
} else serveZstdFrames(portOf(scope));
