/**
 * Growable typed columns: a large log keeps its per-event and per-record numbers here rather than
 * in plain arrays (4 or 8 bytes an entry, no boxing, nothing for the GC to trace).
 */
/** Entries a complete column grows by at most, per step. */
export const APPEND_STEP = 1 << 16;

/**
 * The capacity to grow to from `cap` to hold `need`: doubling, or the expected final size when it
 * is at least `need` and within 4× of `cap` (so an overestimate never allocates more than 4× at once).
 * A `complete` column (a loaded log, now followed) grows by at most APPEND_STEP entries at a time:
 * an append costs about what it holds, not a second copy of a 1.3 M-entry column.
 */
export function nextCapacity(cap: number, need: number, expected: number, complete = false): number {
  if (complete) return Math.max(need, cap + Math.min(Math.max(cap, 1), APPEND_STEP));
  if (expected >= need && expected <= cap * 4) return Math.ceil(expected);
  let c = Math.max(cap, 1);
  while (c < need) c *= 2;
  return c;
}

type Typed = Int32Array | Float64Array | Uint8Array;

/** A growable typed column: pushes grow it by nextCapacity; `trim` drops the slack once it is complete. */
export class TypedColumn<A extends Typed> {
  private a: A;
  length = 0;
  /** Trimmed: grows by bounded steps from then on. */
  private complete = false;
  /**
   * `capacity`: what the first push allocates. Nothing is allocated before it: a load makes some
   * forty columns per session, and a folder of small sessions leaves most of them empty (an
   * allocated, zeroed and later swept ArrayBuffer each, thousands of them).
   */
  constructor(private readonly make: (n: number) => A, private readonly capacity = 256) {
    this.a = make(0);
  }
  push(v: number): void {
    if (this.length === this.a.length) {
      const cap = this.a.length === 0 && !this.complete ? Math.max(this.capacity, 1) : nextCapacity(this.a.length, this.length + 1, 0, this.complete);
      const b = this.make(cap); b.set(this.a); this.a = b;
    }
    this.a[this.length++] = v;
  }
  at(i: number): number {
    return this.a[i];
  }
  set(i: number, v: number): void {
    this.a[i] = v;
  }
  /** The filled part, as a view (valid until the next push). */
  view(): A {
    return this.a.subarray(0, this.length) as A;
  }
  /** Bytes the column holds, slack included. */
  get byteLength(): number {
    return this.a.byteLength;
  }
  /** Drops the growth slack (pushing still works: it grows again). */
  trim(): void {
    this.complete = true;
    if (this.a.length > this.length) this.a = this.a.slice(0, this.length) as A;
  }
}

export class IntColumn extends TypedColumn<Int32Array> {
  constructor(capacity = 256) {
    super((n) => new Int32Array(n), capacity);
  }
}

/** Index of the last element ≤ x in the first `n` entries of an ascending array, or -1. */
export function lastAtOrBeforeIn(sorted: ArrayLike<number>, n: number, x: number): number {
  let lo = 0, hi = n - 1, ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}
