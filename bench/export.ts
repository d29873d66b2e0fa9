/**
 * `npm run -s bench -- export`: `seqscope export --otlp` on the 1.3 M-event plain log, timed as a
 * whole process against a bare Node process that reads, splits and JSON.parses the same file
 * (bench/bare-parse.mjs), best of `--runs` (default 3) each, CPU time and peak RSS from the process
 * itself (goal: within 2× the bare process). Then a folder of many sessions (`--folder DIR`,
 * default /work/bench-cache/fleet-10000 when it exists) exported to OTLP/JSON and Perfetto in one
 * run: wall and CPU time, peak RSS beside the folder's size and its largest session, to show memory
 * stays that of one session. The last line is one JSON object.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchArgs, bestRun as best, buildCli, ensureProfile, timeProcess as time, type ProcessRun as Run } from './process-time.ts';

const arg = benchArgs();
const runs = Number(arg('runs', '3'));
const dir = arg('dir', 'tmp/bench');
mkdirSync(dir, { recursive: true });
const cached = '/work/bench-cache/profile-1300000.jsonl';
const file = arg('file', existsSync(cached) ? cached : join(dir, 'profile-1300000.jsonl'));
ensureProfile(file, 1300000);
buildCli();

const out = join(dir, 'export.otlp.json');
const bare: Run[] = [], exp: Run[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(time(['bench/bare-parse.mjs', file]));
  exp.push(time(['bin/seqscope.js', 'export', file, '--otlp', out]));
}
const b = best(bare), e = best(exp);
const figures: Record<string, unknown> = {
  file, plainMb: +(statSync(file).size / 2 ** 20).toFixed(1), runs, outMb: +(statSync(out).size / 2 ** 20).toFixed(1), exported: e.stdout.trim(),
  exportMs: Math.round(e.ms), bareMs: Math.round(b.ms), ratio: +(e.ms / b.ms).toFixed(2),
  exportCpuMs: Math.round(e.cpuMs), bareCpuMs: Math.round(b.cpuMs), cpuRatio: +(e.cpuMs / b.cpuMs).toFixed(2),
  exportPeakMb: Math.round(e.peakMb), barePeakMb: Math.round(b.peakMb),
};
console.log(`export --otlp ${figures.exportMs} ms vs bare read+split+JSON.parse ${figures.bareMs} ms: ratio ${figures.ratio} (goal ≤ 2); CPU ${figures.exportCpuMs} vs ${figures.bareCpuMs} ms: ${figures.cpuRatio}; peak RSS ${figures.exportPeakMb} MB (bare ${figures.barePeakMb} MB); ${figures.exported}`);

const cachedFolder = '/work/bench-cache/fleet-10000';
const folder = arg('folder', existsSync(cachedFolder) ? cachedFolder : '');
if (folder) {
  let files = 0, bytes = 0, largest = 0;
  const walk = (d: string) => {
    for (const x of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, x.name);
      if (x.isDirectory()) walk(p);
      else if (/\.(jsonl|jsonl\.zstd|zip)$/.test(x.name)) { const n = statSync(p).size; files++; bytes += n; largest = Math.max(largest, n); }
    }
  };
  walk(folder);
  const f = time(['bin/seqscope.js', 'export', folder, '--otlp', join(dir, 'folder.otlp.json'), '--perfetto', join(dir, 'folder.perfetto.json')]);
  Object.assign(figures, {
    folder, folderFiles: files, folderMb: Math.round(bytes / 2 ** 20), largestFileMb: +(largest / 2 ** 20).toFixed(1),
    folderMs: Math.round(f.ms), folderCpuMs: Math.round(f.cpuMs), folderPeakMb: Math.round(f.peakMb), folderExported: f.stdout.trim(),
    folderOtlpMb: Math.round(statSync(join(dir, 'folder.otlp.json')).size / 2 ** 20),
  });
  console.log(`folder ${folder}: ${files} files, ${figures.folderMb} MB (largest ${figures.largestFileMb} MB) exported in ${figures.folderMs} ms, CPU ${figures.folderCpuMs} ms, peak RSS ${figures.folderPeakMb} MB, OTLP ${figures.folderOtlpMb} MB; ${figures.folderExported}`);
}
console.log(JSON.stringify(figures));
