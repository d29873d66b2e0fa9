/**
 * `npm run -s bench -- stats` (and `-- grep`, the same run): `seqscope stats --jobs 2` and
 * `seqscope grep --jobs 2` over a synthetic DSH home of `--sessions` sessions (default 10,000,
 * bench/fleet-home.ts, written once under `--dir`, default /work/bench-cache), each timed as a
 * whole process against the baseline, a bare read + split + JSON.parse of every file by two worker
 * threads (bench/fleet-baseline.ts). Goal: within 1.3× the baseline. Peak RSS of each process
 * (worker threads included) on `--small` sessions (default 1,000) and on the full home: bounded
 * means about the same. One run of each (the machine is shared; run it niced). Prints figures;
 * the last line is one JSON object. A benchmark, not a test.
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import { ensureFleetHome } from './fleet-home';
import { benchArgs, buildCli, timeProcess } from './process-time.ts';

const arg = benchArgs();
const sessions = Number(arg('sessions', '10000'));
const small = Number(arg('small', '1000'));
const dir = resolve(arg('dir', '/work/bench-cache'));
const pattern = arg('pattern', 'permission denied');
const MB = 1024 * 1024;

const big = await ensureFleetHome(dir, sessions, (l) => console.log(l));
const little = await ensureFleetHome(dir, small, (l) => console.log(l));
buildCli();
await build({
  configFile: false, logLevel: 'warn', publicDir: false,
  build: { ssr: 'bench/fleet-baseline.ts', outDir: 'tmp/bench-dist-fleet', emptyOutDir: true, minify: false, target: 'node20', rollupOptions: { output: { format: 'esm', entryFileNames: 'fleet-baseline.mjs' } } },
  ssr: { noExternal: true },
});

/** Figures rounded as printed; grep's exit 1 (no hit) is an answer, not a failure. */
function time(args: string[]) {
  const r = timeProcess(args, (status) => status !== null && status <= 1);
  return { ms: Math.round(r.ms), cpuMs: Math.round(r.cpuMs), peakMb: Math.round(r.peakMb), outBytes: r.stdout.length };
}

const baseline = (home: string) => time(['tmp/bench-dist-fleet/fleet-baseline.mjs', home, '2']);
const stats = (home: string) => time(['bin/seqscope.js', 'stats', home, '--jobs', '2', '--json']);
const grep = (home: string) => time(['bin/seqscope.js', 'grep', pattern, home, '--jobs', '2', '--json']);

console.log(`home: ${big.sessions} sessions in ${big.files} files, ${(big.bytes / MB).toFixed(0)} MB on disk, ${(big.plainBytes / MB).toFixed(0)} MB plaintext`);
const b = baseline(big.home); console.log('baseline (read + split + JSON.parse, 2 workers):', b);
const s = stats(big.home); console.log('seqscope stats --jobs 2 --json:', s);
const g = grep(big.home); console.log(`seqscope grep ${JSON.stringify(pattern)} --jobs 2 --json:`, g);
const bs = baseline(little.home), ss = stats(little.home), gs = grep(little.home);
console.log(`on ${little.sessions} sessions (${(little.plainBytes / MB).toFixed(0)} MB plaintext): baseline`, bs, 'stats', ss, 'grep', gs);
const result = {
  sessions: big.sessions, plainMb: Math.round(big.plainBytes / MB), diskMb: Math.round(big.bytes / MB),
  baselineMs: b.ms, statsMs: s.ms, statsRatio: +(s.ms / b.ms).toFixed(2), grepMs: g.ms, grepRatio: +(g.ms / b.ms).toFixed(2),
  cpuMs: { baseline: b.cpuMs, stats: s.cpuMs, grep: g.cpuMs },
  peakRssMb: { [`baseline${small}`]: bs.peakMb, [`baseline${sessions}`]: b.peakMb, [`stats${small}`]: ss.peakMb, [`stats${sessions}`]: s.peakMb, [`grep${small}`]: gs.peakMb, [`grep${sessions}`]: g.peakMb },
  statsJsonMb: +(s.outBytes / MB).toFixed(1),
};
console.log(JSON.stringify(result));

