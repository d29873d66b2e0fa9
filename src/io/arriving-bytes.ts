/**
 * Bytes of a known size that arrive in order while they are read (a bundle's log, handed to the
 * session worker a piece at a time as the page's parser reaches it): the loader starts on the first
 * pieces instead of waiting for the whole file, as it does reading a dropped file a slice at a time.
 * Pure; runs in the worker and in Node (tests).
 */

export class ArrivingError extends Error {
  readonly code = 'arriving-cut';
}

export class ArrivingBytes {
  /** The whole input; only the first `arrived` bytes are set. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  private filled = 0;
  private failure?: Error;
  private waiters: { readonly n: number; resolve(arrived: number): void; reject(err: Error): void }[] = [];

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }

  get size(): number { return this.bytes.length; }
  get arrived(): number { return this.filled; }

  /** The next piece, in order. More bytes than the size announced end the input with a failure. */
  put(piece: Uint8Array): void {
    if (this.failure) return;
    if (this.filled + piece.length > this.bytes.length) {
      this.fail(new ArrivingError(`The log is longer than the ${this.bytes.length} bytes announced for it.`));
      return;
    }
    this.bytes.set(piece, this.filled);
    this.filled += piece.length;
    this.wake();
  }

  /** The input ends without its remaining bytes: every wait, now and later, fails with `err`. */
  fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  /** Resolves, with the bytes arrived so far, once at least the first `n` (at most the size) are in. */
  until(n: number): Promise<number> {
    const want = Math.min(n, this.bytes.length);
    if (this.filled >= want) return Promise.resolve(this.filled);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => { this.waiters.push({ n: want, resolve, reject }); });
  }

  private wake(): void {
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (this.filled >= w.n) w.resolve(this.filled);
      else if (this.failure) w.reject(this.failure);
      else still.push(w);
    }
    this.waiters = still;
  }
}
