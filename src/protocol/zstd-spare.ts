/** Messages between the page and its zstd decoding workers made ahead of a load (src/store/zstd-spare.ts). */

/**
 * To a spare: `adopt` first (the module the warming worker compiled), then `connect`: the port over
 * which it decodes one load for a session worker (src/io/zstd-port.ts).
 */
export type SpareRequest = { readonly adopt: WebAssembly.Module } | { readonly connect: MessagePort };

/**
 * From the warming worker: the module it compiled and warmed, or its failure. From a spare: `ready`
 * once it has adopted the module.
 */
export type SpareReply = { readonly module: WebAssembly.Module } | 'ready' | { readonly failed: string };
