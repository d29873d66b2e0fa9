/**
 * The CLI benchmarks' harness: a command timed as a whole process (wall time from spawn to exit,
 * CPU time and peak RSS as the process reports them of itself through bench/peak-rss.mjs, worker
 * threads included), the best of several runs, the words of a bench's command line, and the
 * inputs every such bench needs (the profile log, the bundled CLI).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A reader of a bench's words (default: this process's): `arg(name, def)` is `--name VALUE`'s VALUE, else `def`. */
export const benchArgs = (words: readonly string[] = process.argv.slice(2)) => (name: string, def: string): string => {
  const i = words.indexOf(`--${name}`);
  return i >= 0 ? words[i + 1] : def;
};

/** Writes the synthetic profile log of `events` events at `file` when it is missing (seed 7, as every bench). */
export function ensureProfile(file: string, events: number, zstd = false): void {
  if (existsSync(file)) return;
  console.log(`generating ${file} …`);
  execFileSync(join('node_modules', '.bin', 'tsx'), ['src/synth/main.ts', '--events', String(events), '--out', file, '--seed', '7', ...(zstd ? ['--zstd'] : [])], { stdio: 'inherit' });
}

/**
 * The words a profile bench takes: `--events N` (default 1.3 M), `--runs N` (default `runs`) and
 * `--dir D` (default tmp/bench, made when missing); `plain` is the plain profile's path there,
 * written when missing (and its `.zstd` beside it, with `zstd`).
 */
export function profileBench(runs: number, zstd = false) {
  const arg = benchArgs();
  const events = Number(arg('events', '1300000'));
  const dir = arg('dir', 'tmp/bench');
  mkdirSync(dir, { recursive: true });
  const plain = join(dir, `profile-${events}.jsonl`);
  ensureProfile(plain, events);
  if (zstd) ensureProfile(`${plain}.zstd`, events, true);
  return { arg, events, runs: Number(arg('runs', String(runs))), dir, plain, zstd: `${plain}.zstd` };
}

/** Bundles the CLI (dist-cli/), so that bin/seqscope.js runs the code of this checkout. */
export function buildCli(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}

export interface ProcessRun {
  readonly ms: number;
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly status: number | null;
  readonly stdout: string;
}

/**
 * One whole Node process running `args`, wall-timed from spawn to exit, with what it reports of
 * itself on exit. Throws when it did not report, or when `ok` refuses its exit status (default: 0).
 */
export function timeProcess(args: readonly string[], ok: (status: number | null) => boolean = (s) => s === 0): ProcessRun {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', './bench/peak-rss.mjs', ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const line = /seqscope-bench (\{.*\})/.exec(r.stderr);
  if (!ok(r.status) || !line) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr.slice(0, 500)}`);
  const self = JSON.parse(line[1]) as { maxRssKb: number; cpuMs: number };
  return { ms, cpuMs: self.cpuMs, peakMb: self.maxRssKb / 1024, status: r.status, stdout: r.stdout };
}

/** The best of several runs on a shared machine: least wall and CPU time, largest peak RSS; status and output of the first. */
export const bestRun = (xs: readonly ProcessRun[]): ProcessRun => ({
  ...xs[0], ms: Math.min(...xs.map((x) => x.ms)), cpuMs: Math.min(...xs.map((x) => x.cpuMs)), peakMb: Math.max(...xs.map((x) => x.peakMb)),
});
