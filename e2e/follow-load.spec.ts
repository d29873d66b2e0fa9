/** With Follow cursor on, the Log shows the cursor's row once a session opens, however it was opened. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, status, waitLoaded } from './helpers';
import { libraryItems, libraryList, pick, ready } from './library-helpers';

const events = (page: Page) => page.getByRole('listbox', { name: 'Events' });

/** The Log's marked cursor row is in view and stands for `cursor` (its row, or the folded run holding it). */
async function expectCursorRowShown(page: Page, cursor: number) {
  await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
  const row = events(page).locator('[aria-current="step"]');
  await expect(row).toHaveCount(1);
  await expect(row).toBeInViewport();
  const seq = await row.getAttribute('data-seq'), run = await row.getAttribute('data-run'), end = await row.getAttribute('data-run-end');
  if (run !== null) expect(cursor >= Number(run) && cursor <= Number(end)).toBe(true);
  else expect(Number(seq)).toBe(cursor);
  await expect(events(page).locator('[data-seq="0"]')).not.toBeInViewport();
}

let last = 0;
test.beforeAll(async () => { last = (await coreLoad(DEMO)).session!.log.length - 1; });

test('a deep link with a cursor, and a reload, show the cursor row in the Log', async ({ page }) => {
  const c = last - 400;
  await page.goto(`/#session=demo:demo.jsonl&view=log&cursor=${c}`);
  await waitLoaded(page, last);
  await expectCursorRowShown(page, c);
  await page.reload();
  await waitLoaded(page, last);
  await expectCursorRowShown(page, c);
  // the default start (no cursor in the link) stands at the end
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
  await expectCursorRowShown(page, last);
});

test('a file picked with Open file, dropped, or opened by URL shows the cursor row', async ({ page }) => {
  await ready(page, '/?demo=tool-round.jsonl');
  await pick(page, 'picked.jsonl', readFileSync(DEMO));
  await waitLoaded(page, last);
  await expectCursorRowShown(page, last);

  await ready(page, '/?demo=tool-round.jsonl');
  const dt = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'dropped.jsonl'));
    return d;
  }, readFileSync(DEMO, 'utf8'));
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid=dropzone]', type, { dataTransfer: dt });
  await waitLoaded(page, last);
  await expectCursorRowShown(page, last);

  await page.goto('/?url=/demo/demo.jsonl');
  await waitLoaded(page, last);
  await expectCursorRowShown(page, last);
});

test('a session opened from the library or from a folder shows the cursor row', async ({ page }) => {
  await ready(page, '/?demo=tool-round.jsonl');
  await pick(page, 'kept.jsonl', readFileSync(DEMO));
  await waitLoaded(page, last);
  // kept in the library (written after the load) before the page is left
  await expect(page.getByRole('button', { name: 'Library (1)' })).toBeVisible();
  await page.goto('/?demo=tool-round.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await libraryList(page);
  await libraryItems(page).first().getByRole('button', { name: 'Open kept.jsonl' }).click();
  await waitLoaded(page, last);
  await expectCursorRowShown(page, last);

  const dir = mkdtempSync(path.join(tmpdir(), 'seqscope-follow-'));
  try {
    const home = path.join(dir, 'dsh');
    mkdirSync(path.join(home, 'sessions/p/s-demo'), { recursive: true });
    writeFileSync(path.join(home, 'sessions/p/s-demo/session.jsonl'), readFileSync(DEMO));
    await ready(page, '/?demo=tool-round.jsonl');
    await page.getByLabel('Choose a folder').setInputFiles(home);
    const panel = page.getByRole('complementary', { name: 'Folder' });
    const option = panel.getByRole('option').first();
    await expect(option).toHaveAttribute('data-verdict', 'ok', { timeout: 15_000 });
    await option.click();
    await waitLoaded(page, last);
    await expectCursorRowShown(page, last);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
