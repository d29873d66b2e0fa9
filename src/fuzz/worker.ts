/** Worker entry for the fuzz driver: checks one case per message, in its own realm. */
import { parentPort } from 'node:worker_threads';
import { checkBytes } from './check';

parentPort!.on('message', (m: { id: number; bytes: Uint8Array; timeoutMs: number }) => {
  void checkBytes(m.bytes, { timeoutMs: m.timeoutMs }).then((r) => parentPort!.postMessage({ id: m.id, result: r }));
});
parentPort!.postMessage({ ready: true });
