import { expect, test } from '@playwright/test';
import { dropLargeLog, waitLoaded } from './helpers';

test('while a large log loads, the Log already lists and inspects the events read so far', async ({ page }) => {
  await page.goto('/');
  await waitLoaded(page, await page.getByRole('slider', { name: 'Seq' }).getAttribute('aria-valuemax').then(Number));
  await dropLargeLog(page);
  // one snapshot (the load is fast, so later assertions cannot rely on it still running): the progress
  // bar is up, the scrubber waits for the index, the overview strip's box is laid out and busy (nothing
  // drawn yet), and the Events list shows real rows
  await page.waitForFunction(() => {
    const loading = document.querySelector('[role=progressbar]') !== null;
    const scrubberWaits = document.querySelector('[role=slider][aria-label=Seq]') === null;
    const strip = document.querySelector('section[aria-label=Overview][aria-busy=true] [data-testid=overview-chart]');
    const stripWaits = strip !== null && strip.getBoundingClientRect().width > 0 && strip.querySelector('canvas[data-drawn]') === null;
    const row = document.querySelector('[role=listbox][aria-label=Events] [data-seq="0"] .type');
    return loading && scrubberWaits && stripWaits && row?.textContent === 'feedback/record';
  }, null, { polling: 'raf', timeout: 30_000 });
  // the click lands while loading or just after: either way the selection is kept into the loaded views
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="1"]').click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.getByRole('heading')).toContainText('Event 1 feedback/record');
  // when indexing finishes, the views open and the selection made while loading stays
  await waitLoaded(page, 600_000);
  await expect(page.locator('section[aria-label=Overview]:not([aria-busy]) canvas[data-drawn="600000"]')).toHaveCount(1);
  await expect(inspector.getByRole('heading')).toContainText('Event 1 feedback/record');
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="1"]')).toHaveAttribute('aria-selected', 'true');
});

test('the Log scrolls through 600,001 rows end to end with a bounded scroll area and few rows mounted', async ({ page }) => {
  await page.goto('/');
  await waitLoaded(page, await page.getByRole('slider', { name: 'Seq' }).getAttribute('aria-valuemax').then(Number));
  await dropLargeLog(page);
  await waitLoaded(page, 600_000);
  const list = page.getByRole('listbox', { name: 'Events' });
  // 600,001 rows of 22 px would be 13.2 M px: taller than the list lets a scroll area grow
  const height = await list.evaluate((el) => el.scrollHeight);
  expect(height).toBeLessThanOrEqual(8_000_000);
  await list.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(list.locator('[data-seq="600000"]')).toBeVisible();
  await list.evaluate((el) => { el.scrollTop = (el.scrollHeight - el.clientHeight) / 2; });
  await expect(list.locator('[data-seq="300000"]')).toBeVisible();
  expect(await list.locator('[data-seq]').count()).toBeLessThan(100);
  await list.evaluate((el) => { el.scrollTop = 0; });
  await expect(list.locator('[data-seq="0"]')).toBeVisible();
});
