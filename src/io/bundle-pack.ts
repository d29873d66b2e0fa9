/**
 * A plain log a bundle carries is packed as zstd frames as DSH frames a `.jsonl.zstd` (the header
 * line alone, then whole lines), so the viewer reads it as it reads any `.jsonl.zstd`; unpacked, the
 * frames give back the plain bytes exactly. The compressor is passed in (libzstd in Node).
 */
import { scanZstdFrames, createFrameDecoder } from './zstd';
import { encodeZstdFrames, type FrameCompressor } from './zstd-encode';
import { concatBytes } from './bytes';

/** Plaintext per frame after the header's (about 1 MiB: the first events show early, compression barely suffers). */
export const PACK_FRAME_BYTES = 1 << 20;

/** The plain log cut at line ends: the header line, then pieces of about `size` bytes (the last may end without LF). */
export function* packPieces(plain: Uint8Array, size = PACK_FRAME_BYTES): Generator<Uint8Array> {
  let start = 0;
  const first = plain.indexOf(0x0a);
  if (first >= 0) { yield plain.subarray(0, first + 1); start = first + 1; }
  while (start < plain.length) {
    const nl = plain.indexOf(0x0a, Math.min(plain.length, start + size) - 1);
    const end = nl < 0 ? plain.length : nl + 1;
    yield plain.subarray(start, end);
    start = end;
  }
}

export async function packLog(plain: Uint8Array, compress: FrameCompressor): Promise<Uint8Array> {
  return encodeZstdFrames(packPieces(plain), compress);
}

/** The plain bytes of packed frames (each checked against its checksum). */
export async function unpackLog(packed: Uint8Array): Promise<Uint8Array> {
  const scan = scanZstdFrames(packed);
  if (scan.error) throw scan.error;
  if (scan.tornStart >= 0) throw new Error(`The bundle's packed log is cut short at byte ${scan.tornStart}.`);
  const d = await createFrameDecoder();
  const parts: Uint8Array[] = [];
  for (const f of scan.frames) {
    d.decode(packed, f);
    parts.push(d.take());
  }
  return concatBytes(parts);
}
