import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitLoaded } from './helpers';
import { coreOpen, libraryItems, libraryList, pick, ready } from './library-helpers';

test('a DSH snapshot-test fixture opens in fixture mode, clearly labelled, and is kept as such', async ({ page }) => {
  const bytes = new Uint8Array(readFileSync('../shared/fixtures/dsh-test-logs/apps-web--cordis-tool-round--session.jsonl'));
  const r = await coreOpen(bytes);
  expect((r as { mode?: string }).mode).toBe('fixture');
  await ready(page);
  await pick(page, 'fixture.jsonl', Buffer.from(bytes));
  await waitLoaded(page, r.session!.log.length - 1);
  await expect(page.getByTestId('fixture-mode')).toContainText('Fixture mode');
  await libraryList(page);
  await expect(libraryItems(page).first()).toContainText('fixture mode · DSH: refused');
});
