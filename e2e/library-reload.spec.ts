import { expect, test } from '@playwright/test';
import { slider, status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('an opened file is kept in the library and the deep link reopens it after reload', async ({ page }) => {
  const bytes = demoBytes('tool-round.jsonl');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  await ready(page);
  await pick(page, 'round.jsonl', Buffer.from(bytes));
  await waitLoaded(page, last);
  await expect(page).toHaveURL(/session=lib%3A/);
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  const item = libraryItems(page).first();
  await expect(item).toContainText('round.jsonl');
  await expect(item).toContainText(r.header!.id);
  await expect(item).toContainText('ok');
  await expect(item).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('library-usage')).toContainText('1 session');

  await slider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/cursor=1/);
  await page.reload();
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-cursor', '1');
  await expect(page.locator('.toolbar .file')).toContainText('round.jsonl');
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);

  // A fresh start without the hash still lists the kept session, and Open brings it back.
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await libraryList(page);
  await libraryItems(page).first().getByRole('button', { name: 'Open round.jsonl' }).click();
  await waitLoaded(page, last);
  await expect(libraryItems(page)).toHaveCount(1);
});

test('a library link to a deleted session says so instead of opening the demo', async ({ page }) => {
  await page.goto('/#session=lib%3Anope');
  await expect(status(page)).toContainText('The library has no session nope');
  await expect(page.getByRole('list', { name: 'Library' })).toBeVisible();
});
