/**
 * Hand-built Zstandard frames for tests: single-segment frames holding raw (uncompressed)
 * blocks, with an optional content checksum (low 32 bits of XXH64, seed 0).
 */
import xxhash from 'xxhash-wasm';

let hasher: ReturnType<typeof xxhash> | null = null;
export async function xxh64Low32(data: Uint8Array): Promise<number> {
  hasher ??= xxhash();
  const h = await hasher;
  return Number(h.h64Raw(data, 0n) & 0xffffffffn);
}

export interface FrameOpts {
  checksum?: boolean;
  /** Max bytes per raw block (default 64 KiB). */
  blockSize?: number;
  /** Overwrite the checksum with this value (to build a damaged frame). */
  badChecksum?: boolean;
}

/** One complete frame holding `content` in raw blocks. */
export async function rawFrame(content: Uint8Array, opts: FrameOpts = {}): Promise<Uint8Array> {
  const checksum = opts.checksum ?? true;
  const bs = opts.blockSize ?? 65536;
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd];
  // FHD: FCS flag 2 (4-byte content size), single segment, checksum flag
  parts.push(0x80 | 0x20 | (checksum ? 0x04 : 0));
  const n = content.length;
  parts.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  let off = 0;
  do {
    const size = Math.min(bs, n - off);
    const last = off + size >= n ? 1 : 0;
    const bh = last | (0 << 1) | (size << 3);
    parts.push(bh & 0xff, (bh >>> 8) & 0xff, (bh >>> 16) & 0xff);
    for (let i = 0; i < size; i++) parts.push(content[off + i]);
    off += size;
  } while (off < n);
  if (checksum) {
    let c = await xxh64Low32(content);
    if (opts.badChecksum) c = (c ^ 0xdeadbeef) >>> 0;
    parts.push(c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff);
  }
  return Uint8Array.from(parts);
}

export function concatBytes(...chunks: Uint8Array[]): Uint8Array {
  let len = 0;
  for (const c of chunks) len += c.length;
  const out = new Uint8Array(len);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

/** A DSH-shaped zstd log: the header line alone in frame 1, then one frame per batch of lines. */
export async function zstdLog(headerLine: string, batches: string[], opts: FrameOpts = {}): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const frames = [await rawFrame(enc.encode(headerLine), opts)];
  for (const b of batches) frames.push(await rawFrame(enc.encode(b), opts));
  return concatBytes(...frames);
}
