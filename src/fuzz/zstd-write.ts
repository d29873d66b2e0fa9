/**
 * A minimal Zstandard writer for tests and fuzzing: raw (stored) blocks only, one frame per call,
 * with an optional content checksum (low 32 bits of XXH64, seed 0). Enough to build DSH-shaped
 * `.jsonl.zstd` artifacts (one frame for the header line, then frames of records) without an encoder.
 */
import xxhash from 'xxhash-wasm';

const MAX_BLOCK = 128 * 1024;
let hasher: Promise<{ h64Raw(input: Uint8Array, seed?: bigint): bigint }> | null = null;

export async function xxh64low32(data: Uint8Array): Promise<number> {
  hasher ??= xxhash();
  const h = await hasher;
  return Number(h.h64Raw(data, 0n) & 0xffffffffn);
}

/** One complete frame holding `content` in raw blocks. */
export async function zstdRawFrame(content: Uint8Array, opts: { checksum?: boolean } = {}): Promise<Uint8Array> {
  const checksum = opts.checksum ?? true;
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd];
  // single segment, 4-byte frame content size, checksum flag
  parts.push(0x80 | 0x20 | (checksum ? 0x04 : 0));
  const n = content.length;
  parts.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  const blocks: Uint8Array[] = [];
  let p = 0;
  do {
    const size = Math.min(MAX_BLOCK, n - p);
    const last = p + size >= n ? 1 : 0;
    const bh = (size << 3) | (0 << 1) | last;
    blocks.push(new Uint8Array([bh & 0xff, (bh >>> 8) & 0xff, (bh >>> 16) & 0xff]));
    blocks.push(content.subarray(p, p + size));
    p += size;
  } while (p < n);
  const tail = checksum ? new Uint8Array(4) : new Uint8Array(0);
  if (checksum) {
    const c = await xxh64low32(content);
    tail.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff]);
  }
  return concatBytes([new Uint8Array(parts), ...blocks, tail]);
}

/** A DSH-shaped zstd artifact: the first frame is exactly the header line; records follow, `perFrame` lines a frame. */
export async function zstdFromJsonl(jsonl: string | Uint8Array, opts: { perFrame?: number; checksum?: boolean } = {}): Promise<Uint8Array> {
  const bytes = typeof jsonl === 'string' ? new TextEncoder().encode(jsonl) : jsonl;
  const perFrame = Math.max(1, opts.perFrame ?? 8);
  const lines: Uint8Array[] = [];
  let s = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) { lines.push(bytes.subarray(s, i + 1)); s = i + 1; }
  if (s < bytes.length) lines.push(bytes.subarray(s));
  const frames: Uint8Array[] = [];
  if (lines.length) frames.push(await zstdRawFrame(lines[0], opts));
  for (let i = 1; i < lines.length; i += perFrame) frames.push(await zstdRawFrame(concatBytes(lines.slice(i, i + perFrame)), opts));
  return concatBytes(frames);
}

/** [start, end) of each frame in a buffer written by this module (raw blocks, 4-byte FCS). */
export function rawFrameSpans(b: Uint8Array): { start: number; end: number; checksum: boolean }[] {
  const out: { start: number; end: number; checksum: boolean }[] = [];
  let p = 0;
  while (p + 9 <= b.length) {
    if (b[p] !== 0x28 || b[p + 1] !== 0xb5 || b[p + 2] !== 0x2f || b[p + 3] !== 0xfd) break;
    const start = p;
    const fhd = b[p + 4];
    const checksum = (fhd & 4) !== 0;
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    p += 5 + (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3] + (fcsFlag ? 1 << fcsFlag : single ? 1 : 0);
    for (;;) {
      if (p + 3 > b.length) return out;
      const bh = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      p += 3 + (((bh >> 1) & 3) === 1 ? 1 : bh >> 3);
      if (bh & 1) break;
    }
    if (checksum) p += 4;
    if (p > b.length) return out;
    out.push({ start, end: p, checksum });
  }
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}
