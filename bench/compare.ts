/**
 * `npm run -s bench -- compare [--file PLAIN] [--runs N] [--rounds N] [--browser-runs N] [--no-browser]`
 * (issue 26): two runs of the 1.3 M-event profile, the log and a copy with one tool result changed
 * (written once beside it). The default profile (tmp/bench/profile-1300000.jsonl, the core bench's)
 * is generated when it is missing.
 * 1. Aligning them after both are loaded, in Node (bench/compare-phase.ts, bundled): median and
 *    best of `--rounds` alignments (default 5). Goal ≤ 1 s.
 * 2. The Runs view in Chromium (bench/compare-browser.ts): both files picked together in the built
 *    app, from the alignment's end in the worker to the first frame painted with the aligned rows,
 *    each of `--browser-runs` (default 2) in a fresh tab; the median. Goal ≤ 200 ms.
 * 3. `seqscope compare A B` as a whole process against a bare Node process that reads, splits and
 *    JSON.parses both files (bench/bare-parse.mjs), best of `--runs` (default 3). Goal ≤ 2.5×.
 * Prints figures; the last line is one JSON object.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runsViewPaint } from './compare-browser.ts';
import { benchArgs, bestRun as best, buildCli, timeProcess, type ProcessRun as Run } from './process-time.ts';
import { pct } from './stats.ts';

const arg = benchArgs();
const file = arg('file', join('tmp', 'bench', 'profile-1300000.jsonl'));
const runs = Number(arg('runs', '3'));
const rounds = arg('rounds', '5');
const browserRuns = process.argv.includes('--no-browser') ? 0 : Number(arg('browser-runs', '2'));
const profile = join('tmp', 'bench', 'profile-1300000.jsonl');
if (!existsSync(file) && file === profile) {
  console.log(`generating ${file} …`);
  mkdirSync(dirname(file), { recursive: true });
  execFileSync(join('node_modules', '.bin', 'tsx'), ['src/synth/main.ts', '--events', '1300000', '--out', file, '--seed', '7'], { stdio: 'inherit' });
}
if (!existsSync(file)) {
  console.error(`${file} is missing: pass an existing plain log as --file PLAIN (or leave it out for the generated profile).`);
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

let paint: { medianMs: number; samplesMs: number[]; appSamplesMs: number[] } | undefined;
if (browserRuns > 0) {
  const b = await runsViewPaint(file, changed, browserRuns, (l) => console.log(l));
  b.forEach((r, i) => console.log(`Runs view run ${i + 1}: first paint ${Math.round(r.paintMs)} ms after the alignment ended (the app's own figure ${Math.round(r.appPaintMs)} ms, of which ${Math.round(r.answerMs)} ms until the worker's answer reached the page; ${r.rows} rows mounted); aligned in ${Math.round(r.alignMs)} ms in the worker; A shown ${Math.round(r.loadAMs)} ms after the files were chosen, B loaded in ${Math.round(r.loadBMs)} ms; steal ${r.stealPct}%`));
  paint = { medianMs: Math.round(pct(b.map((r) => r.paintMs), 50)), samplesMs: b.map((r) => Math.round(r.paintMs)), appSamplesMs: b.map((r) => Math.round(r.appPaintMs)) };
  console.log(`Runs view first paint after the alignment: median ${paint.medianMs} ms of ${b.length} (${paint.samplesMs.join(', ')}) (goal ≤ 200); browser alignment median ${Math.round(pct(b.map((r) => r.alignMs), 50))} ms (goal ≤ 1000)`);
}

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
  ...(paint ? { runsViewPaintMedianMs: paint.medianMs, runsViewPaintSamplesMs: paint.samplesMs, runsViewAppPaintSamplesMs: paint.appSamplesMs } : {}),
};
console.log(`seqscope compare ${figures.compareMs} ms (exit ${figures.compareExit}) vs bare read+split+JSON.parse of both ${figures.bareMs} ms: ratio ${figures.ratio} (goal ≤ 2.5); CPU ${figures.compareCpuMs} vs ${figures.bareCpuMs} ms: ${figures.cpuRatio}; peak RSS ${figures.comparePeakMb} vs ${figures.barePeakMb} MB`);
console.log(JSON.stringify(figures));
