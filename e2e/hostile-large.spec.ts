/**
 * Issue 6, no hang: a value nested 100,000 levels deep, a single 50 MB line and a million tiny
 * lines each end in a verdict while the page keeps answering (`evaluate(() => 1)` between frames)
 * and the progress bar moves; the inspector opens the deep value one level per click.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { deepNestingLog, hugeLineLog, millionTinyLines } from '../src/fuzz/hostile';
import { loadBytes } from '../src/io/load';
import { status } from './helpers';
import { openApp, pickBytes, recordProgress, settle } from './hostile-helpers';

/** The slowest ping we accept while loading: a frozen main thread takes seconds. */
const MAX_PING_MS = 1500;

async function loadResponsive(page: Page, testInfo: TestInfo, name: string, bytes: Uint8Array, expectProgress: boolean) {
  const r = await loadBytes(bytes, { now: 0 });
  await openApp(page);
  const progress = await recordProgress(page);
  const t0 = Date.now();
  await pickBytes(page, testInfo, name, bytes);
  const s = await settle(page);
  testInfo.annotations.push({ type: 'load', description: `${name}: ${bytes.length} bytes in ${Date.now() - t0} ms, slowest ping ${s.maxPingMs} ms` });
  expect(s.maxPingMs).toBeLessThan(MAX_PING_MS);
  expect(s.outcome).toBe('verdict');
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', r.verdict.ok ? 'ok' : r.verdict.kind);
  await expect(status(page)).toHaveAttribute('data-cursor', String(r.session!.log.length - 1));
  if (expectProgress) {
    const p = await progress();
    expect(p.max).toBe(bytes.length);
    // the bar showed at least one value strictly between start and end
    expect(p.values.some((v) => v > 0 && v < bytes.length), `progress values ${p.values.join(', ')}`).toBe(true);
  }
  return r;
}

test('a value nested 100,000 levels deep loads, renders every tab, and the inspector opens it level by level', async ({ page }, testInfo) => {
  const r = await loadResponsive(page, testInfo, 'deep.jsonl', deepNestingLog(100_000), false);
  for (const name of ['Surface', 'Transcript', 'Compare', 'Log']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').locator('[data-seq]').first()).toBeVisible();
  }
  const log = r.session!.log;
  let deepSeq = -1;
  for (let s = 0; s < log.length; s++) if (log.event(s).type === 'hook/result') deepSeq = s;
  expect(deepSeq).toBeGreaterThan(0);
  await page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${deepSeq}"]`).click();
  const tree = page.getByRole('list', { name: `Event ${deepSeq} JSON` });
  await expect(tree.getByRole('button', { name: 'Collapse data' })).toBeVisible(); // `data` opens by itself (issue 14)
  await tree.getByRole('button', { name: 'Expand value' }).click();
  for (let level = 1; level <= 30; level++) {
    const t0 = Date.now();
    await tree.getByRole('button', { name: 'Expand 0' }).last().click();
    await expect(tree.getByRole('button', { name: 'Collapse 0' })).toHaveCount(level);
    expect(await page.evaluate(() => 1)).toBe(1);
    expect(Date.now() - t0).toBeLessThan(MAX_PING_MS);
  }
  await expect(tree.getByText('Array(1)').first()).toBeVisible();
  // Copy JSON stringifies the whole 100,000-deep event without recursion
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(page.getByText(/^Copied [\d,]+ characters$/)).toBeVisible();
});

// One record is one JSON.parse, which cannot report progress part-way: the bar goes from 0 to the
// whole file in one step here, so this test checks responsiveness and the verdict, not a moving bar.
test('a single 50 MB line loads and the page stays responsive', async ({ page }, testInfo) => {
  await loadResponsive(page, testInfo, 'huge-line.jsonl', hugeLineLog(), false);
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page.getByText(/more characters; see the inspector/).first()).toBeVisible();
});

test('a million tiny lines load with progress and the page stays responsive', async ({ page }, testInfo) => {
  await loadResponsive(page, testInfo, 'million.jsonl', millionTinyLines(), true);
  const slider = page.getByRole('slider', { name: 'Seq' });
  await expect(slider).toHaveAttribute('aria-valuemax', '1000000');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press('End');
  await expect(status(page)).toHaveAttribute('data-cursor', '1000000');
});
