/**
 * `npm run -s bench -- compare [--file PLAIN] [--runs N] [--rounds N]` (issue 26): two runs of the
 * 1.3 M-event profile, the log and a copy with one tool result changed (written once beside it).
 * 1. Aligning them after both are loaded, in Node (bench/compare-phase.ts, bundled): median and
 *    best of `--rounds` alignments (default 5). Goal ≤ 1 s.
 * 2. `seqscope compare A B` as a whole process against a bare Node process that reads, splits and
 *    JSON.parses both files (bench/bare-parse.mjs), best of `--runs` (default 3). Goal ≤ 2.5×.
 * Prints figures; the last line is one JSON object.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { benchArgs, bestRun as best, buildCli, timeProcess, type ProcessRun as Run } from './process-time.ts';
import { pct } from './stats.ts';

const arg = benchArgs();
const file = arg('file', join('tmp', 'bench', 'profile-1300000.jsonl'));
const runs = Number(arg('runs', '3'));
const rounds = arg('rounds', '5');
if (!existsSync(file)) {
  console.error(`${file} is missing: run \`npm run -s bench -- core\` first (it writes the profile), or pass --file PLAIN.`);
  process.exit(2);
}
const changed = join(existsSync('tmp') ? 'tmp' : dirname(file), `${basename(file, '.jsonl')}-one-result-changed.jsonl`);
if (!existsSync(changed) || statSync(changed).mtimeMs < statSync(file).mtimeMs) {
  // one tool result in the middle of the log gets other content: same shape, one differing item
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('{"type":"tool/result"', text.length >> 1);
  const k = text.indexOf('"text":"', at) + '"text":"'.length;
  writeFileSync(changed, text.slice(0, k) + 'A DIFFERENT OUTPUT. ' + text.slice(k));
  console.log(`wrote ${changed} (one tool result changed, at byte ${at})`);
}

execFileSync(process.execPath, ['-e', `import('vite').then(({ build }) => build({ configFile: false, logLevel: 'warn', publicDir: false, build: { ssr: 'bench/compare-phase.ts', outDir: 'tmp/bench-compare-dist', emptyOutDir: true, minify: false, rollupOptions: { output: { format: 'esm', entryFileNames: 'compare-phase.mjs' } } }, ssr: { noExternal: true } }))`], { stdio: 'inherit' });
const phase = JSON.parse(execFileSync(process.execPath, ['tmp/bench-compare-dist/compare-phase.mjs', file, changed, rounds], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop()!) as { events: number[]; items: number[]; loadMs: number; alignMs: number[]; alignCpuMs: number[]; firstDivergence: unknown; differences: number };
const alignMedian = pct(phase.alignMs, 50), alignBest = Math.min(...phase.alignMs);
console.log(`align after both loaded: median ${Math.round(alignMedian)} ms, best ${Math.round(alignBest)} ms of ${phase.alignMs.length} (${phase.alignMs.map(Math.round).join(', ')}) (goal ≤ 1000); CPU median ${Math.round(pct(phase.alignCpuMs, 50))} ms; ${phase.events.join(' + ')} events, ${phase.items.join(' + ')} compared items, first divergence ${JSON.stringify(phase.firstDivergence)}, ${phase.differences} difference(s); both loads ${Math.round(phase.loadMs)} ms`);

buildCli();
/** Exit 1 (the runs diverge) is the expected answer, not a failure. */
const time = (args: string[]) => timeProcess(args, (status) => status !== null);
const bare: Run[] = [], cmp: Run[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(time(['bench/bare-parse.mjs', file, changed]));
  cmp.push(time(['bin/seqscope.js', 'compare', file, changed]));
}
const b = best(bare), c = best(cmp);
const figures = {
  events: phase.events, items: phase.items,
  alignMedianMs: Math.round(alignMedian), alignBestMs: Math.round(alignBest), alignSamplesMs: phase.alignMs.map(Math.round), alignCpuMedianMs: Math.round(pct(phase.alignCpuMs, 50)),
  compareMs: Math.round(c.ms), bareMs: Math.round(b.ms), ratio: +(c.ms / b.ms).toFixed(2),
  compareCpuMs: Math.round(c.cpuMs), bareCpuMs: Math.round(b.cpuMs), cpuRatio: +(c.cpuMs / b.cpuMs).toFixed(2),
  comparePeakMb: Math.round(c.peakMb), barePeakMb: Math.round(b.peakMb), compareExit: cmp[0].status, runs,
  compareSamplesMs: cmp.map((x) => Math.round(x.ms)), bareSamplesMs: bare.map((x) => Math.round(x.ms)),
};
console.log(`seqscope compare ${figures.compareMs} ms (exit ${figures.compareExit}) vs bare read+split+JSON.parse of both ${figures.bareMs} ms: ratio ${figures.ratio} (goal ≤ 2.5); CPU ${figures.compareCpuMs} vs ${figures.bareCpuMs} ms: ${figures.cpuRatio}; peak RSS ${figures.comparePeakMb} vs ${figures.barePeakMb} MB`);
console.log(JSON.stringify(figures));
