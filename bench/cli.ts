/**
 * `npm run -s bench -- cli` (issue 17): `seqscope check` on the plain 1.3 M-event log, timed as a
 * whole process, against a bare Node process that reads, splits and JSON.parses the same file
 * (bench/bare-parse.mjs). Runs them in turn `--runs` times (default 5) and keeps each one's best
 * wall time (the machine is shared; CPU time is printed too), with peak RSS from the process
 * itself; then the bin's start-up time (`seqscope --help`, beside a bare `node -e 0`). Goals: check within 1.6× the bare
 * process, peak RSS within 3× the plaintext, start-up within 150 ms. The last line is one JSON object.
 */
import { statSync } from 'node:fs';
import { bestRun as best, buildCli, profileBench, timeProcess, type ProcessRun as Run } from './process-time.ts';

const { events, runs, plain: file } = profileBench(5);
buildCli();
/** Any exit status counts: `check` exits 1 on a refused log, and its time is still its time. */
const time = (args: string[]) => timeProcess(args, (status) => status !== null);

const bare: Run[] = [], check: Run[] = [], start: Run[] = [], node: Run[] = [];
for (let i = 0; i < runs; i++) {
  bare.push(time(['bench/bare-parse.mjs', file]));
  check.push(time(['bin/seqscope.js', 'check', file]));
  start.push(time(['bin/seqscope.js', '--help']));
  node.push(time(['-e', '0']));
}
const b = best(bare), c = best(check), s = best(start), n = best(node);
const plainMb = statSync(file).size / 2 ** 20;
const figures = {
  events, plainMb: +plainMb.toFixed(1), runs,
  checkMs: Math.round(c.ms), bareMs: Math.round(b.ms), ratio: +(c.ms / b.ms).toFixed(2),
  checkCpuMs: Math.round(c.cpuMs), bareCpuMs: Math.round(b.cpuMs), cpuRatio: +(c.cpuMs / b.cpuMs).toFixed(2),
  checkPeakMb: Math.round(c.peakMb), barePeakMb: Math.round(b.peakMb), rssPerPlain: +(c.peakMb / plainMb).toFixed(2),
  startupMs: Math.round(s.ms), startupCpuMs: Math.round(s.cpuMs), nodeStartupMs: Math.round(n.ms),
};
console.log(`check ${figures.checkMs} ms vs bare read+split+JSON.parse ${figures.bareMs} ms: ratio ${figures.ratio} (goal ≤ 1.6); CPU ${figures.checkCpuMs} vs ${figures.bareCpuMs} ms: ${figures.cpuRatio}`);
console.log(`check peak RSS ${figures.checkPeakMb} MB = ${figures.rssPerPlain}× the ${figures.plainMb} MB plaintext (goal ≤ 3; bare ${figures.barePeakMb} MB); start-up ${figures.startupMs} ms, CPU ${figures.startupCpuMs} ms (goal ≤ 150; a bare \`node -e 0\` ${figures.nodeStartupMs} ms)`);
console.log(JSON.stringify(figures));
