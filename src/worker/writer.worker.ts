/// <reference lib="webworker" />
/** The writer worker: started by the session worker on first use (./writer-client.ts); answers ./writer-ops.ts by id. */
import { transferables } from './dispatch';
import { writerOps, type WriterReply, type WriterRequest } from './writer-ops';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: WriterReply, transfer: Transferable[] = []) => { scope.postMessage(m, transfer); };

scope.onmessage = async (ev: MessageEvent<WriterRequest>) => {
  const { id, op, args } = ev.data;
  try {
    if (!Object.hasOwn(writerOps, op)) throw new Error(`The writer has no "${op}".`);
    const value: unknown = await (writerOps[op] as (...a: readonly unknown[]) => Promise<unknown>)(...args);
    post({ id, ok: true, value }, transferables(value));
  } catch (err) {
    post({ id, ok: false, message: String((err as Error)?.message ?? err) });
  }
};
