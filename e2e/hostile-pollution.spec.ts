/**
 * Issue 6, no prototype pollution: `__proto__`, `constructor` and `prototype` keys in the header,
 * in every event's data and nested inside it leave `Object.prototype` untouched, in the page and
 * in the session worker, and show in the inspector as ordinary keys.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import { pollutionLog, POLLUTION_KEYS } from '../src/fuzz/hostile';
import { loadBytes } from '../src/io/load';
import { status } from './helpers';
import { openApp, pickBytes } from './hostile-helpers';

const clean = () => ({
  keys: Object.keys(Object.prototype).length,
  polluted: ({} as Record<string, unknown>).polluted,
  protoOfPlain: Object.getPrototypeOf({}) === Object.prototype,
  toStringOk: typeof ({}).toString === 'function' && typeof ({}).hasOwnProperty === 'function',
});
const CLEAN = { keys: 0, polluted: undefined, protoOfPlain: true, toStringOk: true };

async function expectClean(page: Page) {
  expect(await page.evaluate(clean)).toEqual(CLEAN);
  const workers: Worker[] = page.workers();
  expect(workers.length).toBeGreaterThan(0);
  for (const w of workers) expect(await w.evaluate(clean)).toEqual(CLEAN);
}

test('the pollution log leaves Object.prototype clean and its keys show as ordinary keys', async ({ page }, testInfo) => {
  const bytes = pollutionLog('loadable');
  const r = await loadBytes(bytes, { now: 0 });
  expect(r.verdict.ok).toBe(true);
  await openApp(page);
  await pickBytes(page, testInfo, 'pollution.jsonl', bytes);
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-cursor', String(r.session!.log.length - 1));
  await expectClean(page);

  for (const name of ['Surface', 'Transcript', 'Compare', 'Log']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').locator('[data-seq]').first()).toBeVisible();
  }
  // the first event's data holds the keys two levels deep
  const first = r.session!.log.event(0);
  expect(Object.keys(first.data)).toEqual(expect.arrayContaining([...POLLUTION_KEYS]));
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="0"]').click();
  const tree = page.getByRole('list', { name: /^Event \d+ JSON$/ });
  await expect(tree.getByRole('button', { name: 'Collapse data' })).toBeVisible(); // `data` opens by itself (issue 14)
  for (const k of POLLUTION_KEYS) await expect(tree.getByRole('button', { name: `Expand ${k}` })).toHaveCount(1);
  await tree.getByRole('button', { name: 'Expand __proto__' }).click();
  await expect(tree.getByText('"yes"').first()).toBeVisible();
  await expect(tree.getByText('polluted', { exact: true }).first()).toBeVisible();
  // the nested level holds the keys again: expand them all
  for (const k of POLLUTION_KEYS) await expect(tree.getByRole('button', { name: `Expand ${k}` }).first()).toBeVisible();
  for (let i = 0; i < 6; i++) {
    const more = tree.getByRole('button', { name: /^Expand (__proto__|constructor|prototype)$/ });
    if (await more.count() === 0) break;
    await more.first().click();
  }
  // search and copy walk every event as JSON text
  await page.getByRole('searchbox', { name: 'Search the whole log' }).fill('__proto__');
  await page.getByRole('searchbox', { name: 'Search the whole log' }).press('Enter');
  await expect(page.getByRole('search')).toContainText(/\d+ \/ \d+/);
  await expectClean(page);
});

test('the log with pollution keys on every envelope is refused and pollutes nothing', async ({ page }, testInfo) => {
  const bytes = pollutionLog('everywhere');
  const r = await loadBytes(bytes, { now: 0 });
  expect(r.verdict.ok).toBe(false);
  await openApp(page);
  await pickBytes(page, testInfo, 'pollution-everywhere.jsonl', bytes);
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', r.verdict.ok ? 'ok' : r.verdict.kind);
  await expect(page.getByLabel('Verdict').getByRole('alert')).toContainText(r.verdict.ok ? '' : r.verdict.message.slice(0, 40));
  await expectClean(page);
});
