import { expect, test } from '@playwright/test';
import { dropLargeLog, status } from './helpers';

test('a large load shows progress and Cancel stops it', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await dropLargeLog(page);
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  // the progress line counts events read so far, not only bytes
  await expect(page.locator('.progress')).toContainText(/[1-9][\d,]* events/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Load cancelled');
  await expect(bar).toBeHidden();
});
