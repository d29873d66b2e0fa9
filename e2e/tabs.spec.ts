import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, shot, waitLoaded, scrollToTop } from './helpers';

test('every tab renders its rows with data-seq', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const panel = page.getByRole('tabpanel');
  for (const [name, role, list] of [['Surface', 'feed', 'Surface'], ['Transcript', 'feed', 'Transcript'], ['Compare', 'feed', 'Compare'], ['Log', 'listbox', 'Events']] as const) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole(role, { name: list }).locator('[data-seq]').first()).toBeVisible();
    await shot(page, name.toLowerCase());
  }
  await page.getByRole('tab', { name: 'Surface' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Surface' }));
  await expect(panel.getByLabel('Request header in force')).toContainText('Tools');
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Transcript' }));
  await expect(panel.getByText('no longer seen by the model').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Compare' }));
  await expect(panel.getByLabel(/^Messages shadowed by seq/).locator('[data-seq]').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'compare-dark');
});
