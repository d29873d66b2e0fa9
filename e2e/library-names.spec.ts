/** Issue 23 §6: a file identical to one in the library, opened under another name, keeps that name too. */
import { expect, test } from '@playwright/test';
import { formatBytes } from '../src/ui/format';
import { waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('the same bytes opened under a second name show that name, now and after a reload, and the library keeps both names over one copy', async ({ page }) => {
  const bytes = demoBytes('tool-round.jsonl');
  const last = (await coreOpen(bytes)).session!.log.length - 1;
  const file = page.locator('.toolbar .file');
  await ready(page);
  await pick(page, 'first.jsonl', Buffer.from(bytes));
  await waitLoaded(page, last);
  await expect(page.getByTestId('library-notice')).toContainText('Kept first.jsonl in the library');
  await pick(page, 'second.jsonl', Buffer.from(bytes));
  await expect(file).toHaveAttribute('title', 'second.jsonl');
  await expect(page.getByTestId('library-notice')).toContainText('Kept second.jsonl in the library: the same file as first.jsonl, stored once.');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(2);
  const second = libraryItems(page).filter({ hasText: 'second.jsonl' });
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(second).toContainText('same file as first.jsonl');
  // one stored copy: the usage counts the file once
  await expect(page.getByTestId('library-usage')).toHaveText(`Storage used: ${formatBytes(bytes.length)} in 2 sessions`);

  await page.reload();
  await waitLoaded(page, last);
  await expect(file).toHaveAttribute('title', 'second.jsonl');
  // opened a third time under the second name: nothing new is kept
  await pick(page, 'second.jsonl', Buffer.from(bytes));
  await expect(page.getByTestId('library-notice')).toContainText('second.jsonl is already in the library.');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(2);

  // each name opens the file under its own name; deleting the first leaves the second whole
  await libraryItems(page).filter({ hasText: 'first.jsonl' }).getByRole('button', { name: 'Open first.jsonl' }).click();
  await expect(file).toHaveAttribute('title', 'first.jsonl');
  await libraryItems(page).filter({ hasText: 'first.jsonl' }).getByRole('button', { name: 'Delete first.jsonl' }).click();
  await page.getByRole('button', { name: 'Confirm delete first.jsonl' }).click();
  await expect(libraryItems(page)).toHaveCount(1);
  await libraryItems(page).first().getByRole('button', { name: 'Open second.jsonl' }).click();
  await waitLoaded(page, last);
  await expect(file).toHaveAttribute('title', 'second.jsonl');
});
