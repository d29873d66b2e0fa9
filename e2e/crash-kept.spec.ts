/**
 * Issue 13 item 5: a file whose views crash while it is shown is still kept in the library and
 * reopens (deep link and library), and the URL hash is whole. The crash is forced with the
 * test-only `window.__seqscopeFault` flag (src/ui/RegionBoundary.tsx).
 */
import { expect, test } from '@playwright/test';
import { parseHash } from '../src/app/hash';
import { slider, status } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

const CRASHING = ['Log view', 'Surface view', 'Transcript view', 'Compare view', 'Inspector', 'Verdict banner'];

test('a file whose views crashed is kept, the hash is whole, and it reopens', async ({ page }) => {
  const bytes = demoBytes('tool-round.jsonl');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  await page.addInitScript((names) => { (window as unknown as Record<string, unknown>).__seqscopeFault = names; }, CRASHING.join(','));
  await ready(page);
  await pick(page, 'round.jsonl', Buffer.from(bytes));
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(last));
  await expect(page.locator('.toolbar .file')).toContainText('round.jsonl');
  await expect(page.locator('[role=alert][data-region="Log view"]')).toBeVisible();
  await expect(page.locator('[role=alert][data-region="Inspector"]')).toBeVisible();

  // the hash names the kept session, with a view and a cursor: nothing half-written
  await expect(page).toHaveURL(/session=lib%3A/);
  const h = parseHash(new URL(page.url()).hash);
  expect(h.session).toMatch(/^lib:[^/]+$/);
  expect(h.view).toBe('log');
  expect(h.cursor).toBe(last);
  // kept once, with its verdict, as the one shown
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  await expect(libraryItems(page).first()).toContainText('round.jsonl');
  await expect(libraryItems(page).first()).toContainText('ok');
  await expect(libraryItems(page).first()).toHaveAttribute('aria-current', 'true');

  // the deep link reopens it (its views still crash: the flag is set on every load of the page)
  await page.reload();
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(last));
  await expect(page.locator('.toolbar .file')).toContainText('round.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', String(last));
  await expect(page.locator('[role=alert][data-region="Log view"]')).toBeVisible();

  // and so does the library, from a fresh start; once the fault is gone, Try again shows the Log
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(1);
  await libraryItems(page).first().getByRole('button', { name: 'Open round.jsonl' }).click();
  await expect(page.locator('.toolbar .file')).toContainText('round.jsonl');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(last));
  await page.evaluate(() => { delete (window as unknown as Record<string, unknown>).__seqscopeFault; });
  const alert = page.locator('[role=alert][data-region="Log view"]');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq]').first()).toBeVisible();
  await expect(libraryItems(page)).toHaveCount(1);
});
