/**
 * The Runs view in Chromium, for `npm run -s bench -- compare` (issue 26: "the Runs view's first
 * paint within 200 ms after" the alignment). The built app (as the other browser benches: Debian's
 * Chromium, `vite preview` on 127.0.0.1) gets both files picked together in Open file, so the first
 * is run A (loaded as the shown session) and the second run B (loaded beside it in the same
 * worker, then aligned there). Per run, in a fresh tab:
 *
 * - `paintMs`: from the alignment's end in the worker (`RunsInfo.alignedAt`, on the clock worker
 *   and page share: timeOrigin + now) to the first frame painted with the Runs view's aligned rows
 *   (a MutationObserver sees the rows; the frame's callback, then a task queued from it, runs after
 *   that frame is painted). It covers building the answer, sending it, the store and React's render.
 * - `appPaintMs`: the app's own figure for the same span (data-paint-after-align-ms), as a check;
 *   `answerMs`, the part of it until the worker's answer reached the page (the rest is the page's).
 * - `alignMs` (the worker's alignment), `loadAMs` (A chosen → A shown), `loadBMs` (B read and loaded).
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuild, servePreview } from '../src/testing/browser-harness';
import { cpuTimes, stealPct } from './stats';

export interface RunsPaintRun { paintMs: number; appPaintMs: number; answerMs: number; alignMs: number; loadAMs: number; loadBMs: number; rows: number; stealPct: number }

export async function runsViewPaint(fileA: string, fileB: string, runs: number, log: (line: string) => void): Promise<RunsPaintRun[]> {
  ensureBuild(log);
  const { base, stop } = await servePreview();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const out: RunsPaintRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      // tsx (esbuild keepNames) wraps named functions in the callbacks below with __name(), which the page lacks
      await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      const page = await context.newPage();
      try {
        await page.goto(`${base}/?bench`);
        await page.waitForSelector('[role=status][data-cursor]');
        await page.evaluate(() => {
          const w = window as unknown as { __t0?: number; __aShown?: number; __painted?: number; __rows?: number };
          const bench = (window as unknown as { seqscopeBench: { state(): { summary?: unknown; phase: string } } }).seqscopeBench;
          const input = document.querySelector('input[type=file][aria-label="Open file"]')!;
          input.addEventListener('change', () => {
            w.__t0 = performance.timeOrigin + performance.now();
            const prev = bench.state().summary;
            const unsub = setInterval(() => { const st = bench.state(); if (st.phase === 'ready' && st.summary !== prev) { w.__aShown = performance.timeOrigin + performance.now(); clearInterval(unsub); } }, 20);
            const mo = new MutationObserver(() => {
              const rows = document.querySelectorAll('.runs-view[data-align-ms] [role=listbox][aria-label="Runs, aligned"] .runs-row');
              if (rows.length === 0) return;
              mo.disconnect();
              w.__rows = rows.length;
              requestAnimationFrame(() => {
                const ch = new MessageChannel();
                ch.port1.onmessage = () => { w.__painted = performance.timeOrigin + performance.now(); ch.port1.close(); };
                ch.port2.postMessage(null);
              });
            });
            mo.observe(document.body, { childList: true, subtree: true });
          }, { once: true, capture: true });
        });
        const c0 = cpuTimes();
        await page.locator('input[type=file][aria-label="Open file"]').setInputFiles([resolve(fileA), resolve(fileB)]);
        await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 1_800_000, polling: 200 });
        await page.waitForSelector('.runs-view[data-paint-after-align-ms]', { timeout: 60_000 });
        const steal = stealPct(c0, cpuTimes());
        const t = await page.evaluate(() => {
          const w = window as unknown as { __t0: number; __aShown: number; __painted: number; __rows: number; seqscopeBench: { runs(): { info: { alignedAt: number; alignMs: number; loadBMs: number } } } };
          const info = w.seqscopeBench.runs().info;
          const view = document.querySelector<HTMLElement>('.runs-view')!;
          return { paintMs: w.__painted - info.alignedAt, appPaintMs: Number(view.dataset.paintAfterAlignMs), answerMs: Number(view.dataset.paintAfterAlignMs) - Number(view.dataset.firstPaintMs), alignMs: info.alignMs, loadAMs: w.__aShown - w.__t0, loadBMs: info.loadBMs, rows: w.__rows };
        });
        out.push({ ...t, stealPct: steal });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    stop();
  }
  return out;
}
