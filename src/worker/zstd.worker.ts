/// <reference lib="webworker" />
/**
 * A zstd decoding worker (src/io/zstd-port.ts). Started by a session worker for one load (name
 * `zstd`), it decodes the frames that worker sends. Started by the page ahead of a load (name
 * `zstd-spare`, src/store/zstd-spare.ts), it first readies libzstd: it adopts the module the page
 * gives, or compiles and warms one and sends it to the page; it then says `ready`, and decodes one
 * load over the MessagePort it is lent.
 */
import { serveZstdFrames, type Port } from '../io/zstd-port';
import { adoptZstdModule, compileZstd } from '../io/zstd-wasm';
import { warmZstd } from '../io/zstd-warm';
import type { SpareReply, SpareRequest } from '../protocol/zstd-spare';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const portOf = (p: DedicatedWorkerGlobalScope | MessagePort): Port => ({
  postMessage: (m, transfer) => { p.postMessage(m, transfer); },
  listen: (f) => { p.addEventListener('message', (e) => { f((e as MessageEvent).data); }); if (p instanceof MessagePort) p.start(); },
});

async function ready(module: WebAssembly.Module | undefined): Promise<void> {
  if (module) adoptZstdModule(module);
  else {
    const compiled = await compileZstd();
    await warmZstd();
    scope.postMessage({ module: compiled } satisfies SpareReply);
  }
  // observable by the e2e tests and a profiler: when this spare became ready
  performance.mark('seqscope:zstd-spare-ready');
  scope.postMessage('ready' satisfies SpareReply);
}

if (scope.name === 'zstd-spare') {
  scope.addEventListener('message', (e: MessageEvent<SpareRequest>) => {
    const m = e.data;
    if ('init' in m) ready(m.init).catch((err: unknown) => { scope.postMessage({ failed: String((err as Error)?.message ?? err) } satisfies SpareReply); });
    else serveZstdFrames(portOf(m.connect));
  });
} else serveZstdFrames(portOf(scope));
