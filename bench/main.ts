/**
 * Benchmarks. `core`: generates a log shaped like DSH's large-session profile (≈1.3 M events,
 * ≈100 MB plaintext, mostly packed chunk deltas) with the synthesizer, then for plain and zstd, on the
 * same bytes, runs each phase in its own process (so peak RSS is per phase) from a bundled build: split + JSON.parse only,
 * the full load, and fold-to-N for random N. The full load runs `--runs N` times (default 3),
 * alternating plain and zstd; its figures are the median run's (peak RSS: the largest), with every
 * run's wall time listed. Prints figures; the last line is one JSON object.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [what = 'core', ...rest] = process.argv.slice(2);
const arg = (name: string, def: string) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : def; };

const modes: Record<string, () => Promise<unknown>> = { browser: () => import('./browser.ts'), bundle: () => import('./bundle.ts'), cli: () => import('./cli.ts'), folder: () => import('./folder.ts'), compare: () => import('./compare.ts'), stats: () => import('./fleet.ts'), 'fleet-browser': () => import('./fleet-browser.ts'), 'fleet-floor': () => import('./fleet-floor.ts'), 'fleet-judge': () => import('./fleet-judge.ts'), grep: () => import('./fleet.ts'), redact: () => import('./redact.ts'), export: () => import('./export.ts') };
if (modes[what]) {
  await modes[what]();
  process.exit(0);
} else if (what !== 'core') {
  console.error(`unknown benchmark "${what}" (available: core, ${Object.keys(modes).join(', ')})`);
  process.exit(2);
}

const events = Number(arg('events', '1300000'));
const dir = arg('dir', 'tmp/bench');
mkdirSync(dir, { recursive: true });
const plain = join(dir, `profile-${events}.jsonl`);
const zstd = join(dir, `profile-${events}.jsonl.zstd`);
const tsx = join('node_modules', '.bin', 'tsx');
for (const [file, extra] of [[plain, []], [zstd, ['--zstd']]] as const) {
  if (!existsSync(file)) {
    console.log(`generating ${file} …`);
    execFileSync(tsx, ['src/synth/main.ts', '--events', String(events), '--out', file, '--seed', '7', ...extra], { stdio: 'inherit' });
  }
}

type Phase = { ms: number; cpuMs: number; peakRssMb: number; events?: number; foldP50Ms?: number; foldP95Ms?: number };
// The phases run as one bundled ESM file, as the app ships its code (no per-module loader shims).
execFileSync(process.execPath, ['bench/build-phase.mjs'], { stdio: 'inherit' });
const run = (mode: string, file: string): Phase => {
  const out = execFileSync(process.execPath, ['tmp/bench-dist/phase.mjs', mode, file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split('\n').pop()!);
};

const runs = Number(arg('runs', '3'));
const loads: Record<'plain' | 'zstd', Phase[]> = { plain: [], zstd: [] };
for (let i = 0; i < runs; i++) for (const [name, file] of [['plain', plain], ['zstd', zstd]] as const) loads[name].push(run('load', file));
const result: Record<string, unknown> = { events: 0, bytes: statSync(plain).size };
for (const [name, file] of [['plain', plain], ['zstd', zstd]] as const) {
  const parse = run('parse', file);
  const sorted = [...loads[name]].sort((a, b) => a.ms - b.ms);
  const load = { ...sorted[Math.floor(sorted.length / 2)], peakRssMb: Math.max(...sorted.map((x) => x.peakRssMb)) };
  result.events = load.events;
  const figures = {
    bytes: statSync(file).size,
    parseMs: Math.round(parse.ms), loadMs: Math.round(load.ms), ratio: +(load.ms / parse.ms).toFixed(2),
    parseCpuMs: Math.round(parse.cpuMs), loadCpuMs: Math.round(load.cpuMs),
    parsePeakRssMb: Math.round(parse.peakRssMb), peakRssMb: Math.round(load.peakRssMb),
    foldP50Ms: +load.foldP50Ms!.toFixed(3), foldP95Ms: +load.foldP95Ms!.toFixed(3),
    loadSamplesMs: loads[name].map((x) => Math.round(x.ms)),
  };
  console.log(`${name}: ${figures.bytes} bytes; split+parse ${figures.parseMs} ms, CPU ${figures.parseCpuMs} ms (peak ${figures.parsePeakRssMb} MB); full load (median of ${runs}: ${figures.loadSamplesMs.join(', ')} ms) ${figures.loadMs} ms, CPU ${figures.loadCpuMs} ms (peak ${figures.peakRssMb} MB); ratio ${figures.ratio}; fold-to-N p50 ${figures.foldP50Ms} ms, p95 ${figures.foldP95Ms} ms`);
  result[name] = figures;
}
const [p, z] = [result.plain, result.zstd] as { loadMs: number; loadCpuMs: number }[];
result.zstdOverPlainLoad = +(z.loadMs / p.loadMs).toFixed(2);
result.zstdOverPlainLoadCpu = +(z.loadCpuMs / p.loadCpuMs).toFixed(2);
console.log(`zstd load / plain load: ${result.zstdOverPlainLoad} wall, ${result.zstdOverPlainLoadCpu} CPU`);
console.log(JSON.stringify(result));
