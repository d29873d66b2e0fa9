import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
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
