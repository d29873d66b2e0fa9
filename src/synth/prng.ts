/**
 * The one deterministic PRNG (mulberry32) of the synthesizer, the fuzzer and the benches, with its
 * helpers: `int(n)` is in [0, n), `range(lo, hi)` in [lo, hi]. Two seedings, so that each
 * generator's streams stay what they were: `fromSeed` mixes the seed (nearby seeds give unrelated
 * streams), `fromState` starts from it as given (the fuzzer's case seeds are already hashed).
 */
export class Rng {
  private s: number;

  private constructor(state: number) {
    this.s = state >>> 0;
  }

  /** A generator for `seed`, mixed and four draws discarded, so that seeds 1, 2, 3 are unrelated. */
  static fromSeed(seed: number): Rng {
    const r = new Rng(Math.trunc(seed) ^ 0x9e3779b9);
    for (let i = 0; i < 4; i++) r.next();
    return r;
  }

  /** A generator whose state is `state` as given. */
  static fromState(state: number): Rng {
    return new Rng(state);
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

  /** Integer in [lo, hi] (inclusive). */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }

  /** A skewed size: mostly near `lo`, sometimes up to `hi` (log-uniform). */
  skew(lo: number, hi: number): number {
    const a = Math.log(Math.max(1, lo));
    const b = Math.log(Math.max(1, hi));
    return Math.round(Math.exp(a + (b - a) * this.next()));
  }

  /** `n` characters of [A-Za-z0-9]. */
  alnum(n: number): string {
    const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < n; i++) s += A[this.int(62)];
    return s;
  }

  /** `n` lowercase hex digits. */
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(16)];
    return s;
  }

  /** A derived generator, so that sub-streams stay stable when callers change how much they draw. */
  fork(salt: number): Rng {
    return Rng.fromState((Math.imul(this.int(0x7fffffff) ^ salt, 0x9e3779b1) >>> 0) || 1);
  }
}
