/// <reference lib="webworker" />
/**
 * The session worker's side of its writer worker (./writer.worker.ts): started on the first
 * request (Share, an export that redacts or compresses) and kept for the next; a request's bytes
 * are copied to it (the session keeps its own), its answer's buffers come back moved.
 */
import type { WriterOp, WriterOps, WriterReply, WriterRequest } from './writer-ops';

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

function start(): Worker {
  const w = new Worker(new URL('./writer.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (ev: MessageEvent<WriterReply>) => {
    const m = ev.data;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value); else p.reject(new Error(m.message));
  };
  w.onerror = (e) => {
    // a writer that failed to start or broke: every request in flight fails, the next starts another
    e.preventDefault();
    if (worker === w) worker = undefined;
    w.terminate();
    for (const p of pending.values()) p.reject(new Error(`The writer worker failed: ${e.message || 'it did not start'}`));
    pending.clear();
  };
  return w;
}

/** Runs the writer's `op` on `args` in the writer worker. */
export function callWriter<K extends WriterOp>(op: K, ...args: Parameters<WriterOps[K]>): Promise<Awaited<ReturnType<WriterOps[K]>>> {
  const w = (worker ??= start());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, op, args } satisfies WriterRequest);
  });
}
