/** The page at 800×700: notices, the empty Inspector, the overview's header, tab stops, columns. */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, openExport, status, waitLoaded } from './helpers';
import { pick } from './library-helpers';

test.use({ viewport: { width: 800, height: 700 } });

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let last = 0;
test.beforeAll(async () => { last = (await coreLoad(DEMO)).session!.log.length - 1; });

async function open(page: Page) {
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
}

test('the "Kept … in the library" note sits in the status bar, off the scrubber, and closes itself', async ({ page }) => {
  await open(page);
  await pick(page, 'kept.jsonl', readFileSync(DEMO));
  await waitLoaded(page, last);
  const note = page.getByTestId('library-notice');
  await expect(note).toContainText('Kept kept.jsonl in the library');
  await expect(status(page).getByTestId('library-notice')).toBeVisible();
  for (const name of ['Seq']) {
    const slider = (await page.getByRole('slider', { name }).boundingBox())!;
    expect(overlaps((await note.boundingBox())!, slider)).toBe(false);
  }
  const readout = (await page.locator('.scrubber').boundingBox())!;
  expect(overlaps((await note.boundingBox())!, readout)).toBe(false);
  await expect(note).toHaveCount(0, { timeout: 20_000 });
});

test('with nothing selected the Inspector below the views keeps one line; the Log keeps its rows', async ({ page }) => {
  await open(page);
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  expect((await inspector.boundingBox())!.height).toBeLessThan(60);
  const list = (await page.getByRole('listbox', { name: 'Events' }).boundingBox())!;
  expect(list.height / 22).toBeGreaterThanOrEqual(12);
  // a selection opens it again
  await page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${last}"]`).click();
  await expect.poll(async () => (await inspector.boundingBox())!.height).toBeGreaterThan(150);
});

test('the overview header wraps instead of cutting its numbers, which are also its tooltip', async ({ page }) => {
  for (const width of [800, 1400]) {
    await page.setViewportSize({ width, height: 700 });
    await open(page);
    const numbers = page.getByTestId('overview-numbers');
    await expect(numbers).toContainText('tokens in');
    await expect(numbers).toHaveAttribute('title', /compaction/);
    const cut = await numbers.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut, `cut at ${width} px`).toBe(false);
  }
});

test('one tab stop for Open file; the zstd box says it is the export format; Inspector chips are one tab stop per group', async ({ page }) => {
  await open(page);
  await page.locator('header button', { hasText: 'Open file' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).not.toBe('file');
  await expect(page.getByRole('button', { name: 'Open folder' })).toBeFocused();
  // the accessibility tree names each picker once (a file input is a button there)
  for (const name of ['Open file', 'Open folder']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Choose a folder' })).toHaveCount(0);
  await openExport(page);
  await expect(page.getByRole('checkbox', { name: 'export as zstd' })).toBeVisible();
  // the checkpoint at 1304 cites many ranges: Tab enters its group once, the arrows move inside it
  await page.goto('/#session=demo:demo.jsonl&cursor=3000&sel=1304');
  await waitLoaded(page, last);
  const groups = page.getByRole('complementary', { name: 'Inspector' }).getByRole('group');
  await expect(groups.first()).toBeVisible();
  const group = groups.filter({ has: page.getByRole('button').nth(2) }).first();
  const chips = group.getByRole('button');
  expect(await chips.count()).toBeGreaterThan(2);
  await chips.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(chips.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(chips.last()).toBeFocused();
  await page.keyboard.press('Tab');
  const inGroup = await group.evaluate((g) => g.contains(document.activeElement));
  expect(inGroup).toBe(false);
  await expect(chips.nth(1)).toHaveAttribute('tabindex', '-1');
});

test('every toolbar control lies inside the window, none cut at its edge', async ({ page }) => {
  await open(page);
  const controls = page.getByRole('banner').locator('button, input:not([type=file]), select');
  // Open file, Open folder, Library, Tour, Export…, Share…, Theme, ? (the writers' options are in Export…'s panel)
  expect(await controls.count()).toBeGreaterThanOrEqual(8);
  for (const c of await controls.all()) {
    const box = (await c.boundingBox())!;
    expect(box.x + box.width, await c.evaluate((el) => el.outerHTML.slice(0, 80))).toBeLessThanOrEqual(800);
  }
  // the Export… panel opens inside the window too, every control whole
  const panel = await openExport(page);
  const inPanel = panel.locator('button, input, select');
  expect(await inPanel.count()).toBeGreaterThan(5);
  for (const c of await inPanel.all()) await expect(c).toBeInViewport({ ratio: 1 });
});

test('the Log\'s seq column holds a seven-digit seq', async ({ page }) => {
  await open(page);
  await expect(page.locator('.log-view')).toHaveAttribute('style', new RegExp(`--seq-digits: ${String(last).length}`));
  // the column as a 1.3 M-event log sets it, with the cursor row's bold seq
  const fits = await page.locator('.log-view').evaluate((el: HTMLElement) => {
    el.style.setProperty('--seq-digits', '7');
    const row = el.querySelector('.row.cursor') ?? el.querySelector('.row')!;
    const seq = row.querySelector('.seq') as HTMLElement;
    seq.firstChild!.textContent = '1300000';
    return seq.scrollWidth <= seq.clientWidth;
  });
  expect(fits).toBe(true);
});
