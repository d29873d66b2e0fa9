/**
 * A request/reply protocol derived from an interface: each method of the API is one operation, its
 * parameters the request's `args`, its awaited return type the reply's value. The page's client
 * (src/app/session-client.ts) and the worker's one dispatch (src/worker/dispatch.ts) are checked
 * against the same interface, so a new operation is one method, its implementation and its caller.
 */

/** The operations of an API (its method names). */
export type Op<A> = { [K in keyof A]: A[K] extends (...args: never[]) => unknown ? K : never }[keyof A] & string;

/** The arguments of operation `K`. */
export type Args<A, K extends Op<A>> = A[K] extends (...args: infer P) => unknown ? P : never;

/** The value a reply to operation `K` carries (a method may return a Promise: the page gets its value). */
export type Answer<A, K extends Op<A>> = A[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

/** One request of an API: a discriminated union over its operations, each with its arguments. */
export type RpcRequest<A> = { [K in Op<A>]: { readonly op: K; readonly args: Args<A, K> } }[Op<A>];

/** The reply to request `id`: its value, or the one sentence the worker's error said. */
export type RpcReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
