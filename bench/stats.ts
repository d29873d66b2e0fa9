/** Figures the benchmarks print. */

/** The p-th percentile of `a` (nearest rank). */
export const pct = (a: readonly number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
export const r1 = (x: number) => Math.round(x * 10) / 10;
