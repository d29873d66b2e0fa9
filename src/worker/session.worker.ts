/// <reference lib="webworker" />
/** The session worker: loads bytes with the core loader, keeps the result, answers queries. */
import { loadBytes, LoadCancelled } from '../io/load';
import { handleRequest } from './handle';
import type { FromWorker, ToWorker } from './protocol';
import { SessionQueries } from './queries';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let queries: SessionQueries | undefined;

function post(m: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}

scope.onmessage = async (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.kind === 'load') {
    const t0 = performance.now();
    try {
      const r = await loadBytes(new Uint8Array(msg.bytes), { fileName: msg.fileName, onProgress: (done, total) => post({ kind: 'progress', done, total }) });
      queries = new SessionQueries(r, performance.now() - t0);
      const summary = queries.summary();
      post({ kind: 'loaded', summary }, [summary.turnSeqs.buffer, summary.compactionSeqs.buffer, summary.replacementSeqs.buffer, summary.headerSeqs.buffer]);
    } catch (err) {
      post({ kind: 'failed', message: err instanceof LoadCancelled ? 'Load cancelled.' : `Could not load: ${String((err as Error)?.message ?? err)}` });
    }
    return;
  }
  if (!queries) { post({ kind: 'reply', id: msg.id, ok: false, message: 'No session loaded.' }); return; }
  try {
    const value = handleRequest(queries, msg.req);
    post({ kind: 'reply', id: msg.id, ok: true, value }, value instanceof Int32Array ? [value.buffer] : []);
  } catch (err) {
    post({ kind: 'reply', id: msg.id, ok: false, message: String((err as Error)?.message ?? err) });
  }
};
