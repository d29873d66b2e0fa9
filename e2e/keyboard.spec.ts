import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, status, waitLoaded, scrollLogToTop } from './helpers';

test('keyboard shortcuts: j/k, [ ], / and ?', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const turns = Array.from(r.timeline!.turnSeqs);
  await page.goto('/');
  await waitLoaded(page, last);
  // after the load the Log shows the cursor's row (the end); the reader scrolls up to row 3
  await scrollLogToTop(page);
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="3"]').click();
  await page.keyboard.press('j');
  await expect(page.locator('[data-seq="4"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(page.locator('[data-seq="2"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('[');
  await expect(status(page)).toHaveAttribute('data-cursor', String(turns[turns.length - 1]));
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search the whole log' })).toBeFocused();
  await page.keyboard.type('compaction/summary');
  await page.keyboard.press('Enter');
  const cs = r.session!.log.events().filter((e) => e.type === 'compaction/summary').map((e) => e.seq);
  await expect(page.getByText(`1 / ${cs.length}`)).toBeVisible();
  await expect(page.locator(`[data-seq="${cs[0]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(page.locator(`[data-seq="${cs[1]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.locator('body').press('Escape');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});
