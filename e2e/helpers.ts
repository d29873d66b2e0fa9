import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { loadBytes } from '../src/io/load';

export const DEMO = 'public/demo/demo.jsonl';

/** Loads a file with the core in Node, as the worker does. */
export async function coreLoad(path: string) {
  return loadBytes(new Uint8Array(readFileSync(path)), { now: 0 });
}

export const status = (page: Page) => page.getByRole('status');
export const slider = (page: Page) => page.getByRole('slider', { name: 'Seq' });

/** Waits until the app has loaded a session whose last seq is `last`. */
export async function waitLoaded(page: Page, last: number) {
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(last));
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/**
 * A screenshot the docs show (docs/<name>.png): written under test-results/screens/ on every run,
 * and over the docs' copy only with SEQSCOPE_DOC_SHOTS=1, so a test run leaves the checkout as it was.
 */
export async function docShot(page: Page, name: string, options: { clip?: { x: number; y: number; width: number; height: number } } = {}) {
  const png = await page.screenshot({ path: `test-results/screens/${name}.png`, ...options });
  if (process.env.SEQSCOPE_DOC_SHOTS === '1') writeFileSync(`docs/${name}.png`, png);
}

/** Drops a 600,000-event log built in the page (about 70 MB): long enough to see progress and to cancel. */
export async function dropLargeLog(page: Page): Promise<void> {
  const dt = await page.evaluateHandle(() => {
    const parts = ['{"type":"session","version":0,"id":"big","createdAt":1767225600000,"cwd":"/x","delegationDepth":0}\n'];
    for (let i = 0; i < 600_000; i++) parts.push(`{"type":"feedback/record","seq":${i},"time":${1767225600000 + i},"data":{"note":"padding padding padding padding padding ${i}"}}\n`);
    const d = new DataTransfer();
    d.items.add(new File(parts, 'big.jsonl'));
    return d;
  });
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
}

/**
 * Scrolls a list to its first row. After a load the lists follow the cursor (at the end by
 * default), so a test that reads the first rows scrolls there as a user would.
 */
export async function scrollToTop(list: Locator): Promise<void> {
  await list.evaluate((el) => {
    for (let e: HTMLElement | null = el as HTMLElement; e; e = e.parentElement) {
      if (e.scrollHeight > e.clientHeight && getComputedStyle(e).overflowY !== 'visible') { e.scrollTop = 0; e.dispatchEvent(new Event('scroll')); return; }
    }
  });
}

/**
 * Scrolls the Log to its first row once it has followed the cursor: the Log moves to the cursor's
 * row after the rows around it are fetched from the worker, so a scroll made before that jump
 * lands is undone by it (on a loaded machine the fetch takes a while).
 */
export async function scrollLogToTop(page: Page): Promise<void> {
  const list = page.getByRole('listbox', { name: 'Events' });
  await expect(list.locator('[aria-current="step"]')).toBeInViewport();
  await scrollToTop(list);
}

/** Opens the toolbar's Export… panel (the fork and trace writers) unless it is open. */
export async function openExport(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Export…' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const panel = page.getByRole('dialog', { name: 'Export' });
  await expect(panel).toBeVisible();
  return panel;
}
