import { expect, test } from '@playwright/test';
import { status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('kept forks form a tree; a child opens at its fork point and compares with its parent', async ({ page }) => {
  const parent = demoBytes('fork-parent.jsonl');
  const child = demoBytes('fork-child.jsonl');
  const p = await coreOpen(parent);
  const c = await coreOpen(child);
  const seedLength = c.header!.seedLength!;
  await ready(page);
  await pick(page, 'child.jsonl', Buffer.from(child));
  await waitLoaded(page, c.session!.log.length - 1);
  await pick(page, 'parent.jsonl', Buffer.from(parent));
  await waitLoaded(page, p.session!.log.length - 1);
  await libraryList(page);
  await page.getByRole('combobox', { name: 'Sort library' }).selectOption('lineage');
  await expect(libraryItems(page).nth(0)).toContainText('parent.jsonl');
  await expect(libraryItems(page).nth(1)).toContainText('child.jsonl');
  await expect(libraryItems(page).nth(1)).toContainText(`fork of ${p.header!.id} at seq ${seedLength - 1}`);

  await libraryItems(page).nth(1).getByRole('button', { name: 'Open child.jsonl' }).click();
  await waitLoaded(page, c.session!.log.length - 1);
  await expect(status(page)).toHaveAttribute('data-cursor', String(seedLength - 1));
  await page.getByRole('button', { name: 'Compare with parent from the divergence point' }).click();
  const childRows = page.getByRole('list', { name: 'This session after the fork' }).getByRole('listitem');
  await expect(childRows.first()).toHaveAttribute('data-seq', String(seedLength));
  const parentRows = page.getByRole('list', { name: 'Parent after the fork' }).getByRole('listitem');
  await expect(parentRows).toHaveCount(Math.max(1, Math.min(300, p.session!.log.length - seedLength)));
});
