/**
 * `npm run -s bench -- fleet-floor` (issue 27): the least a browser tab does for a folder's
 * figures, against `seqscope stats --jobs 2`. The fleet benchmark's DSH home (`--sessions`,
 * default 10,000, bench/fleet-home.ts) is set through a webkitdirectory input on a page of its own
 * (bench/floor/, served by Vite's dev server) whose `--jobs` module workers (default 2) take the
 * Files in batches of 64 and, for each:
 *
 * - `read`: read it whole with FileReaderSync, as the app's folder workers do, and nothing more;
 * - `read-async` (only when `--modes` names it): the same with `Blob.arrayBuffer()`;
 * - `parse`: read it, decode it (a zstd log by the loader's frame decoder), split it on LF and
 *   JSON.parse every line: bench/fleet-baseline.ts's bare parse, in the browser.
 *
 * Any figures of a folder in a tab read every file, and judging a log as DSH does parses every
 * line: `parse` is a floor under the app's all-figures time (`fleet-browser`), measured from the
 * change event the same way. Then `seqscope stats --jobs 2 --json` and the Node bare parse, as
 * processes. `--modes` (default `read,parse`), `--runs` (default 2) runs of each mode, alternating, each in a fresh page: the best.
 * Prints figures; the last line is one JSON object. A benchmark, not a test.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build, createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT } from '../src/testing/browser-harness';
import { ensureFleetHome } from './fleet-home';
import { benchArgs, buildCli, timeProcess } from './process-time.ts';
import { cpuTimes, stealPct, treeCpuMs } from './stats';

const rest = process.argv.slice(2);
const arg = benchArgs(rest);
const sessions = Number(arg('sessions', '10000'));
const runs = Number(arg('runs', '2'));
const jobs = Number(arg('jobs', '2'));
const dir = resolve(arg('dir', '/work/bench-cache'));
const modes = arg('modes', 'read,parse').split(',');
const MB = 1024 * 1024;

const home = await ensureFleetHome(dir, sessions, (l) => console.log(l));
console.log(`home: ${home.sessions} sessions in ${home.files} files, ${(home.bytes / MB).toFixed(0)} MB on disk, ${(home.plainBytes / MB).toFixed(0)} MB plaintext`);
const vite = await createServer({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'error', server: { port: 0, strictPort: false, hmr: false } });
await vite.listen();
const base = `http://127.0.0.1:${(vite.httpServer!.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

interface Floor { ms: number; files: number; bytes: number; lines: number }

async function once(mode: string): Promise<Floor & { cpuMs?: number; steal: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${base}/bench/floor/index.html?mode=${mode}&jobs=${jobs}`);
    // the worker's modules transformed and cached before the clock starts
    await page.evaluate(async () => { const w = new Worker(new URL('/bench/floor/worker.ts', location.href), { type: 'module' }); await new Promise((r) => { w.onmessage = r; w.postMessage({ mode: 'read', files: [] }); }); w.terminate(); });
    const c0 = cpuTimes(), cpu0 = treeCpuMs(process.pid);
    await page.getByLabel('Choose a folder').setInputFiles(home.home);
    await page.waitForFunction(() => (window as unknown as { __floor?: unknown }).__floor !== undefined, null, { timeout: 3_600_000, polling: 500 });
    const cpu1 = treeCpuMs(process.pid);
    const f = await page.evaluate(() => (window as unknown as { __floor: Floor }).__floor);
    return { ...f, cpuMs: cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined, steal: stealPct(c0, cpuTimes()) };
  } finally {
    await context.close();
  }
}

const best: Record<string, Floor & { cpuMs?: number }> = {};
for (let i = 0; i < runs; i++) {
  for (const mode of modes) {
    const r = await once(mode);
    console.log(`${mode} run ${i + 1}: ${Math.round(r.ms)} ms from the change event (browser CPU ${r.cpuMs} ms), ${r.files} files, ${(r.bytes / MB).toFixed(0)} MB read, ${r.lines} lines parsed (steal ${r.steal}%)`);
    if (!best[mode] || r.ms < best[mode].ms) best[mode] = r;
  }
}
await browser.close();
await vite.close();

buildCli();
const stats = timeProcess(['bin/seqscope.js', 'stats', home.home, '--jobs', String(jobs), '--json']);
console.log(`seqscope stats --jobs ${jobs} --json: ${Math.round(stats.ms)} ms (CPU ${Math.round(stats.cpuMs)} ms)`);
await build({
  configFile: false, logLevel: 'warn', publicDir: false,
  build: { ssr: 'bench/fleet-baseline.ts', outDir: 'tmp/bench-dist-fleet', emptyOutDir: true, minify: false, target: 'node20', rollupOptions: { output: { format: 'esm', entryFileNames: 'fleet-baseline.mjs' } } },
  ssr: { noExternal: true },
});
const bare = timeProcess(['tmp/bench-dist-fleet/fleet-baseline.mjs', home.home, String(jobs)]);
console.log(`Node bare parse (bench/fleet-baseline.ts, ${jobs} threads): ${Math.round(bare.ms)} ms (CPU ${Math.round(bare.cpuMs)} ms)`);
const result = {
  sessions: home.sessions, plainMb: Math.round(home.plainBytes / MB), jobs,
  ...Object.fromEntries(Object.entries(best).flatMap(([m, r]) => [[`${m}Ms`, Math.round(r.ms)], [`${m}CpuMs`, r.cpuMs], [`${m}OverStats`, +(r.ms / stats.ms).toFixed(2)]])),
  statsMs: Math.round(stats.ms), statsCpuMs: Math.round(stats.cpuMs), bareNodeMs: Math.round(bare.ms),
};
console.log(JSON.stringify(result));
