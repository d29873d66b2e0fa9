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

test('Cancel returns to the session that was open, at the same seq and selection (issue 14 §9)', async ({ page }) => {
  await page.goto('/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=12&sel=4');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  const url = page.url();
  await dropLargeLog(page);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Load cancelled');
  await expect(status(page)).toContainText('Seq 12 of');
  await expect(page.getByRole('slider', { name: 'Seq' })).toHaveAttribute('aria-valuenow', '12');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  // the session's worker still answers: rows, the selection and the inspector
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('complementary', { name: 'Inspector' }).getByRole('heading').first()).toContainText('Event 4');
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="6"]').click();
  await expect(page.getByRole('complementary', { name: 'Inspector' }).getByRole('heading').first()).toContainText('Event 6');
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page.getByRole('feed', { name: 'Surface' }).locator('[data-seq]').first()).toBeVisible();
  expect(new URL(page.url()).search).toBe(new URL(url).search);
});
