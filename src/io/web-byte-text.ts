/**
 * The loader's ASCII fast path (`ByteText`, src/io/record-scanner.ts) for a host without Node's
 * Buffer: a browser worker. The CLI hands the scanner Node's `latin1Slice` and `isAscii`
 * (src/cli/byte-text.ts); here the same two primitives come from the web platform, so the folder
 * worker splits and parses lines on the same path as `seqscope stats`.
 */
import type { ByteText } from './record-scanner';

/** Bytes per String.fromCharCode call: its arguments are spread on the stack. */
const CHUNK = 4096;

/**
 * Bytes [start, end) as one UTF-16 unit per byte (ISO-8859-1: U+0000–U+00FF), so offsets in the
 * text are byte offsets and an ASCII byte is its own character. That is all the scanner reads of
 * it: a line holding a byte ≥ 0x80 is decoded again as UTF-8 (ByteText.isAscii says which).
 *
 * Made in V8's own heap with String.fromCharCode, not by TextDecoder: in a Chromium worker,
 * TextDecoder's text is a string Blink allocates and V8 takes as external, whose memory is
 * released and faulted in again piece after piece. Decoding the plain half of the fleet
 * benchmark's 1,000 sessions (107 MB) cost the worker 850 ms of CPU that way (47,000 page faults,
 * 1,700 madvise calls), 420 ms this way (6,000 and 100).
 */
export function latin1Text(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i += CHUNK) s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(end, i + CHUNK)) as unknown as number[]);
  return s;
}

/** True when every byte in [start, end) is below 0x80: words of four bytes where aligned. */
export function isAsciiRange(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  const abs = bytes.byteOffset + i;
  // bytes up to a 4-byte boundary of the underlying buffer
  for (const stop = Math.min(end, i + ((4 - (abs & 3)) & 3)); i < stop; i++) if (bytes[i] & 0x80) return false;
  const words = (end - i) >> 2;
  if (words > 0) {
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    let or = 0;
    for (let k = 0; k < words; k++) or |= w[k];
    if (or & 0x80808080) return false;
    i += words << 2;
  }
  for (; i < end; i++) if (bytes[i] & 0x80) return false;
  return true;
}

export const webByteText: ByteText = {
  latin1: latin1Text,
  isAscii: isAsciiRange,
};
