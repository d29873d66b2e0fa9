/**
 * Growable typed columns: a large log keeps its per-event and per-record numbers here rather than
 * in plain arrays (4 or 8 bytes an entry, no boxing, nothing for the GC to trace).
 */
export class IntColumn {
  private a: Int32Array;
  length = 0;
  constructor(capacity = 256) {
    this.a = new Int32Array(Math.max(capacity, 1));
  }
  push(v: number): void {
    if (this.length === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.length++] = v;
  }
  at(i: number): number {
    return this.a[i];
  }
  set(i: number, v: number): void {
    this.a[i] = v;
  }
  /** The filled part, as a view (valid until the next push). */
  view(): Int32Array {
    return this.a.subarray(0, this.length);
  }
  /** Drops the growth slack (pushing still works: it grows again). */
  trim(): void {
    if (this.a.length > this.length) this.a = this.a.slice(0, Math.max(this.length, 1));
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
