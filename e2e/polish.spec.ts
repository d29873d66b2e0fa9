/** Issue 14 §12: the small things a demanding user notices. */
import { expect, test } from '@playwright/test';
import { coreLoad, status, waitLoaded } from './helpers';

test('no request fails on load: the favicon is served', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  expect((await page.request.get(icon!)).status()).toBe(200);
  expect(failed).toEqual([]);
});

test('a healthy log has no "Repairs"; a crashed one links its closers to their rows', async ({ page }) => {
  await page.goto('/?demo=tool-round.jsonl');
  const banner = page.getByLabel('Verdict');
  await expect(banner).toHaveAttribute('data-verdict', 'ok');
  await expect(banner).not.toContainText('Repairs');
  await expect(banner).not.toContainText('end-seed');

  const r = await coreLoad('public/demo/crash.jsonl');
  const last = r.session!.log.length - 1;
  const first = r.closers[0].seq, end = r.closers[r.closers.length - 1].seq;
  await page.goto('/?demo=crash.jsonl');
  await waitLoaded(page, last);
  await page.getByRole('slider', { name: 'Seq' }).focus();
  await page.keyboard.press('Home');
  await banner.getByRole('button', { name: `Go to the crash-repair closers, seq ${first} to ${end}` }).click();
  await expect(page.locator(`[data-seq="${first}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(status(page)).toHaveAttribute('data-cursor', String(first));
});

test('the status line puts its nouns in the right number', async ({ page }) => {
  await page.goto('/?demo=tool-round.jsonl');
  await page.getByRole('slider', { name: 'Seq' }).focus();
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  const text = await status(page).innerText();
  expect(text).toMatch(/^Seq 0 of \d+ · 1 event · /);
  expect(text).not.toMatch(/\b1 (events|messages|surface nodes)\b/);
});

test('the Family filter counts events through the cursor, with the total beside them', async ({ page }) => {
  const r = await coreLoad('public/demo/demo.jsonl');
  const log = r.session!.log;
  const total = log.length;
  const turnStarts = Array.from({ length: total }, (_, i) => log.typeAt(i)).filter((t) => t === 'turn/start').length;
  const firstTurn = Array.from({ length: total }, (_, i) => log.typeAt(i)).indexOf('turn/start');
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, total - 1);
  const slider = page.getByRole('slider', { name: 'Seq' });
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < firstTurn; i++) await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveAttribute('data-cursor', String(firstTurn));
  const select = page.getByRole('combobox', { name: 'Filter by family' });
  await select.focus();
  const fmt = (n: number) => n.toLocaleString('en-US');
  await expect(select.locator('option[value=""]')).toHaveText(`all (${fmt(firstTurn + 1)} of ${fmt(total)})`);
  await expect(select.locator('option[value="type:turn/start"]')).toHaveText(`turn/start (1 of ${fmt(turnStarts)})`);
});

test('the Library says which count is stored and which the viewer adds, with readable dates', async ({ page }) => {
  const { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } = await import('./library-helpers');
  const bytes = demoBytes('crash.jsonl');
  const r = await coreOpen(bytes);
  const length = r.session!.log.length, stored = r.storedEventCount;
  expect(length).toBeGreaterThan(stored);
  await ready(page);
  await pick(page, 'crash.jsonl', Buffer.from(bytes));
  await waitLoaded(page, length - 1);
  await expect(page.locator('.toolbar .file')).toContainText(`${length} events (${stored} stored, ${length - stored} added on load)`);
  await libraryList(page);
  const item = libraryItems(page).filter({ hasText: 'crash.jsonl' });
  await expect(item).toContainText(`${stored} events stored`);
  await expect(item).toContainText(/added \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
  expect(await item.innerText()).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/);
});
