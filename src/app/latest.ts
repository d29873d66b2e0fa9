/**
 * "The latest request wins", written once. A `Latest` hands out tickets: a ticket is current until
 * the next one is taken (or `drop()`), so an answer that arrives for a stale ticket is discarded.
 * A `Coalescer` keeps at most one request in flight and, when it settles, runs the latest one asked
 * for meanwhile (a scrub asks for hundreds of moments; the worker answers the few that matter).
 */

/** True while the request it was taken for is the latest. */
export type Ticket = () => boolean;

export class Latest {
  private n = 0;

  /** A new request: every ticket taken before it is stale from now on. */
  next(): Ticket {
    const mine = ++this.n;
    return () => mine === this.n;
  }

  /** The ticket of the request in force: stale once `next()` or `drop()` runs. */
  current(): Ticket {
    const mine = this.n;
    return () => mine === this.n;
  }

  /** Makes every ticket stale (the thing asked about is gone). */
  drop(): void {
    this.n++;
  }
}

export class Coalescer<K> {
  private busy = false;
  private wanted?: { key: K };

  /** `run(key)` asks for one answer; `same` tells two keys apart (the latest is not asked twice). */
  constructor(private readonly run: (key: K) => Promise<unknown>, private readonly same: (a: K, b: K) => boolean = Object.is) {}

  /** Asks for `key`: now if nothing is in flight, else once the request in flight settles. */
  want(key: K): void {
    this.wanted = { key };
    if (this.busy) return;
    this.start(key);
  }

  /** Forgets the request waiting to be sent (the one in flight still settles). */
  forget(): void {
    this.wanted = undefined;
  }

  private start(key: K): void {
    this.busy = true;
    this.wanted = undefined;
    this.run(key).catch(() => undefined).finally(() => {
      this.busy = false;
      const w = this.wanted;
      this.wanted = undefined;
      if (w && !this.same(w.key, key)) this.start(w.key);
    });
  }
}
