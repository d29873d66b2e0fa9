import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coreLoad, shot, status, scrollLogToTop } from './helpers';

test('a corrupt file shows the refusal and still lists its readable records', async ({ page }) => {
  const path = 'testdata/conformance/s09-replace-start-string.jsonl';
  const r = await coreLoad(path);
  expect(r.verdict.ok).toBe(false);
  const v = r.verdict as { line: number; seq: number };
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await page.getByLabel('Open file').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/json', buffer: readFileSync(path) });
  const banner = page.locator('[data-verdict]');
  await expect(banner).toHaveAttribute('data-verdict', 'corrupt');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`Line ${v.line}`);
  await scrollLogToTop(page);
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="0"]')).toBeVisible();
  await alert.getByRole('button', { name: `Go to seq ${v.seq}` }).click();
  const row = page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${v.seq}"]`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toContainText('refused here');
  await shot(page, 'corrupt');
});
