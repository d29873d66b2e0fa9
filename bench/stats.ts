/** Figures the benchmarks print. */
import { readFileSync } from 'node:fs';

/** The p-th percentile of `a` (nearest rank). */
export const pct = (a: readonly number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
export const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * CPU time the host took from this virtual machine (steal), as a share of all CPU time, between two
 * readings of /proc/stat's cpu line: a figure taken while it was high is not comparable with others.
 * Undefined where /proc/stat does not exist.
 */
export function cpuTimes(): { steal: number; total: number } | undefined {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    return { steal: f[7] ?? 0, total: f.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch { return undefined; }
}
export const stealPct = (a: ReturnType<typeof cpuTimes>, b: ReturnType<typeof cpuTimes>): number =>
  a && b && b.total > a.total ? Math.round((100 * (b.steal - a.steal)) / (b.total - a.total)) : NaN;
