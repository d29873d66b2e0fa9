/**
 * Fetching what the windowed views render, by seq: the items asked for in one microtask go to the
 * worker as one request; answers land in a bounded LRU; `reset()` drops everything, and answers to
 * requests made before it are discarded.
 */
import { Latest } from './latest';

/** A Map used as an LRU: reads move the key to the back; inserts evict from the front. */
export class Lru<K, V> {
  private readonly m = new Map<K, V>();
  constructor(private readonly cap: number) {}
  get(k: K): V | undefined {
    const v = this.m.get(k);
    if (v !== undefined) { this.m.delete(k); this.m.set(k, v); }
    return v;
  }
  has(k: K): boolean { return this.m.has(k); }
  set(k: K, v: V): void {
    this.m.delete(k);
    this.m.set(k, v);
    while (this.m.size > this.cap) this.m.delete(this.m.keys().next().value as K);
  }
  clear(): void { this.m.clear(); }
  get size(): number { return this.m.size; }
}

export class Batcher<T> {
  readonly cache: Lru<number, T>;
  private queued: number[] = [];
  private readonly inflight = new Set<number>();
  private readonly epochs = new Latest();

  /**
   * `key`: the number an item is asked by (its seq, a run's start); `fetch`: one request for many;
   * `arrived`: told after answers land (the views re-read the cache).
   */
  constructor(cap: number, private readonly key: (t: T) => number, private readonly fetch: (keys: number[]) => Promise<T[]>, private readonly arrived: () => void) {
    this.cache = new Lru(cap);
  }

  /** Queues the keys not cached nor asked for; one batched request per microtask. */
  ensure(keys: readonly number[]): void {
    const wasEmpty = this.queued.length === 0;
    for (const k of keys) if (!this.cache.has(k) && !this.inflight.has(k)) { this.inflight.add(k); this.queued.push(k); }
    if (wasEmpty && this.queued.length > 0) queueMicrotask(() => this.flush());
  }

  /** Forgets every item and every request in flight. */
  reset(): void {
    this.epochs.drop();
    this.queued = [];
    this.inflight.clear();
    this.cache.clear();
  }

  private flush(): void {
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0) return;
    const current = this.epochs.current();
    this.fetch(batch).then((items) => {
      if (!current()) return;
      // a key not answered (past the end of a log still loading) stays asked for until reset
      for (const it of items) { const k = this.key(it); this.cache.set(k, it); this.inflight.delete(k); }
      this.arrived();
    }, () => { if (current()) for (const k of batch) this.inflight.delete(k); });
  }
}
