/** Messages between the page and its spare zstd decoding worker (src/store/zstd-spare.ts). */

/**
 * To the spare: `init` first (the module compiled by an earlier spare, if any), then `connect`:
 * the port over which it decodes one load for a session worker (src/io/zstd-port.ts).
 */
export type SpareRequest = { readonly init: WebAssembly.Module | undefined } | { readonly connect: MessagePort };

/**
 * From the spare: the module it compiled (and warmed), for the spares after it; `ready` once
 * libzstd is; or a failure to ready it (the spare is then not lent).
 */
export type SpareReply = { readonly module: WebAssembly.Module } | 'ready' | { readonly failed: string };
