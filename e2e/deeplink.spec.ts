import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, slider, status, waitLoaded } from './helpers';

test('the deep link survives reload, and back restores the previous view', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  await slider(page).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]').click();
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page).toHaveURL(/view=surface/);
  await expect(page).toHaveURL(/cursor=12/);
  await expect(page).toHaveURL(/sel=4/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '12');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  await expect(page.getByRole('feed', { name: 'Surface' }).locator('[data-seq="4"][aria-current="true"]')).toBeAttached();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]')).toHaveAttribute('aria-selected', 'true');
});
