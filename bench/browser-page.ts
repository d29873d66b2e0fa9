/** The browser bench's steps inside the page (bench/browser.ts): choosing a file and waiting for its views, the scrubber's jumps. */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Chooses `file` and waits until the load settles. `__first`: the first usable view, i.e. the Log
 * listing real rows of this load (while it is still indexing, or after); `__ready`: every view open.
 */
export async function openInPage(page: Page, file: string): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __t0?: number; __first?: number; __ready?: number };
    w.__t0 = undefined; w.__first = undefined; w.__ready = undefined;
    const input = document.querySelector('input[type=file]:not([webkitdirectory])')!;
    input.addEventListener('change', () => {
      w.__t0 = performance.now();
      (w as unknown as { __file?: Blob }).__file = (input as HTMLInputElement).files![0];
      const bench = (window as unknown as { seqscopeBench: { state(): { summary?: unknown; phase: string } } }).seqscopeBench;
      const prev = bench.state().summary;
      const poll = () => {
        const st = bench.state();
        // this load's rows: the Log's reading preview, or the loaded views of a new summary (not the previous file's)
        const fresh = document.querySelector('.preview-note') !== null || (st.phase === 'ready' && st.summary !== prev);
        const row = document.querySelector('[role=listbox][aria-label=Events] [data-seq] .type');
        if (fresh && w.__first === undefined && row && row.textContent !== '…') w.__first = performance.now();
        const ready = st.phase === 'ready' && st.summary !== prev && document.querySelector('[role=status][data-cursor]') && document.querySelector('[role=listbox] [data-seq]');
        if (ready) { w.__ready = performance.now(); w.__first ??= w.__ready; } else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }, { once: true, capture: true });
  });
  await page.locator('input[type=file]:not([webkitdirectory])').setInputFiles(resolve(file));
  await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, { timeout: 600_000, polling: 50 });
}

/** The scrubber: `jumps` random jumps (the same seqs every run), each timed from setting the cursor (inside an animation frame's callback, as a drag sets it) to the status region's data-cursor. */
export async function scrubJumps(page: Page, jumps: number, last: number): Promise<{ times: number[]; rows: number }> {
  return page.evaluate(async ({ jumps, last }) => {
    const B = (window as unknown as { seqscopeBench: { setCursor(n: number): void } }).seqscopeBench;
    const status = document.querySelector('[role=status]') as HTMLElement;
    let x = 7;
    const rnd = () => { x = (x * 1103515245 + 12345) & 0x7fffffff; return x / 0x7fffffff; };
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < jumps; i++) {
      const n = Math.floor(rnd() * (last + 1));
      if (status.dataset.cursor === String(n)) continue;
      const t0 = performance.now();
      await new Promise<void>((done) => {
        const mo = new MutationObserver(() => { if (status.dataset.cursor === String(n)) { mo.disconnect(); done(); } });
        mo.observe(status, { attributes: true, attributeFilter: ['data-cursor'] });
        B.setCursor(n);
      });
      times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      rows = Math.max(rows, document.querySelectorAll('[data-seq]').length);
    }
    return { times, rows };
  }, { jumps, last });

}
