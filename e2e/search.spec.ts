/** Issue 14 item 8: search within the filter, from the cursor or the selection, never moving the cursor silently. */
import { expect, test, type Page } from '@playwright/test';
import { SessionQueries } from '../src/worker/queries';
import { searchAll } from '../src/worker/session-search';
import { coreLoad, DEMO, status, waitLoaded } from './helpers';

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search the whole log' });
const form = (page: Page) => page.getByRole('search');

/** Seqs the worker's text search finds for `q` (the same queries, run in Node). */
async function hitsOf(q: string): Promise<number[]> {
  return Array.from(searchAll(new SessionQueries(await coreLoad(DEMO)), q));
}

async function search(page: Page, q: string) {
  await box(page).fill(q);
  await box(page).press('Enter');
}

test('search starts at the cursor, selects without moving the cursor, and offers to move it', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const hits = await hitsOf('reconcile');
  const cursor = hits[Math.floor(hits.length / 2)] - 1;
  const first = hits.find((h) => h >= cursor)!;
  expect(first).toBeGreaterThan(cursor);
  await page.goto(`/#session=demo:demo.jsonl&view=log&cursor=${cursor}`);
  await page.reload();
  await waitLoaded(page, last);
  await search(page, 'reconcile');
  await expect(form(page)).toContainText(`${hits.indexOf(first) + 1} / ${hits.length}`);
  await expect(status(page)).toContainText(`selected ${first}`);
  await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
  const second = hits[hits.indexOf(first) + 1];
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(status(page)).toContainText(`selected ${second}`);
  await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
  await page.getByRole('button', { name: 'Move cursor to hit' }).click();
  await expect(status(page)).toHaveAttribute('data-cursor', String(second));
  await expect(page.getByRole('button', { name: 'Move cursor to hit' })).toHaveCount(0);
  // from the selection: select an early event, search again
  await page.getByRole('listbox', { name: 'Events' }).evaluate((el) => { el.scrollTop = 0; });
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="5"]').click();
  await search(page, 'RECONCILE');
  await expect(status(page)).toContainText(`selected ${hits.find((h) => h >= 5)}`);
  expect(hits.find((h) => h >= 5)).toBeLessThan(cursor);
});

test('search keeps to the Family filter and offers to clear it', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const summaries = Array.from({ length: last + 1 }, (_, i) => i).filter((i) => r.session!.log.typeAt(i) === 'compaction/summary');
  const hits = await hitsOf('reconcile');
  const inFilter = hits.filter((h) => summaries.includes(h));
  expect(inFilter.length).toBeGreaterThan(0);
  expect(hits.length).toBeGreaterThan(inFilter.length);
  await page.goto('/');
  await waitLoaded(page, last);
  await page.getByRole('combobox', { name: 'Filter by family' }).selectOption('type:compaction/summary');
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq]')).toHaveCount(summaries.length);
  await search(page, 'reconcile');
  await expect(form(page)).toContainText(`/ ${inFilter.length} in filter`);
  const sel = Number((await status(page).textContent())!.match(/selected (\d+)/)![1]);
  expect(inFilter).toContain(sel);
  await expect(page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${sel}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(form(page)).toContainText(`${hits.length - inFilter.length} more outside the filter`);
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(form(page)).toContainText(` / ${hits.length}`);
  await expect(form(page)).not.toContainText('in filter');
});
