import xxhash from 'xxhash-wasm';

const MAX_BLOCK = 128 * 1024;

/**
 * A compressor that returns one standard zstd frame without a checksum (for example a WASM libzstd);
 * `frameFor` then sets the checksum flag and appends the checksum, as DSH's writer does.
 */
export type FrameCompressor = (plain: Uint8Array) => Uint8Array;

/**
 * One zstd frame holding `plain` in raw (stored) blocks: single segment, content size present,
 * content checksum = low 32 bits of XXH64 (seed 0). Valid RFC 8878; any decoder reads it.
 */
export function rawFrame(plain: Uint8Array, checksum: number): Uint8Array {
  const n = plain.length;
  const fcsFlag = n < 256 ? 0 : n < 65536 + 256 ? 1 : n <= 0xffffffff ? 2 : 3;
  const fcsBytes = [1, 2, 4, 8][fcsFlag];
  const blocks = Math.max(1, Math.ceil(n / MAX_BLOCK));
  const out = new Uint8Array(4 + 1 + fcsBytes + blocks * 3 + n + 4);
  let p = 0;
  out[p++] = 0x28; out[p++] = 0xb5; out[p++] = 0x2f; out[p++] = 0xfd;
  out[p++] = (fcsFlag << 6) | 0x20 | 0x04;
  let v = fcsFlag === 1 ? n - 256 : n;
  for (let i = 0; i < fcsBytes; i++) { out[p++] = v % 256; v = Math.floor(v / 256); }
  for (let b = 0; b < blocks; b++) {
    const start = b * MAX_BLOCK;
    const size = Math.min(MAX_BLOCK, n - start);
    const bh = size * 8 + (b === blocks - 1 ? 1 : 0);
    out[p++] = bh & 0xff; out[p++] = (bh >>> 8) & 0xff; out[p++] = (bh >>> 16) & 0xff;
    out.set(plain.subarray(start, start + size), p);
    p += size;
  }
  writeU32(out, p, checksum);
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

/** Returns a function that turns plaintext into one checksummed frame (loads the XXH64 WASM once). */
export async function createFramer(compress?: FrameCompressor): Promise<(plain: Uint8Array | string) => Uint8Array> {
  const h = await xxhash();
  const enc = new TextEncoder();
  return (plain) => {
    const bytes = typeof plain === 'string' ? enc.encode(plain) : plain;
    const sum = Number(h.h64Raw(bytes, 0n) & 0xffffffffn);
    return compress ? withChecksum(compress(bytes), sum) : rawFrame(bytes, sum);
  };
}

/** Concatenated frames, one per part (DSH: the header line, then one per append batch). */
export async function encodeZstdFrames(parts: Iterable<Uint8Array | string>, compress?: FrameCompressor): Promise<Uint8Array> {
  const frame = await createFramer(compress);
  const frames: Uint8Array[] = [];
  let n = 0;
  for (const p of parts) { const f = frame(p); frames.push(f); n += f.length; }
  const out = new Uint8Array(n);
  let o = 0;
  for (const f of frames) { out.set(f, o); o += f.length; }
  return out;
}
