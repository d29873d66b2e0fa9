/**
 * Issue 29: a session too large to copy into IndexedDB is kept by reference, never half-written:
 * with the file's handle (the File System Access picker) it is read again when opened from the
 * library, even after a reload; without one it is listed as "not kept: reopen the file". The
 * browser is made to say it has no room (navigator.storage.estimate), so a small log stands in for
 * a large one; the picker is made to answer with a handle of a file in the origin's private file
 * system, a real FileSystemFileHandle.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

const noRoom = async (page: Page) => page.addInitScript(() => {
  Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ quota: 1000, usage: 900 }) });
});

test('with no handle, a file too large to copy is listed as not kept, and opening it says to reopen the file', async ({ page }) => {
  await noRoom(page);
  const bytes = demoBytes('tool-round.jsonl');
  const last = (await coreOpen(bytes)).session!.log.length - 1;
  await ready(page);
  await pick(page, 'roomy.jsonl', bytes);
  await waitLoaded(page, last);
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Listed roomy.jsonl in the library, not kept' }).first()).toBeVisible();
  await libraryList(page);
  const item = libraryItems(page).filter({ hasText: 'roomy.jsonl' });
  await expect(item).toContainText('not kept: reopen the file');
  // nothing of it is stored
  await expect(page.getByTestId('library-usage')).toContainText('1 session');
  expect(await page.evaluate(() => new Promise<number>((resolve) => {
    const r = indexedDB.open('seqscope-library');
    r.onsuccess = () => { const c = r.result.transaction('bytes').objectStore('bytes').count(); c.onsuccess = () => resolve(c.result); };
  }))).toBe(0);
  await item.getByRole('button', { name: 'Open roomy.jsonl' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'roomy.jsonl is listed but not kept' }).first()).toBeVisible();
});

test('with the picker\'s handle, a file too large to copy is kept by reference and read again after a reload', async ({ page }) => {
  await noRoom(page);
  const bytes = demoBytes('tool-round.jsonl');
  const last = (await coreOpen(bytes)).session!.log.length - 1;
  await ready(page);
  // a real file handle, in the origin's private file system, is what the picker answers
  await page.evaluate(async (text) => {
    const root = await navigator.storage.getDirectory();
    const h = await root.getFileHandle('referenced.jsonl', { create: true });
    const w = await h.createWritable();
    await w.write(text);
    await w.close();
    (window as unknown as { showOpenFilePicker: () => Promise<FileSystemFileHandle[]> }).showOpenFilePicker = async () => [h];
  }, new TextDecoder().decode(bytes));
  await page.getByRole('button', { name: 'Open file', exact: true }).click();
  await waitLoaded(page, last);
  await libraryList(page);
  const item = libraryItems(page).filter({ hasText: 'referenced.jsonl' });
  await expect(item).toContainText('by reference');
  await page.reload();
  await expect(page.getByRole('status')).toHaveAttribute('data-cursor', /\d+/);
  await libraryList(page);
  await libraryItems(page).filter({ hasText: 'referenced.jsonl' }).getByRole('button', { name: 'Open referenced.jsonl' }).click();
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(page.locator('header .file')).toContainText('referenced.jsonl');
});
