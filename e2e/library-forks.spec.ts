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

  // issue 14 §11: side by side in the main area, aligned from the divergence point, with the counts after it
  const pane = page.getByRole('main', { name: /Fork comparison from the divergence point, seq \d+/ });
  await expect(pane).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sessions' })).toHaveCount(0);
  const parentAfter = p.session!.log.length - seedLength, childAfter = c.session!.log.length - seedLength;
  await expect(pane.getByRole('heading', { name: /^Parent after the fork/ })).toContainText(`(${parentAfter} event${parentAfter === 1 ? '' : 's'} after the fork`);
  await expect(pane.getByRole('heading', { name: /^This session after the fork/ })).toContainText(`(${childAfter} events after the fork, seq ${seedLength}–${c.session!.log.length - 1}`);
  const [pb, cb] = [await parentRows.first().boundingBox(), await childRows.first().boundingBox()];
  expect(Math.abs(pb!.y - cb!.y)).toBeLessThan(1);
  expect(cb!.x).toBeGreaterThan(pb!.x + pb!.width - 1);
  await page.screenshot({ path: 'test-results/screens/fork-compare.png' });
  await pane.getByRole('button', { name: 'Close comparison' }).click();
  await expect(page.getByRole('tablist', { name: 'Views' })).toBeVisible();
});
