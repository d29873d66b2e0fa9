import { expect, test } from '@playwright/test';
import { dropLargeLog, status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

/**
 * Decision: a file that cannot be read at all, or a cancelled load, leaves the library exactly as
 * it was; a file DSH refuses but that still opens is not a failed import: it is kept, labelled
 * with its refusal.
 */
test('unreadable and cancelled imports leave the library unchanged; a refused log is kept, labelled', async ({ page }) => {
  const good = demoBytes('tool-round.jsonl');
  await ready(page);
  await pick(page, 'good.jsonl', Buffer.from(good));
  await waitLoaded(page, (await coreOpen(good)).session!.log.length - 1);
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);

  // Unreadable: ZIP magic, then garbage.
  const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
  await pick(page, 'broken.zip', junk);
  // refused as a whole over good.jsonl: said once, as the failure banner's alert, and good.jsonl stays shown (issue 23 §6)
  await expect(page.getByLabel('Could not open').getByRole('alert')).toContainText('broken.zip could not be opened, and good.jsonl is still shown: The ZIP archive cannot be read');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.locator('.toolbar .file')).toHaveAttribute('title', 'good.jsonl');
  await expect(status(page)).toHaveAttribute('data-phase', 'ready');
  await expect(page.getByTestId('library-notice')).toContainText('broken.zip could not be opened, so it was not added to the library');
  await expect(libraryItems(page)).toHaveCount(1);

  // Cancelled: a large drop, cancelled while it loads.
  await dropLargeLog(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toContainText('Load cancelled');
  await expect(libraryItems(page)).toHaveCount(1);
  await page.reload();
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  await expect(libraryItems(page).first()).toContainText('good.jsonl');

  // Refused by DSH but readable: kept, and labelled as refused.
  const refused = demoBytes('refused.jsonl');
  const r = await coreOpen(refused);
  expect(r.verdict.ok).toBe(false);
  await pick(page, 'refused.jsonl', Buffer.from(refused));
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'corrupt');
  await expect(libraryItems(page)).toHaveCount(2);
  const kept = libraryItems(page).filter({ hasText: 'refused.jsonl' });
  await expect(kept).toContainText('refused (corrupt)');
  await expect(page.getByTestId('library-notice')).toContainText('labelled as refused by DSH');
});
