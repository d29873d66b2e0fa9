/**
 * The project's one Zstandard frame writer (RFC 8878), shared by fork export, the synthesizer, the
 * fuzzer and the tests. It writes raw (stored) blocks itself; real compression comes from a
 * `FrameCompressor` passed in by the caller (the Node synth tooling passes a WASM libzstd), so
 * this module has no dependency beyond XXH64 and runs in a browser worker.
 */
import xxhash from 'xxhash-wasm';
import { concatBytes } from './bytes';

/** Block_Maximum_Size: the largest block a frame may hold (128 KiB). */
export const MAX_BLOCK_SIZE = 128 * 1024;

/**
 * A compressor that returns one standard zstd frame without a checksum (for example a WASM libzstd);
 * the framer then sets the checksum flag and appends the checksum, as DSH's writer does.
 */
export type FrameCompressor = (plain: Uint8Array) => Uint8Array;

/** Layout of a raw-block frame. */
export interface RawFrameOptions {
  /** Largest raw block in bytes, 1 … 128 KiB (default 128 KiB, the format's maximum). */
  blockSize?: number;
  /**
   * Width of Frame_Content_Size in bytes (default: the smallest that fits). A fixed width keeps the
   * frame layout independent of the content length.
   */
  contentSizeBytes?: 1 | 2 | 4 | 8;
}

export interface FramerOptions extends RawFrameOptions {
  /** Compresses each frame; without it the frames hold raw blocks (`blockSize`/`contentSizeBytes` apply to those only). */
  compress?: FrameCompressor;
  /**
   * The content checksum (low 32 bits of XXH64, seed 0): written (`true`, the default), left out
   * (`false`), or `'wrong'`, a deliberately failing value for tests of damaged frames.
   */
  checksum?: boolean | 'wrong';
}

/** The value a `checksum: 'wrong'` frame stores instead of the real checksum `c`. */
export const wrongChecksum = (c: number): number => (c ^ 0xdeadbeef) >>> 0;

const FCS_FLAG: Record<1 | 2 | 4 | 8, number> = { 1: 0, 2: 1, 4: 2, 8: 3 };

function contentSizeWidth(n: number, fixed?: 1 | 2 | 4 | 8): 1 | 2 | 4 | 8 {
  if (fixed === undefined) return n < 256 ? 1 : n < 65536 + 256 ? 2 : n <= 0xffffffff ? 4 : 8;
  const fits = fixed === 1 ? n < 256 : fixed === 2 ? n >= 256 && n < 65536 + 256 : fixed === 4 ? n <= 0xffffffff : true;
  if (!fits) throw new RangeError(`a ${fixed}-byte Frame_Content_Size cannot hold ${n}`);
  return fixed;
}

/**
 * One single-segment zstd frame holding `plain` in raw (stored) blocks, Frame_Content_Size present;
 * with `checksum` (low 32 bits of XXH64 seed 0 of `plain`, or any value to build a damaged frame)
 * as the content checksum, or none for `null`. Valid RFC 8878; any decoder reads it.
 */
export function rawFrame(plain: Uint8Array, checksum: number | null, opts: RawFrameOptions = {}): Uint8Array {
  const n = plain.length;
  const bs = opts.blockSize ?? MAX_BLOCK_SIZE;
  if (!Number.isSafeInteger(bs) || bs < 1 || bs > MAX_BLOCK_SIZE) throw new RangeError(`block size ${bs} is not in 1 … ${MAX_BLOCK_SIZE}`);
  const fcsBytes = contentSizeWidth(n, opts.contentSizeBytes);
  const fcsFlag = FCS_FLAG[fcsBytes];
  const blocks = Math.max(1, Math.ceil(n / bs));
  const out = new Uint8Array(4 + 1 + fcsBytes + blocks * 3 + n + (checksum === null ? 0 : 4));
  let p = 0;
  out[p++] = 0x28; out[p++] = 0xb5; out[p++] = 0x2f; out[p++] = 0xfd;
  out[p++] = (fcsFlag << 6) | 0x20 | (checksum === null ? 0 : 0x04); // FCS width, single segment, checksum flag
  let v = fcsBytes === 2 ? n - 256 : n;
  for (let i = 0; i < fcsBytes; i++) { out[p++] = v % 256; v = Math.floor(v / 256); }
  for (let b = 0; b < blocks; b++) {
    const start = b * bs;
    const size = Math.min(bs, n - start);
    const bh = size * 8 + (b === blocks - 1 ? 1 : 0); // block type 0 (raw), last-block bit
    out[p++] = bh & 0xff; out[p++] = (bh >>> 8) & 0xff; out[p++] = (bh >>> 16) & 0xff;
    out.set(plain.subarray(start, start + size), p);
    p += size;
  }
  if (checksum !== null) writeU32(out, p, checksum);
  return out;
}

function writeU32(out: Uint8Array, p: number, v: number): void {
  out[p] = v & 0xff; out[p + 1] = (v >>> 8) & 0xff; out[p + 2] = (v >>> 16) & 0xff; out[p + 3] = (v >>> 24) & 0xff;
}

/** Adds the content-checksum flag and trailer to a checksum-less frame from a compressor. */
function withChecksum(frame: Uint8Array, checksum: number): Uint8Array {
  if (frame[4] & 0x04) return frame;
  const out = new Uint8Array(frame.length + 4);
  out.set(frame);
  out[4] |= 0x04;
  writeU32(out, frame.length, checksum);
  return out;
}

type Hasher = { h64Raw(input: Uint8Array, seed?: bigint): bigint };
let hasher: Promise<Hasher> | null = null;
const loadHasher = (): Promise<Hasher> => (hasher ??= xxhash());
const low32 = (h: Hasher, data: Uint8Array) => Number(h.h64Raw(data, 0n) & 0xffffffffn);

/** The zstd content checksum of `data`: XXH64 (seed 0), low 32 bits. */
export async function xxh64low32(data: Uint8Array): Promise<number> {
  return low32(await loadHasher(), data);
}

/**
 * Returns a function that turns plaintext into one frame, checksummed unless told otherwise
 * (loads the XXH64 WASM once). A bare `FrameCompressor` argument is `{ compress }`.
 */
export async function createFramer(opts: FrameCompressor | FramerOptions = {}): Promise<(plain: Uint8Array | string) => Uint8Array> {
  const o: FramerOptions = typeof opts === 'function' ? { compress: opts } : opts;
  const mode = o.checksum ?? true;
  const h = await loadHasher();
  const enc = new TextEncoder();
  return (plain) => {
    const bytes = typeof plain === 'string' ? enc.encode(plain) : plain;
    const sum = mode === false ? null : mode === 'wrong' ? wrongChecksum(low32(h, bytes)) : low32(h, bytes);
    if (!o.compress) return rawFrame(bytes, sum, o);
    const frame = o.compress(bytes);
    return sum === null ? frame : withChecksum(frame, sum);
  };
}

/** One frame (see `createFramer`); for tests and one-off frames. */
export async function encodeFrame(plain: Uint8Array | string, opts: FrameCompressor | FramerOptions = {}): Promise<Uint8Array> {
  return (await createFramer(opts))(plain);
}

/** Concatenated frames, one per part (DSH: the header line, then one per append batch). */
export async function encodeZstdFrames(parts: Iterable<Uint8Array | string>, opts: FrameCompressor | FramerOptions = {}): Promise<Uint8Array> {
  const frame = await createFramer(opts);
  const frames: Uint8Array[] = [];
  for (const p of parts) frames.push(frame(p));
  return concatBytes(frames);
}

export { concatBytes } from './bytes';

/** Where one frame sits in a buffer: [start, end), its first block header, whether it has a checksum. */
export interface FrameSpan {
  readonly start: number;
  readonly end: number;
  /** Offset of the first block header (the frame header's end). */
  readonly blocksStart: number;
  readonly checksum: boolean;
}

/**
 * The complete zstd frames at the front of `b`, walked by their headers (any block type), for
 * generators that damage frames on purpose. Stops quietly at the first byte that does not start
 * a zstd frame (skippable frames included) and leaves out an incomplete last frame; it validates
 * nothing: the loader's own scanner is `scanZstdFrames` in ./zstd.
 */
export function frameSpans(b: Uint8Array): FrameSpan[] {
  const out: FrameSpan[] = [];
  let p = 0;
  while (p + 9 <= b.length) { // 9: the smallest frame (1-byte FCS, one empty block, no checksum)
    if (b[p] !== 0x28 || b[p + 1] !== 0xb5 || b[p + 2] !== 0x2f || b[p + 3] !== 0xfd) break;
    const start = p;
    const fhd = b[p + 4];
    const checksum = (fhd & 4) !== 0;
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    p += 5 + (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3] + (fcsFlag ? 1 << fcsFlag : single ? 1 : 0);
    const blocksStart = p;
    for (;;) {
      if (p + 3 > b.length) return out;
      const bh = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      p += 3 + (((bh >> 1) & 3) === 1 ? 1 : bh >> 3);
      if (bh & 1) break;
    }
    if (checksum) p += 4;
    if (p > b.length) return out;
    out.push({ start, end: p, blocksStart, checksum });
  }
  return out;
}
