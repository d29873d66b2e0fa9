/**
 * Bytes of a known size that arrive in order while they are read (a bundle's log, handed to the
 * session worker a piece at a time as the page's parser reaches it): the loader starts on the first
 * pieces instead of waiting for the whole file, as it does reading a dropped file a slice at a time.
 * Pure; runs in the worker and in Node (tests).
 */

export class ArrivingError extends Error {
  readonly code = 'arriving-cut';
}

/** Writes a piece into `into` at `at`, at most `most` bytes; returns where it ended. */
interface Writer {
  readonly most: number;
  write(into: Uint8Array, at: number): number;
}

export class ArrivingBytes {
  /** The whole input; only the first `arrived` bytes are set. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  private filled = 0;
  private failure?: Error;
  private waiters: { readonly n: number; resolve(arrived: number): void; reject(err: Error): void }[] = [];
  /** Pieces in, still to be written (`putWritten`), in order: each is written once a wait needs its bytes. */
  private queued: Writer[] = [];

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  get size(): number { return this.bytes.length; }
  /** The bytes written so far (pieces still queued are not counted). */
  get arrived(): number { return this.filled; }

  /** The next piece, in order. More bytes than the size announced end the input with a failure. */
  put(piece: Uint8Array): void {
    if (this.queued.length) { this.putWritten(piece.length, (into, at) => { into.set(piece, at); return at + piece.length; }); return; }
    this.putNow(piece);
    this.wake();
  }

  private putNow(piece: Uint8Array): void {
    if (this.failure) return;
    if (this.filled + piece.length > this.bytes.length) {
      this.fail(new ArrivingError(`The log is longer than the ${this.bytes.length} bytes announced for it.`));
      return;
    }
    this.bytes.set(piece, this.filled);
    this.filled += piece.length;
  }

  /**
   * The next piece, written in place by `write` (given the buffer and where to start; it returns
   * where it ended), which writes at most `most` bytes: a piece encoded otherwise (a bundle's text,
   * src/io/bundle-payload.ts) is decoded straight into the input, not into a copy first. It is
   * written only once a wait needs its bytes, so the pieces ahead of the loader cost it nothing
   * until it reaches them (a bundle's first view waits for the first pieces only). A `write` that
   * throws fails the input with its error.
   */
  putWritten(most: number, write: (into: Uint8Array, at: number) => number): void {
    if (this.failure) return;
    this.queued.push({ most, write });
    this.wake();
  }

  /** Writes queued pieces until at least the first `n` bytes are in (or none is left). */
  private writeUntil(n: number): void {
    while (this.filled < n && this.queued.length > 0 && !this.failure) {
      const w = this.queued.shift()!;
      try {
        // when `most` bytes might not fit, they are written to a copy of their own and put
        if (this.filled + w.most > this.bytes.length) {
          const own = new Uint8Array(w.most);
          this.putNow(own.subarray(0, w.write(own, 0)));
        } else this.filled = w.write(this.bytes, this.filled);
      } catch (err) {
        this.fail(err instanceof Error ? err : new ArrivingError(String(err)));
      }
    }
  }

  /** The input ends without its remaining bytes: every wait, now and later, fails with `err`. */
  fail(err: Error): void {
    this.failure ??= err;
    this.queued = [];
    this.wake();
  }

  /** Resolves, with the bytes arrived so far, once at least the first `n` (at most the size) are in. */
  until(n: number): Promise<number> {
    const want = Math.min(n, this.bytes.length);
    this.writeUntil(want);
    if (this.filled >= want) return Promise.resolve(this.filled);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => { this.waiters.push({ n: want, resolve, reject }); });
  }

  private wake(): void {
    if (this.waiters.length > 0) this.writeUntil(Math.max(...this.waiters.map((w) => w.n)));
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (this.filled >= w.n) w.resolve(this.filled);
      else if (this.failure) w.reject(this.failure);
      else still.push(w);
    }
    this.waiters = still;
  }
}
