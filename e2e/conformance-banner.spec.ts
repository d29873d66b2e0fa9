/**
 * Issue 13: every file of the conformance corpus (src/testing/corpus.ts) opens in the browser (through the file input, one
 * after another in one page) with a verdict banner whose data-verdict is DSH's verdict.
 */
import { expect, test } from '@playwright/test';
import { corpusFiles } from '../src/fuzz/browser';
import { status } from './helpers';

test('every conformance file opens with the banner DSH\'s verdict calls for', async ({ page }) => {
  test.setTimeout(600_000);
  const cases = corpusFiles().filter((f) => f.expected !== undefined);
  expect(cases.length).toBeGreaterThan(100);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // ?bench counts settled loads, so that each file's banner is told from the one before
  await page.goto('/?bench');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const settles = () => page.evaluate(() => (window as unknown as { seqscopeBench: { settles(): number } }).seqscopeBench.settles());
  const wrong: string[] = [];
  for (const f of cases) {
    const before = await settles();
    await page.getByLabel('Open file').setInputFiles(f.path);
    await expect.poll(settles, { timeout: 20_000, intervals: [20] }).toBeGreaterThan(before);
    // a file read at all names itself in the toolbar; one refused as a whole has no summary
    const phase = await status(page).getAttribute('data-phase');
    if (phase === 'ready') await expect(page.locator('.toolbar .file')).toHaveAttribute('title', f.name);
    const verdict = await page.locator('[data-verdict]').getAttribute('data-verdict');
    if (verdict !== f.expected) wrong.push(`${f.name}: banner ${verdict}, DSH ${f.expected}`);
  }
  expect(wrong).toEqual([]);
  await expect(page.locator('.region-failed')).toHaveCount(0);
  expect(errors).toEqual([]);
});
