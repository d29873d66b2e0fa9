/**
 * A zstd log decoded for redaction: the plaintext of its complete frames in batches of many frames,
 * each batch with every frame's plaintext end and its compressed bytes, so that a frame whose lines
 * all come out unchanged is written back as it was read, byte for byte, and only the frames holding
 * a redaction are encoded again. The items are structured-cloneable (plain arrays), so the decoding
 * can run in a thread of its own (src/cli/redact-thread.ts) or here (`zstdBatchesHere`).
 */
import { SessionError } from '../../core/errors';
import { concatBytes } from '../bytes';
import { createFrameDecoder, decodeTornFrame, FrameStream } from '../zstd';
import type { Port } from '../zstd-port';

/** Consecutive complete frames: their plaintext, and where each one ends in it and in `packed`. */
export interface ZstdBatch {
  readonly kind: 'batch';
  readonly plain: Uint8Array;
  /** Frame k's plaintext is `plain[plainEnds[k - 1] ?? 0, plainEnds[k])`. */
  readonly plainEnds: Uint32Array;
  /** The frames as read, one after another. */
  readonly packed: Uint8Array;
  readonly packedEnds: Uint32Array;
}

export type ZstdBatchItem =
  | ZstdBatch
  /** A frame that does not decode, or structural damage: nothing after it is given. */
  | { readonly kind: 'damage'; readonly message: string }
  /** The input ended; `torn`: it ended inside a frame, whose completed blocks' plaintext is `tail`. */
  | { readonly kind: 'end'; readonly torn: boolean; readonly tail: Uint8Array };

/** Plaintext per batch (about: frames are whole). */
export const BATCH_BYTES = 4 << 20;
/** The first batch is at most this large, so that the scan starts while the next ones are decoded. */
const FIRST_BATCH_BYTES = 256 << 10;

const why = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');

/** The batches of a zstd log read in pieces, decoded with libzstd (checksums verified) in this thread. */
export async function* decodeZstdBatches(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, batchBytes = BATCH_BYTES): AsyncGenerator<ZstdBatchItem> {
  const framing = new FrameStream();
  const d = await createFrameDecoder();
  let plainEnds: number[] = [], packedEnds: number[] = [], batches = 0;
  /** Runs of frames as read: consecutive frames of one piece are one run. */
  let runs: Uint8Array[] = [], runStart = -1, runEnd = -1, runOf: Uint8Array | undefined, packedSize = 0;
  const closeRun = () => { if (runOf) runs.push(runOf.subarray(runStart, runEnd)); runOf = undefined; };
  const batch = (): ZstdBatch => {
    closeRun();
    const b: ZstdBatch = { kind: 'batch', plain: d.take(), plainEnds: Uint32Array.from(plainEnds), packed: concatBytes(runs), packedEnds: Uint32Array.from(packedEnds) };
    plainEnds = []; packedEnds = []; runs = []; packedSize = 0;
    return b;
  };
  for await (const piece of pieces) {
    const { bytes, at, frames } = framing.push(piece);
    for (const f of frames) {
      try { d.decode(bytes, f, at); } catch (err) {
        yield { kind: 'damage', message: `${why(err)}; its content cannot be read` };
        return;
      }
      if (runOf !== bytes || runEnd !== f.start) { closeRun(); runOf = bytes; runStart = f.start; }
      runEnd = f.end;
      packedSize += f.end - f.start;
      plainEnds.push(d.pending);
      packedEnds.push(packedSize);
      if (d.pending >= (batches ? batchBytes : Math.min(batchBytes, FIRST_BATCH_BYTES))) { batches++; yield batch(); }
    }
    if (framing.error) {
      if (plainEnds.length) yield batch();
      yield { kind: 'damage', message: `${why(framing.error)}; what follows cannot be read` };
      return;
    }
  }
  if (plainEnds.length) yield batch();
  const { tornStart, tail } = framing.finish();
  yield { kind: 'end', torn: tornStart >= 0, tail: tornStart >= 0 ? decodeTornFrame(tail) : new Uint8Array(0) };
}

/** Where redaction takes a zstd log's batches from: its pieces, decoded here or elsewhere. */
export type ZstdBatchSource = (pieces: () => AsyncIterable<Uint8Array>) => AsyncIterable<ZstdBatchItem>;

export const zstdBatchesHere: ZstdBatchSource = (pieces) => decodeZstdBatches(pieces());

/** The failure a `damage` item stands for. */
export const damageError = (message: string) => new SessionError('redact-zstd-damage', `${message}, so it cannot be redacted.`);

/** Batches decoded and not yet taken, at most. */
export const AHEAD = 3;
/** Pieces of input asked for and not yet decoded, at most. */
const PIECES_AHEAD = 2;

/** To the decoding end: the next piece (null: the input ended), or a credit for one more batch. */
type Request = { readonly piece: Uint8Array | null } | 'ack';
/** From it: the next piece is wanted, an item, or a failure that is not a verdict (a bug). */
type Reply = 'more' | { readonly item: ZstdBatchItem } | { readonly failure: string };

/**
 * The decoding end of a thread: decodes `own` pieces (read by this thread itself), or else the
 * pieces it is sent, asking for each ('more'), and posts each item (moving its arrays), at most
 * AHEAD batches ahead of the credits it is sent.
 */
export function serveZstdBatches(port: Port, own?: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): void {
  let credits = AHEAD;
  let wakeCredit: (() => void) | undefined;
  const arrived: (Uint8Array | null)[] = [];
  let wakePiece: (() => void) | undefined;
  port.listen((m: Request) => {
    if (m === 'ack') { credits++; wakeCredit?.(); wakeCredit = undefined; } else { arrived.push(m.piece); wakePiece?.(); wakePiece = undefined; }
  });
  /** The pieces, asked for PIECES_AHEAD ahead: the other end answers only between its own tasks. */
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < PIECES_AHEAD; i++) port.postMessage('more' satisfies Reply, []);
    for (;;) {
      while (!arrived.length) await new Promise<void>((r) => { wakePiece = r; });
      const piece = arrived.shift()!;
      if (!piece) return;
      port.postMessage('more' satisfies Reply, []);
      yield piece;
    }
  }
  void (async () => {
    try {
      for await (const item of decodeZstdBatches(own ?? pieces())) {
        if (item.kind === 'batch') {
          while (credits === 0) await new Promise<void>((r) => { wakeCredit = r; });
          credits--;
        }
        const moved = item.kind === 'batch' ? [item.plain.buffer, item.plainEnds.buffer, item.packed.buffer, item.packedEnds.buffer] : item.kind === 'end' ? [item.tail.buffer] : [];
        port.postMessage({ item } satisfies Reply, moved as ArrayBuffer[]);
      }
    } catch (err) {
      port.postMessage({ failure: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies Reply, []);
    }
  })();
}

/** An open port to a thread that runs `serveZstdBatches`; `close` ends it (and the thread). */
export interface BatchThreadPort { readonly port: Port; close(): void; onError(f: (err: unknown) => void): void }

/**
 * Batches decoded in a thread `open` starts for each log: the items in order, the pieces handed over
 * as it asks (a thread that reads the input itself asks for none).
 */
export function zstdBatchesOver(open: () => BatchThreadPort): ZstdBatchSource {
  return (pieces) => (async function* () {
    const { port, close, onError } = open();
    const source = pieces()[Symbol.asyncIterator]();
    const ready: ZstdBatchItem[] = [];
    let failure: unknown;
    let wake: (() => void) | undefined;
    const fail = (err: unknown) => { failure ??= err; wake?.(); wake = undefined; };
    const sendPiece = async () => {
      const { value, done } = await source.next();
      // an array of its own, moved: a piece may be a view of a larger input
      const piece = done ? null : value.slice();
      port.postMessage({ piece } satisfies Request, piece ? [piece.buffer] : []);
    };
    port.listen((m: Reply) => {
      if (m === 'more') sendPiece().catch(fail);
      else if ('failure' in m) fail(new Error(`zstd decoding thread failed: ${m.failure}`));
      else { ready.push(m.item); wake?.(); wake = undefined; }
    });
    onError(fail);
    try {
      for (;;) {
        while (!ready.length && failure === undefined) await new Promise<void>((r) => { wake = r; });
        if (!ready.length) throw failure;
        const item = ready.shift()!;
        if (item.kind === 'batch') port.postMessage('ack' satisfies Request, []);
        yield item;
        if (item.kind !== 'batch') return;
        // the thread's messages (batches, asks for pieces) are heard only between tasks: one ends here
        await new Promise<void>((r) => setTimeout(r, 0));
      }
    } finally {
      close();
      await source.return?.(undefined);
    }
  })();
}
