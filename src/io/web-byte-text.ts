/**
 * The loader's ASCII fast path (`ByteText`, src/io/record-scanner.ts) for a host without Node's
 * Buffer: a browser worker. The CLI hands the scanner Node's `latin1Slice` and `isAscii`
 * (src/cli/byte-text.ts); here the same two primitives come from the web platform, so the folder
 * worker splits and parses lines on the same path as `seqscope stats`.
 */
import type { ByteText } from './record-scanner';

/**
 * WHATWG's `latin1` label decodes windows-1252: every byte is one UTF-16 unit (0x80–0x9F map to
 * other characters than ISO-8859-1's), so offsets in the text are byte offsets, and an ASCII byte
 * is its own character. That is all the scanner reads of it: a line holding a byte ≥ 0x80 is
 * decoded again as UTF-8 (ByteText.isAscii says which).
 */
const oneBytePerUnit = new TextDecoder('latin1');

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
  latin1: (bytes, start, end) => oneBytePerUnit.decode(bytes.subarray(start, end)),
  isAscii: isAsciiRange,
};
