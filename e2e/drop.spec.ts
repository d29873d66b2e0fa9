import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coreLoad, status, waitLoaded } from './helpers';

test('opens a file dropped on the window', async ({ page }) => {
  const path = 'public/demo/crash.jsonl';
  const r = await coreLoad(path);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const text = readFileSync(path, 'utf8');
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'dropped.jsonl'));
    return d;
  }, text);
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  await waitLoaded(page, last);
  await expect(page.getByText('dropped.jsonl', { exact: false }).first()).toBeVisible();
  await expect(page.locator('[data-verdict]')).toContainText('closers synthesized');
  await expect(page.getByRole('option').filter({ hasText: 'synthesized on load' }).first()).toBeAttached({ timeout: 1 }).catch(() => undefined);
});
