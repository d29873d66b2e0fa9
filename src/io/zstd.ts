import { Decompress, decompress } from 'fzstd';
import xxhash from 'xxhash-wasm';
import { SessionError } from '../core/errors';
import { concatBytes } from './bytes';
import { TOO_LARGE, WasmZstd } from './zstd-wasm';

export const ZSTD_MAGIC = 0xfd2fb528;

export interface FrameScan {
  /** Complete frames as [start, end) byte ranges. */
  readonly frames: readonly { start: number; end: number; checksum: boolean }[];
  /** Start of a structurally incomplete final frame, or -1. */
  readonly tornStart: number;
  /** Structural damage after the listed frames (junk, reserved bits): fatal, reported once they are read. */
  readonly error?: SessionError;
}

const corrupt = (why: string) => new SessionError('zstd-framing', `Corrupt Zstandard session log: ${why}.`);

/**
 * Structural frame scan (persistence.md §2.4): walks frame headers and block headers without
 * decompressing, to tell complete frames from a torn final one. Junk at a frame start is fatal.
 */
export function scanZstdFrames(b: Uint8Array): FrameScan {
  const frames: { start: number; end: number; checksum: boolean }[] = [];
  try {
    return walkFrames(b, frames);
  } catch (err) {
    if (!(err instanceof SessionError)) throw err;
    return { frames, tornStart: -1, error: err };
  }
}

/** `base`: where `b` starts in the file, for the byte offsets in messages (frames stay relative to `b`). */
function walkFrames(b: Uint8Array, frames: { start: number; end: number; checksum: boolean }[], base = 0): FrameScan {
  let p = 0;
  const n = b.length;
  while (p < n) {
    const start = p;
    if (n - p < 4) return { frames, tornStart: start };
    const magic = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
    if (magic !== ZSTD_MAGIC) throw corrupt(`invalid frame magic at byte ${base + p}`);
    p += 4;
    if (p >= n) return { frames, tornStart: start };
    const fhd = b[p++];
    if (fhd & 0x18) throw corrupt(`reserved frame-header bit at byte ${base + p - 1}`);
    const single = (fhd >> 5) & 1;
    const checksum = ((fhd >> 2) & 1) === 1;
    const dictBytes = [0, 1, 2, 4][fhd & 3];
    const fcsFlag = fhd >> 6;
    const fcsBytes = fcsFlag ? 1 << fcsFlag : single ? 1 : 0;
    p += (single ? 0 : 1) + dictBytes + fcsBytes;
    if (p > n) return { frames, tornStart: start };
    for (;;) {
      if (n - p < 3) return { frames, tornStart: start };
      const bh = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      p += 3;
      const last = bh & 1;
      const type = (bh >> 1) & 3;
      const size = bh >> 3;
      if (type === 3) throw corrupt(`reserved block type at byte ${base + p - 3}`);
      p += type === 1 ? 1 : size;
      if (p > n) return { frames, tornStart: start };
      if (last) break;
    }
    if (checksum) { p += 4; if (p > n) return { frames, tornStart: start }; }
    frames.push({ start, end: p, checksum });
  }
  return { frames, tornStart: -1 };
}

/**
 * The structural scan of a file fed in pieces (a Blob read a slice at a time): `push` returns the
 * frames each piece completes, as ranges of the returned `bytes` (the piece, or the piece joined
 * to the unfinished frame before it), and `at`, where `bytes` starts in the file. It finds what
 * scanZstdFrames finds on the whole file: the same frames, then either the same fatal `error` or,
 * after `finish`, the same torn tail.
 */
export class FrameStream {
  private pending: Uint8Array = new Uint8Array(0);
  private base = 0;
  /** Structural damage: no frame after it is read. */
  error?: SessionError;

  push(piece: Uint8Array): { bytes: Uint8Array; at: number; frames: { start: number; end: number; checksum: boolean }[] } {
    const at = this.base;
    if (this.error) return { bytes: piece, at, frames: [] };
    const bytes = this.pending.length ? concatBytes([this.pending, piece]) : piece;
    const frames: { start: number; end: number; checksum: boolean }[] = [];
    let tornStart = -1;
    try {
      tornStart = walkFrames(bytes, frames, at).tornStart;
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      this.error = err;
    }
    // an unfinished frame waits for the next piece; what came before it is done with
    const done = tornStart >= 0 ? tornStart : bytes.length;
    this.pending = this.error ? new Uint8Array(0) : bytes.subarray(done);
    this.base = at + done;
    return { bytes, at, frames };
  }

  /** Ends the input: the torn final frame's start and bytes (empty when the file ends on a frame). */
  finish(): { tornStart: number; tail: Uint8Array } {
    return { tornStart: this.pending.length ? this.base : -1, tail: this.pending };
  }
}

type Hasher = { h64Raw(input: Uint8Array, seed?: bigint): bigint };
let hasher: Promise<Hasher> | null = null;

type FrameRange = { start: number; end: number; checksum: boolean };

/** Decodes complete frames one at a time; their plaintext gathers until `take`. */
export interface FrameDecoder {
  /**
   * Decodes the frame `f` of `b` onto the pending plaintext and returns its plaintext size, or -1
   * (adding nothing) when that would exceed `limit` bytes; throws `frame at byte N failed
   * validation` (`base`: where `b` starts in the file).
   */
  decode(b: Uint8Array, f: FrameRange, base?: number, limit?: number): number;
  /** Plaintext decoded and not yet taken, in bytes. */
  readonly pending: number;
  /** The pending plaintext, as an array of its own. */
  take(): Uint8Array;
  /**
   * Done with it: its libzstd instance may serve this thread's next decoder (instantiating one
   * costs about 2 ms of CPU, a folder of small zstd logs pays it per log). Any pending plaintext is
   * dropped; any later call throws.
   */
  release(): void;
}

/** Idle libzstd instances of this thread: at most IDLE_MAX, none whose memory grew past IDLE_BYTES (no large load's peak is kept). */
const idle: WasmZstd[] = [];
const IDLE_MAX = 2;
const IDLE_BYTES = 32 << 20;

/** Empties an instance and keeps it for this thread's next decoder, unless enough are kept or it grew large. */
function idleAgain(wasm: WasmZstd): void {
  wasm.clear();
  if (idle.length < IDLE_MAX && wasm.memoryBytes <= IDLE_BYTES) idle.push(wasm);
}

/**
 * A frame decoder on libzstd (WASM), which verifies each frame's content checksum. Each decoder
 * has an instance with WASM memory of its own while it is in use: one released earlier in this
 * thread, emptied, else a new one.
 */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  hasher ??= xxhash();
  const [h, own] = await Promise.all([hasher, idle.pop() ?? WasmZstd.create()]);
  let wasm: WasmZstd | undefined = own;
  const live = (): WasmZstd => {
    if (!wasm) throw new Error('This zstd frame decoder was released.');
    return wasm;
  };
  return {
    decode: (b, f, base = 0, limit = Infinity) => {
      const n = live().decode(b.subarray(f.start, f.end), limit);
      if (n === TOO_LARGE) return -1;
      return n >= 0 ? n : refuseFrame(h, b, f, base);
    },
    get pending() { return live().pending; },
    take: () => live().take(),
    release: () => {
      if (!wasm) return;
      idleAgain(wasm);
      wasm = undefined;
    },
  };
}

/**
 * The refusal of a frame libzstd would not decode, in the words the loader has always used: the
 * frame is decoded again with fzstd and its checksum computed with XXH64, to say whether it does
 * not decompress or its checksum does not match (rare: only damaged frames come here).
 */
function refuseFrame(h: Hasher, b: Uint8Array, f: FrameRange, base: number): never {
  let out: Uint8Array;
  try {
    out = decompress(b.subarray(f.start, f.end));
  } catch {
    throw corrupt(`frame at byte ${base + f.start} failed validation (it does not decompress)`);
  }
  if (f.checksum) {
    const stored = (b[f.end - 4] | (b[f.end - 3] << 8) | (b[f.end - 2] << 16) | (b[f.end - 1] << 24)) >>> 0;
    if (Number(h.h64Raw(out, 0n) & 0xffffffffn) !== stored) throw corrupt(`frame at byte ${base + f.start} failed validation (checksum mismatch)`);
  }
  // fzstd is more lenient than libzstd, the decoder DSH itself uses: libzstd's refusal stands
  throw corrupt(`frame at byte ${base + f.start} failed validation (it does not decompress)`);
}

/**
 * Decodes a frame a load already validated, again, synchronously (a log whose frames stay
 * compressed reads a line this way): an idle instance of this thread serves it and goes back idle,
 * so a log holds no instance of its own and a load that never reads a line again makes none. Needs
 * `compileZstd()` resolved in this thread. Throws when the frame no longer decodes.
 */
export function decodeFrameAgain(frame: Uint8Array): Uint8Array {
  const wasm = idle.pop() ?? WasmZstd.createSync();
  try {
    if (wasm.decode(frame) < 0) throw new Error('A frame the load decoded no longer decodes: the file changed.');
    return wasm.take();
  } finally {
    idleAgain(wasm);
  }
}

/** Decodes one complete frame and verifies its content checksum; throws a `frame at byte N failed validation`. */
export async function decodeFrame(b: Uint8Array, f: FrameRange): Promise<Uint8Array> {
  const d = await createFrameDecoder();
  d.decode(b, f);
  const out = d.take();
  d.release();
  return out;
}

/** Prefix-decodes a torn final frame: the plaintext of every block that completed; errors ignored. */
export function decodeTornFrame(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  try {
    const d = new Decompress((chunk) => { parts.push(chunk); });
    d.push(bytes, false);
  } catch {
    // damage inside the torn frame ends the recovered prefix
  }
  return concatBytes(parts);
}
