/**
 * Real zstd compression for the Node synth tooling: libzstd (WASM, `@bokuweb/zstd-wasm`, a
 * devDependency) as a `FrameCompressor` for `src/io/zstd-encode`. Its frames carry no checksum;
 * the framer adds the flag and the XXH64 trailer, as DSH's writer does. Kept out of `src/io`, which
 * must run in a browser worker without it.
 */
import { compress, init } from '@bokuweb/zstd-wasm';
import type { FrameCompressor } from '../io/zstd-encode';

let ready: Promise<void> | null = null;

/** libzstd's one-shot `ZSTD_compress` at `level` (default 3: libzstd's default, which DSH's writer uses, persistence.md §2.2). */
export async function libzstdCompressor(level = 3): Promise<FrameCompressor> {
  await (ready ??= init());
  return (plain) => compress(plain, level);
}
