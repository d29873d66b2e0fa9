/**
 * The one dispatch of a worker's requests (the session worker's SessionApi, the folder worker's
 * FolderApi): the operation is called, with the request's arguments, on the first implementation
 * that has it as a method (the session worker: the loaded session's queries, then the file's;
 * while loading, the preview). Nothing inherited from Object answers, so a
 * request can reach only methods the implementations define; which operations exist and what they
 * take is the API interface's to say (the page cannot send another).
 */
import type { RpcRequest } from '../protocol/rpc';
import type { SessionApi } from '../protocol/session-api';

export async function dispatch<A = SessionApi>(impls: readonly object[], req: RpcRequest<A>, missing: (op: string) => Error): Promise<unknown> {
  const op: string = req.op;
  if (op in Object.prototype) throw missing(op);
  for (const impl of impls) {
    const fn = (impl as Record<string, unknown>)[op];
    if (typeof fn === 'function') return await (fn as (...args: unknown[]) => unknown).apply(impl, req.args as unknown[]);
  }
  throw missing(op);
}

/** Why a question is not answered: the log is still being read (`loading`), or no session was loaded. */
export function unanswered(loading: boolean): (op: string) => Error {
  return (op) => new Error(loading ? `The session is still loading: "${op}" is answered once every event is indexed.` : 'No session loaded.');
}

/** Typed arrays and ArrayBuffers directly in a reply, or in the objects of a reply's array (moments, search batches, exported files, media): transferred, not copied. */
export function transferables(v: unknown): Transferable[] {
  const out: Transferable[] = [];
  const add = (x: unknown) => {
    const b = x instanceof ArrayBuffer ? x : ArrayBuffer.isView(x) && x.buffer instanceof ArrayBuffer ? x.buffer : undefined;
    if (b && !out.includes(b)) out.push(b);
  };
  add(v);
  if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) return out;
  if (Array.isArray(v)) { for (const x of v) if (typeof x === 'object' && x !== null && !Array.isArray(x)) for (const y of Object.values(x)) if (y instanceof ArrayBuffer) add(y); return out; }
  for (const x of Object.values(v)) add(x);
  return out;
}
