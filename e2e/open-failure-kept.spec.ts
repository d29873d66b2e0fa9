/**
 * Issue 23 §6: opening a file that gives no session (not a session log, an unreadable ZIP, a file
 * of a served folder that is gone) over an open session keeps that session exactly as it was
 * (cursor, view, selection, URL hash), and one alert, in the banners, names the file, says why and
 * names the session still shown; it can be dismissed. A refused log that still gives a session
 * replaces the one shown, as before (library-corrupt-import, not-a-log).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { closedToolTurn, headerRecord, jsonl } from '../src/testing/builders';
import { routeSrv, serveFolder } from './folder-server';
import { DEMO, coreLoad, slider, status, waitLoaded } from './helpers';
import { libraryItems, libraryList, pick } from './library-helpers';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const NOISE = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
const BROKEN_ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(200).fill(7)]);

/** The demo at seq 12, event 4 selected, on the Surface; returns the URL it settled on. */
async function demoAt12(page: Page, path = '/'): Promise<string> {
  const last = (await coreLoad(DEMO)).session!.log.length - 1;
  await page.goto(path);
  await waitLoaded(page, last);
  await slider(page).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]').click();
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page).toHaveURL(/view=surface.*cursor=12.*sel=4|sel=4.*cursor=12/);
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  return page.url();
}

/** The demo is shown as it was: named in the toolbar, at seq 12 on the Surface with event 4 selected, the URL unchanged. */
async function demoAsItWas(page: Page, url: string) {
  await expect(status(page)).toHaveAttribute('data-phase', 'ready');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '12');
  await expect(page.locator('.toolbar .file')).toHaveAttribute('title', 'demo.jsonl');
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('feed', { name: 'Surface' }).locator('[data-seq="4"][aria-current="true"]')).toBeAttached();
  expect(page.url()).toBe(url);
}

/** The one alert on the page, in the banners, saying which file, that the demo stays, and why. */
async function saidOnce(page: Page, file: string, why: string) {
  const alert = page.locator('.banners').getByRole('alert');
  await expect(alert).toHaveText(`${file} could not be opened, and demo.jsonl is still shown: ${why}`);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByText(why)).toHaveCount(1);
}

test('a PNG, random bytes and an unreadable ZIP over the demo leave it as it was, each said once, dismissable; nothing is kept', async ({ page }) => {
  const url = await demoAt12(page);
  await pick(page, 'shot.png', PNG);
  await saidOnce(page, 'shot.png', 'This is a PNG image, not a session log.');
  await demoAsItWas(page, url);
  await expect(page.getByLabel('Could not open')).toHaveAttribute('data-verdict', 'corrupt');
  await page.getByRole('button', { name: 'Dismiss: shot.png could not be opened' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await demoAsItWas(page, url);

  // dropped on the window, as a user drags a file in
  const dt = await page.evaluateHandle((bytes) => {
    const d = new DataTransfer();
    d.items.add(new File([new Uint8Array(bytes)], 'noise.bin'));
    return d;
  }, [...NOISE]);
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  await saidOnce(page, 'noise.bin', 'This is binary data, not a session log.');
  await demoAsItWas(page, url);

  await pick(page, 'broken.zip', BROKEN_ZIP);
  await expect(page.locator('.banners').getByRole('alert')).toContainText('broken.zip could not be opened, and demo.jsonl is still shown: The ZIP archive cannot be read');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await demoAsItWas(page, url);
  // the library's note says only that nothing was kept
  await expect(page.getByTestId('library-notice')).toHaveText(/^broken\.zip could not be opened, so it was not added to the library \(the library is unchanged\)\.\s*×?$/);
  await libraryList(page);
  await expect(libraryItems(page)).toHaveCount(0);

  // the demo still answers: the cursor moves, and the next real file replaces it and clears the alert
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveAttribute('data-cursor', '13');
  await pick(page, 'good.jsonl', new TextEncoder().encode(jsonl([headerRecord('good'), ...closedToolTurn(0, 1)])));
  await expect(page.locator('.toolbar .file')).toHaveAttribute('title', 'good.jsonl');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a session of a served folder that cannot be fetched (404) over the demo leaves it as it was, said once', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-open-failure-'));
  const file = path.join(dir, 'exports', 'gone.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, jsonl([headerRecord('gone'), ...closedToolTurn(0, 1)]));
  const server = await serveFolder(dir);
  try {
    await routeSrv(page, () => server.origin);
    const url = await demoAt12(page, '/?folder=/srv/');
    const panel = page.getByRole('complementary', { name: 'Folder' });
    const row = panel.locator('[data-path="exports/gone.jsonl"]');
    await expect(row).toHaveAttribute('data-verdict', 'ok', { timeout: 15_000 });
    rmSync(file);
    await row.click();
    await saidOnce(page, '/srv/exports/gone.jsonl', 'not found (404).');
    await demoAsItWas(page, url);
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
