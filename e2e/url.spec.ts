import { expect, test } from '@playwright/test';
import { coreLoad, status, waitLoaded } from './helpers';

test('opens ?url= and states the crash repairs', async ({ page }) => {
  const r = await coreLoad('public/demo/crash.jsonl');
  const last = r.session!.log.length - 1;
  await page.goto('/?url=demo/crash.jsonl');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.locator('[data-verdict]')).toContainText(`${r.closers.length} crash-repair closers synthesized`);
  await expect(status(page)).toHaveAttribute('data-transcript', String(r.timeline!.countsAt(last).transcript));
  await page.getByRole('slider', { name: 'Seq' }).focus();
  await page.keyboard.press('End');
  const synthRow = page.locator(`[data-seq="${last}"]`);
  await page.getByRole('tab', { name: 'Log' }).focus();
  await page.keyboard.press('k');
  await expect(synthRow).toHaveAttribute('aria-selected', 'true');
  await expect(synthRow).toContainText('synthesized on load');
});

test('opens a zstd log by ?url=', async ({ page }) => {
  const r = await coreLoad('public/demo/demo.jsonl.zstd');
  const last = r.session!.log.length - 1;
  await page.goto('/?url=demo/demo.jsonl.zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-surface', String(r.timeline!.countsAt(last).surface));
});
