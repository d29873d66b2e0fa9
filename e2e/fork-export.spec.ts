import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatEventRecord } from '../src/io/export';
import { coreLoad, DEMO, openExport, slider, status, waitLoaded } from './helpers';
import { coreOpen, pick } from './library-helpers';

async function exportAt(page: Page, zstd: boolean, redact = false) {
  await openExport(page);
  const box = page.getByRole('checkbox', { name: 'zstd' });
  if (zstd) await box.check(); else await box.uncheck();
  const red = page.getByRole('checkbox', { name: 'Redact credentials' });
  if (redact) await red.check(); else await red.uncheck();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export fork at cursor' }).click()]);
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(await download.path())) };
}

for (const zstd of [false, true]) {
  test(`a fork exported at the cursor (${zstd ? 'zstd' : 'plain'}) reopens with verdict ok and the same events through the cursor`, async ({ page }) => {
    const r = await coreLoad(DEMO);
    const log = r.session!.log;
    // The end of the second turn: a boundary DSH itself would fork at.
    const ends: number[] = [];
    for (let s = 0; s < log.length; s++) if (log.typeAt(s) === 'turn/end') ends.push(s);
    const cursor = ends[1];
    await page.goto(`/#session=demo%3Ademo.jsonl&cursor=${cursor}`);
    await waitLoaded(page, log.length - 1);
    await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));

    const file = await exportAt(page, zstd);
    expect(file.name).toBe(`${r.header!.id}-fork-${cursor}.jsonl${zstd ? '.zstd' : ''}`);
    const x = await coreOpen(file.bytes);
    expect(x.verdict).toEqual({ ok: true });
    expect(x.header!.parentSession).toBe(r.header!.id);
    expect(x.header!.seedLength).toBe(cursor + 1);
    for (let s = 0; s <= cursor; s++) expect(formatEventRecord(x.session!.log.event(s))).toEqual(formatEventRecord(log.event(s)));

    await pick(page, file.name, Buffer.from(file.bytes));
    const last = x.session!.log.length - 1;
    await waitLoaded(page, last);
    await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
    // A fork opened from the picker shows its end; step back to the cursor and compare the views.
    await slider(page).focus();
    await page.keyboard.press('End');
    for (let s = last; s > cursor; s--) await page.keyboard.press('ArrowLeft');
    const c = r.timeline!.countsAt(cursor);
    await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
    await expect(status(page)).toHaveAttribute('data-events', String(c.events));
    await expect(status(page)).toHaveAttribute('data-surface', String(c.surface));
    await expect(status(page)).toHaveAttribute('data-transcript', String(c.transcript));
    const rows = page.getByRole('listbox', { name: 'Events' });
    // the Log followed the cursor down; the first rows are at the top
    await rows.evaluate((el) => { el.scrollTop = 0; });
    for (let s = 0; s < 5; s++) await expect(rows.locator(`[data-seq="${s}"]`).first()).toContainText(log.typeAt(s));
  });
}

test('a fork exported with "Redact credentials" (on by default) holds no home user name and reopens ok with the same events', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const log = r.session!.log;
  const cursor = log.length - 1;
  await page.goto(`/#session=demo%3Ademo.jsonl&cursor=${cursor}`);
  await waitLoaded(page, cursor);
  await openExport(page);
  await expect(page.getByRole('checkbox', { name: 'Redact credentials' })).toBeChecked();
  const file = await exportAt(page, false, true);
  const text = new TextDecoder().decode(file.bytes);
  expect(readFileSync(DEMO, 'utf8')).toContain('/home/dev/');
  expect(text).not.toContain('/home/dev/');
  const x = await coreOpen(file.bytes);
  expect(x.verdict).toEqual({ ok: true });
  expect(x.header!.cwd).toBe('/home/user/quayside');
  for (let s = 0; s <= cursor; s++) expect(x.session!.log.typeAt(s)).toBe(log.typeAt(s));
  await expect(page.getByText(/credentials? redacted/)).toBeVisible();
});
