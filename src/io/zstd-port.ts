/**
 * zstd decoding in a thread of its own, so that on two cores libzstd decodes the next frames while
 * the loader scans the plaintext of the last ones. The items and their order are those of
 * `decodeZstdFrames`, so every verdict stays the same. Memory stays bounded: the thread reads a
 * Blob input a slice at a time itself, asks for a byte array's pieces one at a time, and runs at
 * most AHEAD blocks ahead. The protocol needs only a
 * `Port`; Node (src/cli/zstd-thread.ts) and the browser (src/worker/zstd-source.ts) each give one.
 */
import { decodeZstdFrames, piecesOf, type ZstdDecodeOptions, type ZstdFramesSource, type ZstdItem } from './zstd-frames';

/** Blocks (about 4 MiB of plaintext each) decoded and not yet taken by the scan. */
export const AHEAD = 3;

/**
 * To the thread: start (with a Blob input, which the thread reads itself; else it asks for the
 * pieces), the next piece (null: the input ended), or a credit for one more block.
 */
type Request = { readonly start: ZstdDecodeOptions; readonly blob?: Blob } | { readonly piece: Uint8Array | null } | 'ack';
/** From the thread: the next piece is wanted, an item, or a failure that is not a verdict (a bug). */
type Reply = 'more' | { readonly item: ZstdItem } | { readonly failure: string };

/**
 * What this protocol uses of either end: posting a message (moving the listed buffers), and hearing
 * the other end's messages. Node's worker_threads and the browser's Worker each adapt to it.
 */
export interface Port {
  postMessage(m: unknown, transfer: ArrayBuffer[]): void;
  // `any`: each end types its message data its own way
  listen(listener: (data: any) => void): void; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Items whose bytes are arrays of their own move to the other thread instead of being copied. */
const transferOf = (item: ZstdItem): ArrayBuffer[] => (item.kind === 'header' ? [item.plain.buffer as ArrayBuffer] : item.kind === 'block' ? [item.plain.buffer as ArrayBuffer, item.frames.buffer as ArrayBuffer] : []);

/** The thread's side: decodes the one input it is sent, posting each item, a credit per block. */
export function serveZstdFrames(port: Port): void {
  let credits = AHEAD;
  let wakeCredit: (() => void) | undefined;
  let wakePiece: ((p: Uint8Array | null) => void) | undefined;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (;;) {
      port.postMessage('more' satisfies Reply, []);
      const piece = await new Promise<Uint8Array | null>((r) => { wakePiece = r; });
      if (!piece) return;
      yield piece;
    }
  }
  async function run(o: ZstdDecodeOptions, blob: Blob | undefined) {
    try {
      for await (const item of decodeZstdFrames(blob ? piecesOf(blob, o.pieceBytes) : pieces(), o)) {
        if (item.kind === 'block') {
          while (credits === 0) await new Promise<void>((r) => { wakeCredit = r; });
          credits--;
        }
        // the end's tail is a view into a piece: only its own bytes are sent, and not the decoder's state
        const sent: ZstdItem = item.kind === 'end' ? { kind: 'end', complete: item.complete, plain: item.plain, tail: item.tail.slice() } : item;
        port.postMessage({ item: sent } satisfies Reply, transferOf(sent));
      }
    } catch (err) {
      port.postMessage({ failure: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies Reply, []);
    }
  }
  port.listen((m: Request) => {
    if (m === 'ack') { credits++; wakeCredit?.(); wakeCredit = undefined; } else if ('piece' in m) { wakePiece?.(m.piece); wakePiece = undefined; } else void run(m.start, m.blob);
  });
}

/** An open port to a thread that runs `serveZstdFrames`; `close` ends it (and the thread). */
export interface ZstdThreadPort { readonly port: Port; close(): void; onError(f: (err: unknown) => void): void }

/** The loader's side of the protocol, over a port `open` makes for each load. */
export function zstdFramesOver(open: () => ZstdThreadPort): ZstdFramesSource {
  return (input, o) => ({
    [Symbol.asyncIterator]: (): AsyncIterator<ZstdItem> => {
      const { port, close, onError } = open();
      const ready: ZstdItem[] = [];
      const pieces = piecesOf(input, o.pieceBytes, o.arrived)[Symbol.asyncIterator]();
      let failure: unknown;
      let waiting: { resolve: (r: IteratorResult<ZstdItem>) => void; reject: (e: unknown) => void } | undefined;
      let closed = false;
      const end = () => { if (!closed) { closed = true; close(); void pieces.return?.(undefined); } };
      const settle = () => {
        if (!waiting) return;
        const w = waiting;
        if (ready.length) { waiting = undefined; w.resolve({ value: ready.shift()!, done: false }); } else if (failure !== undefined) { waiting = undefined; end(); w.reject(failure); }
      };
      const fail = (err: unknown) => { failure ??= err; settle(); };
      const sendPiece = async () => {
        const { value, done } = await pieces.next();
        if (closed) return;
        // a copy of its own: the piece is a view into the whole input
        const piece = done ? null : value.slice();
        port.postMessage({ piece } satisfies Request, piece ? [piece.buffer] : []);
      };
      port.listen((m: Reply) => {
        if (m === 'more') sendPiece().catch(fail);
        else if ('failure' in m) fail(new Error(`zstd decoding thread failed: ${m.failure}`));
        else { ready.push(m.item); settle(); }
      });
      onError(fail);
      // a Blob is cloned by reference: the thread reads its slices, and this one copies nothing; a
      // Blob that cannot cross (Node's file-backed ones) is read here and sent a piece at a time
      const start = { pieceBytes: o.pieceBytes, maxPlain: o.maxPlain, blockBytes: o.blockBytes };
      let sent = false;
      if (input instanceof Blob) try { port.postMessage({ start, blob: input } satisfies Request, []); sent = true; } catch { /* not cloneable */ }
      if (!sent) port.postMessage({ start } satisfies Request, []);
      return {
        next: () => {
          if (closed) return Promise.resolve({ value: undefined, done: true });
          const p = new Promise<IteratorResult<ZstdItem>>((resolve, reject) => { waiting = { resolve, reject }; });
          settle();
          return p.then((r) => {
            if (r.done) return r;
            const k = r.value.kind;
            if (k === 'block') port.postMessage('ack' satisfies Request, []);
            if (k === 'end' || k === 'refused' || k === 'too-large' || k === 'framing') end();
            return r;
          });
        },
        return: () => { end(); ready.length = 0; return Promise.resolve({ value: undefined, done: true }); },
      };
    },
  });
}
