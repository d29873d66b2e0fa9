/** Issue 14, items 1–4 and the Inspector polish: time travel that does not leak. */
import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, shot, slider, status, waitLoaded } from './helpers';

const events = (page: Page) => page.getByRole('listbox', { name: 'Events' });
const inspector = (page: Page) => page.getByRole('complementary', { name: 'Inspector' });

async function openAt(page: Page, last: number, cursor: number, sel?: number, view = 'log') {
  await page.goto(`/#session=demo:demo.jsonl&view=${view}&cursor=${cursor}${sel !== undefined ? `&sel=${sel}` : ''}`);
  await page.reload();
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-cursor', String(cursor));
}

/** The Log's marked cursor row is visible and stands for `cursor` (its row, or the folded run holding it). */
async function expectCursorRow(page: Page, cursor: number) {
  const row = events(page).locator('[aria-current="step"]');
  await expect(row).toHaveCount(1);
  await expect(row).toBeInViewport();
  const seq = await row.getAttribute('data-seq'), run = await row.getAttribute('data-run'), end = await row.getAttribute('data-run-end');
  if (run !== null) expect(cursor >= Number(run) && cursor <= Number(end)).toBe(true);
  else expect(Number(seq)).toBe(cursor);
}

test('the Log follows the cursor, marks its row and dims later rows; Follow cursor turns it off; the views follow too', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const s = slider(page);
  await s.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 9; i++) await page.keyboard.press('PageUp');
  const c = 9 * Math.round(last / 20);
  await expect(status(page)).toHaveAttribute('data-cursor', String(c));
  await expectCursorRow(page, c);
  // later rows are listed, dimmed and labelled
  const after = events(page).locator('.row.future').first();
  await expect(after).toBeVisible();
  await expect(after).toContainText('after the cursor');
  // a click at 90% of the track: the Log follows
  const box = (await s.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect.poll(async () => Number(await status(page).getAttribute('data-cursor'))).toBeGreaterThan(2500);
  const c2 = Number(await status(page).getAttribute('data-cursor'));
  await expectCursorRow(page, c2);
  await shot(page, 'follow-cursor');
  // Follow cursor off: moving the cursor leaves the Log where it is
  await page.getByRole('checkbox', { name: 'Follow cursor' }).uncheck();
  await s.focus();
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  await expect(events(page).locator('[data-seq="0"]')).not.toBeInViewport();
  await page.getByRole('checkbox', { name: 'Follow cursor' }).check();
  await expect(events(page).locator('[data-seq="0"]')).toBeInViewport();
  // the Transcript and Surface keep the cursor's item in view as it moves
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await s.focus();
  await page.keyboard.press('End');
  const lastEntry = r.timeline!.transcriptEntriesAt(last).at(-1)!.seq;
  await expect(page.getByRole('feed', { name: 'Transcript' }).locator(`[data-seq="${lastEntry}"]`)).toBeInViewport();
  await page.getByRole('tab', { name: 'Surface' }).click();
  await s.focus();
  await page.keyboard.press('ArrowLeft');
  const surf = r.timeline!.surfaceAt(last - 1);
  await expect(page.getByRole('feed', { name: 'Surface' }).locator(`[data-seq="${Math.max(...surf)}"]`)).toBeInViewport();
});

test('the Inspector lists facts after the cursor apart, with their seq', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  expect(r.lineage!.replacerOf(1304)).toBe(2212);
  await openAt(page, last, 1500, 1304);
  const now = inspector(page).getByRole('region', { name: 'Lineage' });
  const later = inspector(page).getByRole('region', { name: 'After the cursor' });
  await expect(later).toContainText('Replaced by');
  await expect(later.getByRole('button', { name: 'Replaced by seq 2212' })).toBeVisible();
  await expect(now).not.toContainText('Replaced by');
  await expect(now).toContainText('Replaced');
  // at the end of the log the replacement has happened
  await openAt(page, last, last, 1304);
  await expect(inspector(page).getByRole('region', { name: 'Lineage' })).toContainText('Replaced by');
  await expect(inspector(page).getByRole('region', { name: 'After the cursor' })).toHaveCount(0);
});

test('lineage: a folded run of sources is highlighted, sources show as one range, a summary marks what it shadows', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const sources = r.lineage!.sources(121);
  expect([sources[0], sources.at(-1), sources.length]).toEqual([8, 120, 113]);
  await openAt(page, last, last, 121);
  await expect(events(page).locator('[data-run="8"]')).toHaveAttribute('data-lineage', 'source');
  await expect(inspector(page).getByRole('button', { name: 'Cites seq 8–120' })).toBeVisible();
  await expect(inspector(page).getByRole('region', { name: 'Lineage' }).getByRole('button', { name: /^Cites seq/ })).toHaveCount(1);
  // the summary 1303 is carried by checkpoint 1304, which shadowed 29 seqs (4 among them)
  expect(r.timeline!.summaryOf(1304)).toBe(1303);
  await openAt(page, last, last, 1303);
  await events(page).evaluate((el) => { el.scrollTop = 0; });
  await expect(events(page).locator('[data-seq="4"]')).toHaveAttribute('data-lineage', 'replaced');
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const tr = page.getByRole('feed', { name: 'Transcript' });
  await expect(tr.locator('[data-seq="1304"]')).toBeInViewport();
  await expect(tr.locator('[data-seq="1304"]')).toHaveAttribute('data-lineage', 'dependent');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('feed', { name: 'Compare' }).locator('[data-seq="4"]')).toHaveAttribute('data-lineage', 'replaced');
  // before its checkpoint, the summary shadows nothing yet
  await openAt(page, last, 1303, 1303);
  await events(page).evaluate((el) => { el.scrollTop = 0; });
  await expect(events(page).locator('[data-seq="4"]')).toBeVisible();
  await expect(events(page).locator('[data-seq="4"]')).not.toHaveAttribute('data-lineage', 'replaced');
  await expect(inspector(page).getByRole('region', { name: 'After the cursor' })).toContainText('Shadows (through its checkpoint) (at seq 1304)');
});

test('the Surface says why the selection is not on it', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const note = page.getByRole('note', { name: 'Selection not on the Surface' });
  await openAt(page, last, last, 4, 'surface');
  await expect(note).toContainText('shadowed at seq 1304');
  await openAt(page, last, 100, 200, 'surface');
  await expect(note).toContainText('after the cursor');
  await openAt(page, last, last, 10, 'surface');
  expect(r.session!.log.typeAt(10)).toBe('assistant/chunk');
  await expect(note).toContainText('log-only');
  await shot(page, 'surface-absence');
  // on the Surface: no note
  const on = r.timeline!.surfaceAt(last).at(-1)!;
  await openAt(page, last, last, on, 'surface');
  await expect(inspector(page).getByRole('region', { name: 'Lineage' })).toBeVisible();
  await expect(note).toHaveCount(0);
});

test('rows synthesized on load say so instead of a time delta', async ({ page }) => {
  const r = await coreLoad('public/demo/crash.jsonl');
  const log = r.session!.log;
  const synth = Array.from({ length: log.length }, (_, i) => i).filter((i) => log.isSynthesized(i));
  expect(synth.length).toBeGreaterThan(1);
  await page.goto('/?demo=crash.jsonl');
  await waitLoaded(page, log.length - 1);
  await slider(page).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  for (const s of synth) {
    const time = events(page).locator(`[data-seq="${s}"] .time`);
    await expect(time).toHaveText('appended on load');
  }
  await expect(events(page).locator(`[data-seq="${synth[0] - 1}"] .time`)).toHaveText(/^\+/);
  await events(page).locator(`[data-seq="${synth.at(-1)}"]`).click();
  await expect(inspector(page).getByRole('list', { name: /^Event \d+ JSON$/ })).toContainText('appended on load');
});

test('the Inspector opens data, writes times as dates from the session start; replacements list sorted ranges', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const e = r.session!.log.event(4);
  await openAt(page, last, last, 4);
  const tree = inspector(page).getByRole('list', { name: /^Event \d+ JSON$/ });
  await expect(tree.getByRole('button', { name: 'Collapse data' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree).toContainText(new Date(e.time).toISOString().replace('T', ' ').replace('Z', ' UTC'));
  await expect(tree).toContainText(`+0:00.${String(e.time - r.session!.log.timeAt(0)).padStart(3, '0')} from session start`);
  const rep = [...r.lineage!.shadowedBy(2212)].sort((a, b) => a - b);
  await page.getByRole('tab', { name: 'Surface' }).click();
  const badge = page.getByRole('feed', { name: 'Surface' }).locator('[data-seq="2212"] .badge.warn');
  await expect(badge).toContainText(`replaces seq ${rep[0]}, `);
  await expect(badge).toContainText(`(${rep.length} nodes)`);
});
