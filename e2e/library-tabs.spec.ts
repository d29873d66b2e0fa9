import { expect, test } from '@playwright/test';
import { waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';

test('two tabs see each other’s library changes', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await ready(a);
  await ready(b);
  await libraryList(a);
  await expect(libraryItems(a)).toHaveCount(0);
  const bytes = demoBytes('tool-round.jsonl');
  const r = await coreOpen(bytes);
  await pick(b, 'from-b.jsonl', Buffer.from(bytes));
  await waitLoaded(b, r.session!.log.length - 1);
  await expect(libraryItems(a)).toHaveCount(1);
  await expect(libraryItems(a).first()).toContainText('from-b.jsonl');
  await libraryItems(a).first().getByRole('button', { name: 'Delete from-b.jsonl' }).click();
  await libraryItems(a).first().getByRole('button', { name: 'Confirm delete from-b.jsonl' }).click();
  await libraryList(b);
  await expect(libraryItems(b)).toHaveCount(0);
});
