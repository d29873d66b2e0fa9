import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, shot, waitLoaded } from './helpers';

test('Export… opens the fork and trace writers in a panel; Escape or a press outside closes it; a choice holds', async ({ page }) => {
  const last = (await coreLoad(DEMO)).session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const button = page.getByRole('button', { name: 'Export…' });
  const panel = page.getByRole('dialog', { name: 'Export' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export fork at cursor' })).toHaveCount(0);

  await button.click();
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('region', { name: 'Fork at cursor' }).getByRole('button', { name: 'Export fork at cursor' })).toBeEnabled();
  await expect(panel.getByRole('region', { name: 'Trace' }).getByRole('button', { name: 'Export trace' })).toBeEnabled();
  // the focus moves into the panel, on its first control
  await expect(panel.getByRole('checkbox', { name: 'export as zstd' })).toBeFocused();
  // under the button, not over the toolbar
  const b = (await button.boundingBox())!, p = (await panel.boundingBox())!;
  expect(p.y).toBeGreaterThanOrEqual(b.y + b.height);
  await shot(page, 'export-menu');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'export-menu-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox', { name: 'export as zstd' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(panel.getByRole('checkbox', { name: 'export as zstd' })).toBeChecked();
  await page.getByRole('listbox', { name: 'Events' }).click({ position: { x: 40, y: 10 } });
  await expect(panel).toBeHidden();
});

test('at 800 px the toolbar holds its controls in two rows, with Export… and Share… in reach', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  const last = (await coreLoad(DEMO)).session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const tops = new Set<number>();
  for (const c of await page.getByRole('banner').locator('button, input:not([type=file]), select').all()) {
    if (await c.isVisible()) tops.add(Math.round((await c.boundingBox())!.y / 10));
  }
  expect(tops.size).toBeLessThanOrEqual(2);
  await expect(page.getByRole('button', { name: 'Export…' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Share…' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'toolbar-800');
  await page.getByRole('button', { name: 'Export…' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'export-menu-800-dark');
});
