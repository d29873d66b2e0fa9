/**
 * Issue 29: no ceiling under 4 GiB. A zstd log of more than 400 MiB of plaintext (past the 384 MiB
 * the viewer refused before) opens, scrubs, searches and exports a fork; a file past 4 GiB is
 * refused in one sentence, before it is read or while its frames are decoded.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openBytes } from '../src/io/open';
import { openExport, slider, status } from './helpers';
import { NEEDLE, largeZstdLog, oversizePlainFile, zstdBombLog } from './large-log';
import { pick, ready } from './library-helpers';

test('a zstd log of more than 400 MiB of plaintext opens, scrubs, searches and exports a fork', async ({ page }) => {
  test.setTimeout(600_000);
  const log = await largeZstdLog();
  expect(log.plain).toBeGreaterThan(400 * 2 ** 20);
  const last = log.events; // the load appends the end-seed marker at seq `events`
  await ready(page, '/?demo=tool-round.jsonl');
  await page.getByLabel('Open file').setInputFiles(log.path);
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(last), { timeout: 300_000 });
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok', { timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-events', String(last + 1));

  // scrub: the slider's keys move the cursor across the whole log, and the Log follows it
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press('End');
  await expect(status(page)).toHaveAttribute('data-cursor', String(last));
  await page.keyboard.press('ArrowLeft');
  await expect(status(page)).toHaveAttribute('data-cursor', String(last - 1));

  // search from the start: the one tool result holding the needle, found in the whole log (later than the cursor: offered), moved to
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  const box = page.getByRole('searchbox', { name: 'Search the whole log' });
  await box.fill(NEEDLE);
  await box.press('Enter');
  await expect(page.getByRole('search')).toContainText('1 / 1', { timeout: 120_000 });
  await expect(status(page)).toContainText(`selected ${log.needleSeq}`);
  await page.getByRole('button', { name: 'Move cursor to hit' }).click();
  await expect(status(page)).toHaveAttribute('data-cursor', String(log.needleSeq));

  // a fork at the cursor: the whole prefix, redacted by default, reloads with DSH's verdict and its seed
  await openExport(page);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.getByRole('button', { name: 'Export fork at cursor' }).click()]);
  const bytes = new Uint8Array(readFileSync(await download.path()));
  const fork = (await openBytes(bytes, { now: 0 })).result;
  expect(fork.verdict).toEqual({ ok: true });
  expect(fork.header!.seedLength).toBe(log.needleSeq + 1);
  expect(new TextDecoder().decode(fork.session!.log.lineBytes(log.needleSeq))).toContain(NEEDLE);
});

test('a plain file past 4 GiB is refused before it is read, in one sentence naming its size and the limit', async ({ page }) => {
  const path = oversizePlainFile();
  await ready(page, '/?demo=tool-round.jsonl');
  const before = await status(page).getAttribute('data-events');
  await page.getByLabel('Open file').setInputFiles(path);
  await expect(page.getByRole('alert').filter({ hasText: 'over-4-gib.jsonl is 4.00 GiB (4,294,967,297 bytes), more than the 4 GiB of log this viewer reads, so it was not opened.' })).toBeVisible();
  // the session shown stays
  await expect(status(page)).toHaveAttribute('data-events', before!);
});

test('a zstd log that expands past 4 GiB is refused where its frame starts, with what came before it kept', async ({ page }) => {
  const bytes = await zstdBombLog();
  expect(bytes.length).toBeLessThan(256 << 10);
  await ready(page, '/?demo=tool-round.jsonl');
  await pick(page, 'bomb.jsonl.zstd', bytes, 'application/zstd');
  await expect(page.getByRole('alert').filter({ hasText: 'The Zstandard file expands to more than 4 GiB, more than this viewer will read.' }).first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Line 2, seq 0' }).first()).toBeVisible();
});
