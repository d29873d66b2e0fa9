import type { ByteDecoder } from '../io/record-scanner';

/** Node's native one-byte-per-byte decoding, for the loader's ASCII fast path. */
export const latin1: ByteDecoder = (bytes, start, end) => (Buffer.prototype as unknown as { latin1Slice(this: Uint8Array, s: number, e: number): string }).latin1Slice.call(bytes, start, end);
