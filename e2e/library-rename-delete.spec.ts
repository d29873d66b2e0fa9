import { expect, test } from '@playwright/test';
import { status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('rename and delete kept sessions; both survive reload', async ({ page }) => {
  const one = demoBytes('tool-round.jsonl');
  const two = demoBytes('crash.jsonl');
  await ready(page);
  await pick(page, 'one.jsonl', Buffer.from(one));
  await waitLoaded(page, (await coreOpen(one)).session!.log.length - 1);
  await pick(page, 'two.jsonl', Buffer.from(two));
  await waitLoaded(page, (await coreOpen(two)).session!.log.length - 1);
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(2);

  const first = libraryItems(page).filter({ hasText: 'one.jsonl' });
  await first.getByRole('button', { name: 'Rename one.jsonl' }).click();
  const input = page.getByRole('textbox', { name: 'New name for one.jsonl' });
  await input.fill('the tool round');
  await input.press('Enter');
  await expect(libraryItems(page).filter({ hasText: 'the tool round' })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search library' }).fill('TOOL ROUND');
  await expect(libraryItems(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search library' }).fill('');
  await page.getByRole('combobox', { name: 'Sort library' }).selectOption('name');
  await expect(libraryItems(page).first()).toContainText('the tool round');
  await page.getByRole('combobox', { name: 'Sort library' }).selectOption('size');
  await expect(libraryItems(page).first()).toContainText('two.jsonl');

  const second = libraryItems(page).filter({ hasText: 'two.jsonl' });
  await second.getByRole('button', { name: 'Delete two.jsonl' }).click();
  await second.getByRole('button', { name: 'Confirm delete two.jsonl' }).click();
  await expect(libraryItems(page)).toHaveCount(1);
  await expect(page.getByTestId('library-usage')).toContainText('1 session');

  // The hash still names the deleted session: reload says so and shows the library.
  await page.reload();
  await expect(status(page)).toContainText('The library has no session');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  await expect(libraryItems(page).first()).toContainText('the tool round');
});
