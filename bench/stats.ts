/** Figures the benchmarks print. */
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * CPU time (user + system, ms) so far of every live process under process `root` (itself left
 * out), from /proc (a browser this process launched: its renderers, workers and GPU process
 * included); undefined off Linux. A
 * figure comparable across runs on a loaded machine, where wall times are not.
 */
export function treeCpuMs(root: number): number | undefined {
  let dirs: string[];
  try { dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return undefined; }
  const procs: { pid: number; ppid: number; ticks: number }[] = [];
  for (const d of dirs) {
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8');
      // after the command's ')': state ppid … utime (12th) stime (13th)
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(d), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* the process ended meanwhile */ }
  }
  const under = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (!under.has(p.pid) && under.has(p.ppid)) { under.add(p.pid); grew = true; }
  }
  // USER_HZ is 100 on Linux
  return procs.filter((p) => p.pid !== root && under.has(p.pid)).reduce((a, p) => a + p.ticks, 0) * 10;
}

/**
 * CPU time (ms) so far of every thread of every live process under process `root` (itself left
 * out), keyed `process type/thread name` (a Chromium child's `--type=`, else `browser`; the
 * thread's `comm`, its digits dropped so a pool's threads add up); empty off Linux. The difference
 * of two readings says where a span's CPU time went (threads that ended meanwhile are missing).
 */
export function treeThreadCpuMs(root: number): Map<string, number> {
  const out = new Map<string, number>();
  let dirs: string[];
  try { dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return out; }
  const ppid = new Map<number, number>();
  for (const d of dirs) {
    try { const s = readFileSync(`/proc/${d}/stat`, 'utf8'); ppid.set(Number(d), Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1])); } catch { /* ended */ }
  }
  const under = (pid: number) => { for (let p = ppid.get(pid); p !== undefined && p > 1; p = ppid.get(p)) if (p === root) return true; return false; };
  for (const [pid] of ppid) {
    if (!under(pid)) continue;
    let type: string;
    try {
      // Chromium rewrites its processes' titles: the arguments may be joined by spaces
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      type = cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? (/chrom/.test(cmd[0]) ? 'browser' : cmd[0].split('/').pop() ?? 'other');
      if (type === 'utility') type += ':' + (cmd.find((a) => a.startsWith('--utility-sub-type='))?.slice(19).split('.').pop() ?? '');
    } catch { continue; }
    let tasks: string[];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const t of tasks) {
      try {
        const s = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
        const name = s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')).replace(/\d+/g, '#');
        const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
        const key = `${type}/${name}`;
        out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) * 10);
      } catch { /* ended */ }
    }
  }
  return out;
}

/** Where CPU time went between two readings of treeThreadCpuMs: `key ms` pairs, largest first, those over `minMs`. */
export function threadCpuDelta(a: Map<string, number>, b: Map<string, number>, minMs = 100): [string, number][] {
  return [...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as [string, number]).filter(([, v]) => v >= minMs).sort((x, y) => y[1] - x[1]);
}
