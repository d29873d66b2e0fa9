/**
 * `npm run -s bench -- fleet-judge [--sessions N] [--rounds R]`: the folder worker's judging
 * (judgeFiles, batches of JUDGE_BATCH_FILES Blobs as the page sends them) against `seqscope
 * stats`'s read of each file (runFleetTask), on the fleet benchmark's home, in this one Node
 * thread, alternating R rounds each. The two should cost the same CPU: the judge reads on stats's
 * path. Run under `node --cpu-prof` (NODE_OPTIONS) to see where each spends it. Prints figures;
 * the last line is one JSON object. A benchmark, not a test.
 */
import { openAsBlob } from 'node:fs';
import { resolve } from 'node:path';
import { fleetFiles } from '../src/cli/fleet-cli';
import { runFleetTask } from '../src/cli/fleet-pool';
import { JUDGE_BATCH_FILES } from '../src/app/folder-judging';
import { judgeFiles } from '../src/worker/folder-judge';
import { ensureFleetHome } from './fleet-home';
import { benchArgs } from './process-time.ts';

const arg = benchArgs(process.argv.slice(2));
const sessions = Number(arg('sessions', '1000'));
const rounds = Number(arg('rounds', '2'));
const only = arg('only', '');
const home = await ensureFleetHome(resolve(arg('dir', '/work/bench-cache')), sessions, (l) => console.log(l));
const files = fleetFiles([home.home]);

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
async function timed(name: string, f: () => Promise<void>): Promise<{ ms: number; cpuMs: number }> {
  const c0 = cpuMs(), t0 = performance.now();
  await f();
  const r = { ms: Math.round(performance.now() - t0), cpuMs: Math.round(cpuMs() - c0) };
  console.log(`${name}: ${r.ms} ms, CPU ${r.cpuMs} ms`);
  return r;
}

const stats = () => timed('stats path', async () => { for (const f of files) await runFleetTask({ kind: 'stats' }, f); });
const judge = () => timed('judge path', async () => {
  for (let i = 0; i < files.length; i += JUDGE_BATCH_FILES) {
    const batch = await Promise.all(files.slice(i, i + JUDGE_BATCH_FILES).map(async (f) => ({ blob: await openAsBlob(f.file), name: f.file.split('/').pop()!, path: f.rel })));
    await judgeFiles(batch);
  }
});

const out: Record<string, { ms: number; cpuMs: number }[]> = { stats: [], judge: [] };
for (let r = 0; r < rounds; r++) {
  if (only !== 'judge') out.stats.push(await stats());
  if (only !== 'stats') out.judge.push(await judge());
}
console.log(JSON.stringify({ files: files.length, ...out }));
