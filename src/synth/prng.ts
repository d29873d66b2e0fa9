/** A small deterministic PRNG (mulberry32) with the helpers the synthesizer needs. */
export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < 4; i++) this.next(); // decorrelate nearby seeds
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
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
    for (let i = 0; i < n; i++) s += A[Math.floor(this.next() * 62)];
    return s;
  }

  /** `n` lowercase hex digits. */
  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(this.next() * 16)];
    return s;
  }

  /** A child generator whose stream does not depend on how much of this one is consumed later. */
  fork(salt: number): Rng {
    return new Rng(Math.floor(this.next() * 0x7fffffff) ^ Math.imul(salt, 0x85ebca6b));
  }
}
