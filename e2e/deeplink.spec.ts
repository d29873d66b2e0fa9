import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, slider, status, waitLoaded } from './helpers';

/** The demo session loaded, the scrubber focused and its cursor at seq 0. */
async function demoAtStart(page: Page): Promise<void> {
  const last = (await coreLoad(DEMO)).session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  await slider(page).focus();
  await page.keyboard.press('Home');
}

test('the deep link survives reload, and back restores the previous view', async ({ page }) => {
  await demoAtStart(page);
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]').click();
  await page.getByRole('tab', { name: 'Surface' }).click();
  await expect(page).toHaveURL(/view=surface/);
  await expect(page).toHaveURL(/cursor=12/);
  await expect(page).toHaveURL(/sel=4/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '12');
  await expect(status(page)).toHaveAttribute('data-cursor', '12');
  await expect(page.getByRole('feed', { name: 'Surface' }).locator('[data-seq="4"][aria-current="true"]')).toBeAttached();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="4"]')).toHaveAttribute('aria-selected', 'true');
});

test('the hash follows the cursor once it rests after a burst of moves, and during a long one', async ({ page }) => {
  await demoAtStart(page);
  await expect(page).toHaveURL(/cursor=0(&|$)/);
  // count the hash writes from here on
  await page.evaluate(() => {
    const w = window as unknown as { __writes: number };
    w.__writes = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...a: Parameters<History['replaceState']>) => { w.__writes++; replace(...a); };
  });
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveAttribute('data-cursor', '20');
  // written once the cursor rests, naming where it rests
  await expect(page).toHaveURL(/cursor=20(&|$)/);
  const writes = await page.evaluate(() => (window as unknown as { __writes: number }).__writes);
  expect(writes).toBeGreaterThanOrEqual(1);
  expect(writes).toBeLessThan(20);
  // a move that never rests (replay) still updates the hash while it runs
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => page.evaluate(() => Number(new URLSearchParams(location.hash.slice(1)).get('cursor'))), { timeout: 5000 }).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Pause' }).click();
  // paused, it names where the cursor stopped
  await expect.poll(async () => {
    const url = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('cursor'));
    return url === await slider(page).getAttribute('aria-valuenow');
  }, { timeout: 5000 }).toBe(true);
});
