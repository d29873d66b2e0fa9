/** A small deterministic PRNG (mulberry32) with helpers; the fuzzer's only source of randomness. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  bool(p = 0.5): boolean {
    return this.next() < p;
  }

  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }

  /** A derived generator, so that sub-streams stay stable when callers change how much they draw. */
  fork(salt: number): Rng {
    return new Rng((Math.imul(this.int(0x7fffffff) ^ salt, 0x9e3779b1) >>> 0) || 1);
  }
}

/** Seed for case i of a run seeded with `seed`. */
export function caseSeed(seed: number, i: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
