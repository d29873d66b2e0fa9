/**
 * Issue 13: every file of the conformance corpus (src/testing/corpus.ts) opens in the browser (through the file input, one
 * after another in one page) with a verdict banner whose data-verdict is DSH's verdict. A file refused
 * as a whole (no event read) leaves the session shown before it, and its failure alert carries the verdict.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { corpusFiles } from '../src/fuzz/browser';
import { openBytes } from '../src/io/open';
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
  let shown = 'demo.jsonl';
  for (const f of cases) {
    const before = await settles();
    await page.getByLabel('Open file').setInputFiles(f.path);
    await expect.poll(settles, { timeout: 20_000, intervals: [20] }).toBeGreaterThan(before);
    const failedFile = await page.evaluate(() => (window as unknown as { seqscopeBench: { state(): { openFailure?: { file: string } } } }).seqscopeBench.state().openFailure?.file);
    const failed = page.locator(`.open-failed[data-file=${JSON.stringify(f.name)}]`);
    let verdict: string | null;
    if (failedFile === f.name) {
      // refused as a whole, no event read: the session shown before stays (issue 23 §6), and the
      // failure's alert carries DSH's verdict and the loader's sentence for the file
      await expect(page.locator('.toolbar .file')).toHaveAttribute('title', shown);
      const why = await openBytes(new Uint8Array(readFileSync(f.path)), { fileName: f.name }).then(() => undefined, (e: Error) => e.message);
      expect(why, `${f.name} gave no session in the page but opens in the core`).toBeDefined();
      await expect(failed.getByRole('alert')).toContainText(why!);
      await expect(page.getByRole('alert')).toHaveCount(1);
      verdict = await failed.getAttribute('data-verdict');
    } else {
      // a file read at all names itself in the toolbar
      await expect(status(page)).toHaveAttribute('data-phase', 'ready');
      await expect(page.locator('.toolbar .file')).toHaveAttribute('title', f.name);
      shown = f.name;
      verdict = await page.locator('[data-verdict]').getAttribute('data-verdict');
    }
    if (verdict !== f.expected) wrong.push(`${f.name}: banner ${verdict}, DSH ${f.expected}`);
  }
  expect(wrong).toEqual([]);
  await expect(page.locator('.region-failed')).toHaveCount(0);
  expect(errors).toEqual([]);
});
