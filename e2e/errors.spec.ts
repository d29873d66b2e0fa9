/** Failed tool calls are marked in every view and on the scrubber, listed, stepped through, filtered and searched for. */
import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, shot, status, waitLoaded } from './helpers';
import { failedToolCalls } from '../src/core/tool-errors';
import { SessionQueries } from '../src/worker/queries';
import { searchAll } from '../src/worker/session-search';

const events = (page: Page) => page.getByRole('listbox', { name: 'Events' });
const overview = (page: Page) => page.getByRole('region', { name: 'Overview' });

async function demoErrors() {
  const r = await coreLoad(DEMO);
  const failed = failedToolCalls(new SessionQueries(r).overview());
  expect(failed.length).toBeGreaterThanOrEqual(2);
  return { last: r.session!.log.length - 1, failed, q: new SessionQueries(r) };
}

test('the overview lists the failed tool calls; each jumps to its seq; e/E and the buttons step through them; every view marks them', async ({ page }) => {
  const { last, failed } = await demoErrors();
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
  const count = overview(page).getByRole('button', { name: `${failed.length} errors` });
  await count.click();
  const list = page.getByRole('list', { name: 'Failed tool calls' });
  await expect(list.getByRole('listitem')).toHaveCount(failed.length);
  await expect(list.getByRole('listitem').first()).toContainText(failed[0].tool);
  await list.getByRole('button').first().click();
  await expect(list).toHaveCount(0);
  await expect(status(page)).toHaveAttribute('data-cursor', String(failed[0].result));
  // the Log: the failed result coloured with an ERROR badge, its call marked failed
  const row = events(page).locator(`[data-seq="${failed[0].result}"]`);
  await expect(row).toHaveClass(/tool-error/);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toContainText('ERROR');
  await expect(events(page).locator(`[data-seq="${failed[0].call}"]`)).toContainText('failed');
  await expect(events(page).locator(`[data-seq="${failed[0].call - 1}"]`)).not.toHaveClass(/tool-error/);
  await expect(overview(page).getByRole('button', { name: 'Previous error' })).toBeDisabled();
  // keys and buttons
  await page.locator('body').press('e');
  await expect(status(page)).toHaveAttribute('data-cursor', String(failed[1].result));
  await page.locator('body').press('Shift+E');
  await expect(status(page)).toHaveAttribute('data-cursor', String(failed[0].result));
  await overview(page).getByRole('button', { name: 'Next error' }).click();
  await expect(status(page)).toHaveAttribute('data-cursor', String(failed[1].result));
  await shot(page, 'errors-log');
  // the Transcript and the Surface
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const entry = page.getByRole('feed', { name: 'Transcript' }).locator(`[data-seq="${failed[1].result}"]`);
  await expect(entry).toHaveClass(/tool-error/);
  await expect(entry.locator('.badge.error-label')).toHaveText('ERROR');
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page.getByRole('feed', { name: 'Surface' }).locator(`[data-seq="${failed[1].result}"]`)).toHaveClass(/tool-error/);
  // the scrubber: a tick in the error colour above each failed result, none elsewhere
  const px = await page.locator('.scrubber canvas').evaluate((c: HTMLCanvasElement, a) => {
    const g = c.getContext('2d')!, dpr = window.devicePixelRatio || 1, w = c.clientWidth;
    const at = (seq: number) => Array.from(g.getImageData(Math.round(((seq / a.last) * (w - 1) + 0.5) * dpr), Math.round(4 * dpr), 1, 1).data);
    return { err: at(a.seq), plain: at(5) };
  }, { seq: failed[0].result, last });
  const red = (p: number[]) => p[0] > 150 && p[0] > p[1] + 60;
  expect(red(px.err)).toBe(true);
  expect(red(px.plain)).toBe(false);
});

test('the errors-only filter lists the failed calls and their results', async ({ page }) => {
  const { last, failed } = await demoErrors();
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
  await page.getByRole('combobox', { name: 'Filter by family' }).selectOption({ label: `errors only (${failed.length} failed tool calls)` });
  await expect(events(page).getByRole('option')).toHaveCount(failed.length * 2);
  const seqs = await events(page).getByRole('option').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  expect(seqs).toEqual(failed.flatMap((f) => [f.call, f.result]));
});

test('search takes /regex/ and field filters, says what it accepts, names a bad regex, and its counter clears with the box', async ({ page }) => {
  const { last, failed, q } = await demoErrors();
  await page.goto('/?demo=demo.jsonl');
  await waitLoaded(page, last);
  const box = page.getByRole('searchbox', { name: 'Search the whole log' });
  await expect(box).toHaveAttribute('placeholder', /\/regex\/.*type:.*tool:.*is:error/);
  await expect(box).toHaveAccessibleDescription(/RE2 syntax/);
  const counter = page.locator('form[role=search] [aria-live=polite]');
  await box.fill('is:error');
  await box.press('Enter');
  await expect(counter).toHaveText(`1 / ${failed.length}`);
  await expect(events(page).locator(`[data-seq="${failed[0].result}"]`)).toHaveAttribute('aria-selected', 'true');
  const tool = failed[0].tool;
  await box.fill(`tool:${tool} type:tool/result`);
  await box.press('Enter');
  await expect(counter).toHaveText(new RegExp(` / ${searchAll(q, `tool:${tool} type:tool/result`).length}$`));
  // a pattern a backtracking engine would stall on answers like any other
  await box.fill('/(a+)+$/');
  await box.press('Enter');
  await expect(counter).toHaveText(/^(no matches|\d+ \/ [\d,]+)$/);
  await box.fill('/(unclosed/');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'is not a regular expression' })).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'search-bad-regex');
  await box.fill('is:error');
  await box.press('Enter');
  await expect(counter).toHaveText(`1 / ${failed.length}`);
  await box.fill('');
  await expect(counter).toHaveText('');
  await expect(page.getByRole('alert').filter({ hasText: 'is not a regular expression' })).toHaveCount(0);
});
