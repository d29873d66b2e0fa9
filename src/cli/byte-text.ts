import { isAscii } from 'node:buffer';
import type { ByteText } from '../io/record-scanner';

const slice = (Buffer.prototype as unknown as { latin1Slice(this: Uint8Array, s: number, e: number): string }).latin1Slice;

/** Node's native byte-to-text primitives, for the loader's ASCII fast path. */
export const nodeByteText: ByteText = {
  latin1: (bytes, start, end) => slice.call(bytes, start, end),
  isAscii: (bytes, start, end) => isAscii(bytes.subarray(start, end)),
};
