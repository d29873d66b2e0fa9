/**
 * `npm run -s bench -- redact [--dir D] [--runs N]`: `seqscope redact` on the 1.3 M-event profile
 * (plain, written as plain; and zstd, written as zstd), timed as a whole process, against a bare
 * Node process that reads, splits and JSON.parses the same plaintext (bench/bare-parse.mjs). Each
 * runs `--runs` times (default 3) in turn; each keeps its best wall and CPU time (the machine is
 * shared) and its largest peak RSS. Goals: within 2× the bare process, peak RSS within 3× the
 * plaintext. The last line is one JSON object.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { bestRun as best, buildCli, profileBench, timeProcess as time, type ProcessRun as Run } from './process-time.ts';

const { events, runs, plain, zstd } = profileBench(3, true);
buildCli();
mkdirSync('tmp', { recursive: true });

const out = { plain: 'tmp/bench-redacted.jsonl', zstd: 'tmp/bench-redacted.jsonl.zstd' };
const bare: Run[] = [], redPlain: Run[] = [], redZstd: Run[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(time(['bench/bare-parse.mjs', plain]));
  redPlain.push(time(['bin/seqscope.js', 'redact', plain, '-o', out.plain]));
  redZstd.push(time(['bin/seqscope.js', 'redact', zstd, '-o', out.zstd]));
}
const b = best(bare), p = best(redPlain), z = best(redZstd);
const plainMb = statSync(plain).size / 2 ** 20;
const figures = {
  events, plainMb: +plainMb.toFixed(1), zstdMb: +(statSync(zstd).size / 2 ** 20).toFixed(1), runs,
  bareMs: Math.round(b.ms), bareCpuMs: Math.round(b.cpuMs), barePeakMb: Math.round(b.peakMb),
  redactMs: Math.round(p.ms), redactCpuMs: Math.round(p.cpuMs), ratio: +(p.ms / b.ms).toFixed(2), cpuRatio: +(p.cpuMs / b.cpuMs).toFixed(2),
  redactPeakMb: Math.round(p.peakMb), rssPerPlain: +(p.peakMb / plainMb).toFixed(2),
  zstdRedactMs: Math.round(z.ms), zstdRedactCpuMs: Math.round(z.cpuMs), zstdRatio: +(z.ms / b.ms).toFixed(2), zstdCpuRatio: +(z.cpuMs / b.cpuMs).toFixed(2),
  zstdPeakMb: Math.round(z.peakMb), zstdRssPerPlain: +(z.peakMb / plainMb).toFixed(2), zstdOutMb: +(statSync(out.zstd).size / 2 ** 20).toFixed(1),
  samplesMs: { bare: bare.map((x) => Math.round(x.ms)), plain: redPlain.map((x) => Math.round(x.ms)), zstd: redZstd.map((x) => Math.round(x.ms)) },
};
for (const f of Object.values(out)) rmSync(f, { force: true });
console.log(`redact plain→plain ${figures.redactMs} ms vs bare read+split+JSON.parse ${figures.bareMs} ms: ratio ${figures.ratio} (goal ≤ 2); CPU ${figures.redactCpuMs} vs ${figures.bareCpuMs} ms: ${figures.cpuRatio}`);
console.log(`redact zstd→zstd ${figures.zstdRedactMs} ms: ratio ${figures.zstdRatio}; CPU ${figures.zstdRedactCpuMs} ms: ${figures.zstdCpuRatio} (written ${figures.zstdOutMb} MB from ${figures.zstdMb} MB)`);
console.log(`peak RSS: plain ${figures.redactPeakMb} MB = ${figures.rssPerPlain}×, zstd ${figures.zstdPeakMb} MB = ${figures.zstdRssPerPlain}× the ${figures.plainMb} MB plaintext (goal ≤ 3; bare ${figures.barePeakMb} MB)`);
console.log(JSON.stringify(figures));
