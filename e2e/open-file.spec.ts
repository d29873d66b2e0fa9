import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coreLoad, status, waitLoaded } from './helpers';

test('opens a file picked with the file input', async ({ page }) => {
  const path = 'testdata/conformance/v06-compaction-nested.jsonl';
  const r = await coreLoad(path);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await page.getByLabel('Open file').setInputFiles({ name: 'picked.jsonl', mimeType: 'application/json', buffer: readFileSync(path) });
  await waitLoaded(page, last);
  await expect(page.getByText('picked.jsonl', { exact: false }).first()).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  // the Log follows the cursor, at the end after a load
  await expect(page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${last}"]`)).toBeVisible();
});
