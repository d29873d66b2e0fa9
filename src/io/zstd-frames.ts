import { SessionError, type RefusalKind } from '../core/errors';
import { FrameStream, createFrameDecoder, type FrameDecoder } from './zstd';

/**
 * What decoding a zstd log's complete frames in file order yields, in order. Everything a consumer
 * needs to judge the log in DSH's stream order: the plaintext of the frames before a failure always
 * comes before the failure. Items are structured-cloneable (but for `end.state`, see below), so the
 * decoding can run in a thread of its own.
 */
export type ZstdItem =
  /** The first frame's plaintext (the header line); the frame ends at file byte `end`. */
  | { readonly kind: 'header'; readonly plain: Uint8Array; readonly end: number }
  /**
   * Plaintext of consecutive frames after the header, ending at file byte `end`; `frames` indexes
   * them: [file byte where each ends, its plaintext bytes] pairs.
   */
  | { readonly kind: 'block'; readonly plain: Uint8Array; readonly end: number; readonly frames: Float64Array }
  /** A piece of the input was read (for progress and cancel between blocks). */
  | { readonly kind: 'tick'; readonly end: number }
  /** A frame libzstd refused (`header`: the first frame); nothing after it is decoded. */
  | { readonly kind: 'refused'; readonly error: ErrorFields; readonly header: boolean }
  /** The plaintext would pass `maxPlain`; nothing of the frame that passes it is given. */
  | { readonly kind: 'too-large' }
  /** Structural damage after the frames given: no frame after it is read. */
  | { readonly kind: 'framing'; readonly error: ErrorFields }
  /**
   * The input ended: complete frames, plaintext bytes, and the bytes of a torn final frame (empty
   * when none). `state`, only when decoded in the caller's thread, is what a followed log goes on with.
   */
  | { readonly kind: 'end'; readonly complete: number; readonly plain: number; readonly tail: Uint8Array; readonly state?: ZstdState };

/** A SessionError as plain fields (it crosses threads as these). */
export interface ErrorFields { readonly code: string; readonly message: string; readonly kind: RefusalKind; readonly line?: number; readonly seq?: number }

/**
 * The decoder's state at the end of the input, for a log that goes on growing. Reading `unzstd`
 * claims the decoder: one nobody claimed is released when the items end or are closed.
 */
export interface ZstdState { readonly framing: FrameStream; readonly unzstd: FrameDecoder }

export interface ZstdDecodeOptions {
  /** Input read per piece. */
  readonly pieceBytes: number;
  /** Plaintext past which `too-large` ends the items. */
  readonly maxPlain: number;
  /** Plaintext gathered per `block` item (about: frames are whole). */
  readonly blockBytes: number;
  /**
   * A byte array input that is still arriving (./arriving-bytes): resolves, with the bytes in so
   * far, once at least the first `n` are. Read in the caller's thread; never sent to a decoding thread.
   */
  readonly arrived?: (n: number) => Promise<number>;
}

/** Decodes zstd input (a byte array, or a Blob read a piece at a time), yielding ZstdItems. */
export type ZstdFramesSource = (input: Uint8Array | Blob, o: ZstdDecodeOptions) => AsyncIterable<ZstdItem>;

/** The default source: decoding in the caller's thread, a frame at a time as the consumer asks. */
export const zstdFramesHere: ZstdFramesSource = (input, o) => decodeZstdFrames(piecesOf(input, o.pieceBytes, o.arrived), o);

export const errorFields = (e: unknown): ErrorFields => {
  if (!(e instanceof SessionError)) throw e;
  return { code: e.code, message: e.message, kind: e.kind, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.seq !== undefined ? { seq: e.seq } : {}) };
};

export const sessionError = (f: ErrorFields) => new SessionError(f.code, f.message, { kind: f.kind, line: f.line, seq: f.seq });

/**
 * The first piece and the first block after the header are at most this large: the first events
 * reach the views (the Log lists them while the rest is read) without waiting for a whole piece to
 * be read and a whole block decoded.
 */
export const FIRST_BYTES = 1 << 20;

/** An arriving input is decoded at least this many more bytes at a time. */
export const ARRIVING_STEP = FIRST_BYTES / 4;

/**
 * The input in pieces: views of a byte array, or slices of a Blob. A Blob's next slice is read
 * while the current one is decoded (at most two are held at once). The first piece is at most
 * FIRST_BYTES. A byte array still `arrived`: each piece is what has arrived, at least ARRIVING_STEP
 * more (or the rest) and at most `size`, so decoding follows the bytes as they come.
 */
export async function* piecesOf(input: Uint8Array | Blob, size: number, arrived?: (n: number) => Promise<number>): AsyncGenerator<Uint8Array> {
  const total = input instanceof Uint8Array ? input.length : input.size;
  const ends = (p: number) => Math.min(total, p + (p === 0 ? Math.min(size, FIRST_BYTES) : size));
  if (input instanceof Uint8Array) {
    for (let p = 0; p < total;) {
      const end = arrived ? Math.min(ends(p), await arrived(Math.min(total, p + Math.min(size, ARRIVING_STEP)))) : ends(p);
      yield input.subarray(p, end);
      p = end;
    }
    return;
  }
  const read = (p: number) => {
    const r = input.slice(p, ends(p)).arrayBuffer().then((b) => new Uint8Array(b));
    r.catch(() => undefined); // a read left behind by a refusal or a cancel must not go unhandled
    return r;
  };
  let next = total > 0 ? read(0) : undefined;
  for (let p = 0; next; p = ends(p)) {
    const piece = await next;
    next = ends(p) < total ? read(ends(p)) : undefined;
    yield piece;
  }
}

/**
 * Decodes the complete frames of the input's pieces: each frame when the consumer asks for more, so
 * a consumer that stops early (a refusal) decodes nothing past it.
 */
export async function* decodeZstdFrames(pieces: AsyncIterable<Uint8Array>, o: Pick<ZstdDecodeOptions, 'maxPlain' | 'blockBytes'>): AsyncGenerator<ZstdItem> {
  const framing = new FrameStream();
  // libzstd is instantiated while the first piece is read
  const making = createFrameDecoder();
  making.catch(() => undefined); // awaited below; a consumer may stop before that
  let unzstd: FrameDecoder | undefined, claimed = false;
  try {
    yield* decodeWith(pieces, o, framing, async () => (unzstd ??= await making), () => { claimed = true; });
  } finally {
    if (!claimed) (unzstd ?? await making.catch(() => undefined))?.release();
  }
}

async function* decodeWith(pieces: AsyncIterable<Uint8Array>, o: Pick<ZstdDecodeOptions, 'maxPlain' | 'blockBytes'>, framing: FrameStream, decoder: () => Promise<FrameDecoder>, claim: () => void): AsyncGenerator<ZstdItem> {
  let unzstd: FrameDecoder | undefined;
  let complete = 0, plain = 0, end = 0, blocks = 0;
  let index: number[] = [];
  const block = (): ZstdItem => { blocks++; const frames = Float64Array.from(index); index = []; return { kind: 'block', plain: unzstd!.take(), end, frames }; };
  for await (const piece of pieces) {
    unzstd ??= await decoder();
    const { bytes, at: offset, frames } = framing.push(piece);
    for (const f of frames) {
      if (complete++ === 0) {
        try { unzstd.decode(bytes, f, offset); } catch (e) { yield { kind: 'refused', error: errorFields(e), header: true }; return; }
        const first = unzstd.take();
        plain = first.length;
        end = offset + f.end;
        yield { kind: 'header', plain: first, end };
        continue;
      }
      let n: number;
      try { n = unzstd.decode(bytes, f, offset, o.maxPlain - plain); } catch (e) {
        if (unzstd.pending) yield block();
        yield { kind: 'refused', error: errorFields(e), header: false };
        return;
      }
      if (n < 0) {
        if (unzstd.pending) yield block();
        yield { kind: 'too-large' };
        return;
      }
      plain += n;
      end = offset + f.end;
      index.push(end, n);
      if (unzstd.pending >= (blocks ? o.blockBytes : Math.min(o.blockBytes, FIRST_BYTES))) yield block();
    }
    if (framing.error) break;
    yield { kind: 'tick', end: offset + bytes.length };
  }
  unzstd ??= await decoder();
  if (unzstd.pending) yield block();
  if (framing.error) { yield { kind: 'framing', error: errorFields(framing.error) }; return; }
  const kept = unzstd;
  yield { kind: 'end', complete, plain, tail: framing.finish().tail, state: { framing, get unzstd() { claim(); return kept; } } };
}
