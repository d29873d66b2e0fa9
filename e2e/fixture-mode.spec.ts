import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shot, waitLoaded, scrollLogToTop } from './helpers';
import { coreOpen, libraryItems, libraryList, pick, ready } from './library-helpers';

test('a DSH snapshot-test fixture opens in fixture mode, clearly labelled, and is kept as such', async ({ page }) => {
  const bytes = new Uint8Array(readFileSync('testdata/fixtures/dsh-test-logs/apps-web--cordis-tool-round--session.jsonl'));
  const r = await coreOpen(bytes);
  expect((r as { mode?: string }).mode).toBe('fixture');
  await ready(page);
  await pick(page, 'fixture.jsonl', Buffer.from(bytes));
  await waitLoaded(page, r.session!.log.length - 1);
  await expect(page.getByTestId('fixture-mode')).toContainText('Fixture mode');
  await libraryList(page);
  await expect(libraryItems(page).first()).toContainText('fixture mode · DSH: refused');
});

test('fixture mode says what it is in one banner, with no red refusal, and marks implied seqs and times (issue 14 §7)', async ({ page }) => {
  const bytes = new Uint8Array(readFileSync('testdata/fixtures/dsh-test-logs/apps-web--cordis-tool-round--session.jsonl'));
  const r = await coreOpen(bytes);
  await ready(page);
  await pick(page, 'fixture.jsonl', Buffer.from(bytes));
  await waitLoaded(page, r.session!.log.length - 1);
  const banner = page.getByLabel('Verdict');
  await expect(banner).toHaveAttribute('data-verdict', 'fixture');
  await expect(banner).toContainText('This is a DSH snapshot-test fixture');
  // where and why its records stopped making sense (a sourceEventSeqs citing its own seq), line and seq
  const stop = (r as { fixtureFailure?: { message: string; line: number; seq: number } }).fixtureFailure!;
  expect(stop).toMatchObject({ line: 13, seq: 11 });
  await expect(banner.getByTestId('fixture-stop')).toHaveText(`Fixture mode stopped reading: ${stop.message}`);
  await expect(banner.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('fixture-mode')).toHaveText('Fixture mode');
  await scrollLogToTop(page);
  const row = page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="1"]');
  await expect(row.locator('.seq')).toHaveAttribute('title', /implied/);
  await expect(row.locator('.seq')).toContainText('(implied)');
  await expect(row.locator('.time')).toHaveAttribute('title', /implied/);
  await expect(row.locator('.time')).toHaveCSS('font-style', 'italic');
  await expect(page.getByRole('listbox', { name: 'Events' }).getByText(/after refusal|refused here/)).toHaveCount(0);
  // the Log marks where fixture mode stopped and what comes after, each badge saying why (issue 23 §7)
  const events = page.getByRole('listbox', { name: 'Events' });
  const here = events.locator(`[data-seq="${stop.seq}"]`).getByText('fixture mode stopped here');
  await expect(here).toHaveAttribute('title', `Fixture mode stopped reading: ${stop.message}`);
  await expect(events.getByText('fixture mode stopped here')).toHaveCount(1);
  await expect(events.locator(`[data-seq="${stop.seq + 1}"]`).getByText('after the fixture stop')).toBeVisible();
  for (const seq of [0, 1]) await expect(events.locator(`[data-seq="${seq}"]`).getByText(/fixture (mode stopped|stop)/)).toHaveCount(0);
  await shot(page, 'fixture-mode');
});
