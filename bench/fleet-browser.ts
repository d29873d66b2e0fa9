/**
 * `npm run -s bench -- fleet-browser` (issue 27's browser figures): the built app in Chromium
 * (/usr/bin/chromium, as the other browser benches) and the fleet benchmark's DSH home of
 * `--sessions` sessions (default 10,000, bench/fleet-home.ts, written once under `--dir`, default
 * /work/bench-cache), set through the webkitdirectory input, the fleet view switched on as soon as
 * the folder panel offers it. From the input's change event:
 *
 * - `firstRowsMs`: the first rows of the fleet table on screen (goal: within 1 s);
 * - `allFiguresMs`: every session's figures in (the table's status says `data-figures` = sessions);
 * - against `seqscope stats --jobs 2 --json` on the same home as a whole process (goal: all figures
 *   within 1.5× its time); and the CPU time of the browser's processes (renderer, workers, GPU)
 *   over the same span, `allFiguresCpuMs`, against the CLI's (a machine under load stretches wall
 *   times of two runs apart unequally; their CPU times compare);
 * - scrolling the table: a rAF loop moves the table's body by three rows a frame over `--frames`
 *   frames (default 600), then pages it (a screen a frame), recording frame intervals: p50, p95,
 *   max, frames over 20 ms, and fps over the whole scroll (goal: 60 fps).
 *
 * `--runs` browser runs (default 1), each in a fresh page; the CLI runs once (`--no-cli` skips it).
 * `--dist DIR`: the app built in DIR instead of this checkout's dist/ (rebuilt when stale), to
 * compare two builds back to back on a machine whose load drifts. `--profile DIR`: CPU profiles of the page and the folder workers from the change event to all
 * figures, written to DIR and summarized (./cdp-profile.ts); the profiler's own cost is then in the
 * figures, so a profiled run's times are not compared with others'.
 * Prints figures; the last line is one JSON object. A benchmark, not a test.
 */
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../src/cli/serve';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuild, ROOT } from '../src/testing/browser-harness';
import { profilePage } from './cdp-profile';
import { ensureFleetHome } from './fleet-home';
import { benchArgs, buildCli, timeProcess } from './process-time.ts';
import { cpuTimes, pct, r1, stealPct, threadCpuDelta, treeCpuMs, treeThreadCpuMs } from './stats';

const rest = process.argv.slice(2);
const arg = benchArgs(rest);
const sessions = Number(arg('sessions', '10000'));
const runs = Number(arg('runs', '1'));
const frames = Number(arg('frames', '600'));
const dir = resolve(arg('dir', '/work/bench-cache'));
const profileDir = arg('profile', '');
const MB = 1024 * 1024;

const home = await ensureFleetHome(dir, sessions, (l) => console.log(l));
console.log(`home: ${home.sessions} sessions in ${home.files} files, ${(home.bytes / MB).toFixed(0)} MB on disk, ${(home.plainBytes / MB).toFixed(0)} MB plaintext`);
const distDir = arg('dist', '');
if (!distDir) ensureBuild((l) => console.log(l));
const server = await startServer({ distDir: distDir ? resolve(distDir) : join(ROOT, 'dist'), dir: home.home, port: 0 });
const base = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

interface Scroll { frames: number[]; rowsSeen: number; ms: number }
interface Run { setFilesMs: number; firstRowsMs: number; allFiguresMs: number; listMs: number; steal: number; cpuMs?: number; threads: [string, number][]; scroll: Scroll; paging: Scroll }

async function once(): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/`);
    const input = page.getByLabel('Choose a folder');
    await input.waitFor({ state: 'attached' });
    await page.evaluate((n) => {
      const w = window as unknown as { __t0?: number; __fleetOn?: number; __rows?: number; __all?: number; __listed?: number };
      const el = document.querySelector('input[webkitdirectory]')!;
      el.addEventListener('change', () => {
        w.__t0 = performance.now();
        // watched by DOM mutations, not by polling every animation frame: a poll makes the page
        // produce a frame 60 times a second (main thread, compositor, GPU process), and that CPU
        // time, which the app does not spend by itself, was counted in allFiguresCpuMs. A state
        // seen is timed at the next frame (on screen), as the poll timed it.
        const atFrame = (set: (t: number) => void) => requestAnimationFrame((t) => set(Math.max(t, performance.now())));
        let rows = false, listed = false;
        const check = () => {
          // the fleet view, switched on as soon as the folder panel offers it
          if (w.__fleetOn === undefined) {
            const b = [...document.querySelectorAll<HTMLButtonElement>('aside[aria-label="Folder"] button')].find((x) => x.textContent === 'Fleet view');
            if (b) { b.click(); w.__fleetOn = performance.now(); }
          }
          if (!rows && document.querySelector('[aria-label="Fleet sessions"] [role=row][data-path]')) { rows = true; atFrame((t) => (w.__rows = t)); }
          const sum = document.querySelector<HTMLElement>('[data-testid=folder-summary]');
          if (!listed && sum?.dataset.headers === String(n)) { listed = true; atFrame((t) => (w.__listed = t)); }
          const fig = document.querySelector<HTMLElement>('[data-figures]');
          if (fig && fig.dataset.figures === String(n)) { obs.disconnect(); atFrame((t) => (w.__all = t)); }
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-figures', 'data-headers'] });
        check();
      }, { once: true, capture: true });
    }, sessions);
    const profiler = profileDir ? await profilePage(page, profileDir) : undefined;
    const c0 = cpuTimes();
    const cpu0 = treeCpuMs(process.pid);
    const threads0 = treeThreadCpuMs(process.pid);
    const t0 = performance.now();
    await input.setInputFiles(home.home);
    const setFilesMs = performance.now() - t0;
    await page.waitForFunction(() => (window as unknown as { __all?: number }).__all !== undefined, null, { timeout: 3_600_000, polling: 1000 });
    const steal = stealPct(c0, cpuTimes());
    const cpu1 = treeCpuMs(process.pid);
    const threads = threadCpuDelta(threads0, treeThreadCpuMs(process.pid));
    const cpuMs = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined;
    await profiler?.stop();
    const t = await page.evaluate(() => {
      const w = window as unknown as { __t0: number; __rows: number; __all: number; __listed: number };
      return { firstRowsMs: w.__rows - w.__t0, allFiguresMs: w.__all - w.__t0, listMs: w.__listed - w.__t0 };
    });
    // scrolling: the table's body moved by `step` px each animation frame, frame intervals recorded
    const scroll = (step: number | 'page', count: number) => page.evaluate(async ({ step, count }) => {
      const body = document.querySelector<HTMLElement>('[aria-label="Fleet sessions"] .fleet-body')!;
      body.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const seen = new Set<string>();
      const out: number[] = [];
      const t0 = performance.now();
      await new Promise<void>((done) => {
        let prev = performance.now(), k = 0;
        const loop = (now: number) => {
          out.push(now - prev); prev = now;
          for (const r of body.querySelectorAll<HTMLElement>('[role=row][data-path]')) seen.add(r.dataset.path!);
          if (++k > count || body.scrollTop + body.clientHeight >= body.scrollHeight) { done(); return; }
          body.scrollTop += step === 'page' ? body.clientHeight : step;
          requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
      });
      return { frames: out.slice(1), rowsSeen: seen.size, ms: performance.now() - t0 };
    }, { step, count });
    return { setFilesMs, ...t, steal, cpuMs, threads, scroll: await scroll(26 * 3, frames), paging: await scroll('page', frames) };
  } finally {
    await context.close();
  }
}

const frameFigures = (s: Scroll) => {
  const mean = s.frames.reduce((a, b) => a + b, 0) / Math.max(1, s.frames.length);
  return { frames: s.frames.length, p50Ms: r1(pct(s.frames, 50)), p95Ms: r1(pct(s.frames, 95)), maxMs: r1(Math.max(...s.frames)), over20Ms: s.frames.filter((f) => f > 20).length, fps: r1(1000 / mean), rowsSeen: s.rowsSeen };
};

const results = [];
for (let i = 0; i < runs; i++) {
  const r = await once();
  const fig = { firstRowsMs: Math.round(r.firstRowsMs), listMs: Math.round(r.listMs), allFiguresMs: Math.round(r.allFiguresMs), allFiguresCpuMs: r.cpuMs, setFilesMs: Math.round(r.setFilesMs), stealPct: r.steal, scroll: frameFigures(r.scroll), paging: frameFigures(r.paging) };
  console.log(`browser run ${i + 1}: first table rows ${fig.firstRowsMs} ms, every header ${fig.listMs} ms, all figures ${fig.allFiguresMs} ms after the change event (browser CPU ${fig.allFiguresCpuMs} ms) (setInputFiles took ${fig.setFilesMs} ms; steal ${fig.stealPct}%)`);
  console.log(`  CPU by thread (ms, over 100): ${r.threads.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`  scroll 3 rows/frame: ${JSON.stringify(fig.scroll)}`);
  console.log(`  scroll a page/frame: ${JSON.stringify(fig.paging)}`);
  results.push(fig);
}
await browser.close();
server.server.closeAllConnections();
server.server.close();

let cli: { ms: number; cpuMs: number } | undefined;
if (!rest.includes('--no-cli')) {
  buildCli();
  const c = timeProcess(['bin/seqscope.js', 'stats', home.home, '--jobs', '2', '--json']);
  cli = { ms: Math.round(c.ms), cpuMs: Math.round(c.cpuMs) };
  console.log(`seqscope stats --jobs 2 --json: ${cli.ms} ms (CPU ${cli.cpuMs} ms)`);
}
const best = results.reduce((a, b) => (b.allFiguresMs < a.allFiguresMs ? b : a));
const result = {
  sessions: home.sessions, plainMb: Math.round(home.plainBytes / MB),
  firstRowsMs: best.firstRowsMs, allFiguresMs: best.allFiguresMs, statsMs: cli?.ms, allFiguresOverStats: cli ? +(best.allFiguresMs / cli.ms).toFixed(2) : undefined,
  allFiguresCpuMs: best.allFiguresCpuMs, statsCpuMs: cli?.cpuMs, cpuOverStats: cli && best.allFiguresCpuMs !== undefined ? +(best.allFiguresCpuMs / cli.cpuMs).toFixed(2) : undefined,
  scrollFps: best.scroll.fps, scrollP95Ms: best.scroll.p95Ms, pagingFps: best.paging.fps, pagingP95Ms: best.paging.p95Ms, runs: results,
};
console.log(JSON.stringify(result));
