import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, shot, slider, status, waitLoaded } from './helpers';

test('the demo opens and lists its events', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');
  const c = r.timeline!.countsAt(last);
  await expect(status(page)).toHaveAttribute('data-cursor', String(last));
  await expect(status(page)).toHaveAttribute('data-events', String(c.events));
  await expect(status(page)).toHaveAttribute('data-surface', String(c.surface));
  await expect(status(page)).toHaveAttribute('data-transcript', String(c.transcript));
  const rows = page.getByRole('listbox', { name: 'Events' }).locator('[data-seq]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(200);
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(last));
  await shot(page, 'log');
});
