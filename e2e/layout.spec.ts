/**
 * Issue 14 §10: at 800×700 and 1400×900 the Log keeps its content column, no badge overflows its
 * card, and the Inspector can be resized, collapsed (button or `i`) and, on a narrow window, sits
 * below the views. Screenshots go to test-results/screens/ for a look.
 */
import { expect, test, type Page } from '@playwright/test';
import { shot, status } from './helpers';

const box = async (page: Page, sel: string) => (await page.locator(sel).first().boundingBox())!;

/** Every badge inside a card or entry ends within it (1 px for rounding). */
async function overflowingBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('.card .badge, .entry .badge, .headercard .badge')].flatMap((b) => {
    const card = b.closest('.card, .entry, .headercard')!.getBoundingClientRect(), r = b.getBoundingClientRect();
    return r.right > card.right + 1 || r.left < card.left - 1 ? [`${b.textContent?.slice(0, 60)} (${Math.round(r.right)} > ${Math.round(card.right)})`] : [];
  }));
}

for (const [w, h] of [[800, 700], [1400, 900]] as const) {
  test(`at ${w}×${h} the Log shows its content column and no badge overflows its card`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/?demo=demo.jsonl');
    await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
    const log = page.getByRole('listbox', { name: 'Events' });
    await log.locator('[data-seq]').nth(5).click();
    const summary = await box(page, '[role=listbox][aria-label=Events] [data-seq] .summary');
    expect(summary.width).toBeGreaterThan(150);
    const inspector = await box(page, '.inspector');
    const views = await box(page, '.views');
    if (w < 900) expect(inspector.y).toBeGreaterThanOrEqual(views.y + views.height - 1); // docked below
    else expect(inspector.x).toBeGreaterThanOrEqual(views.x + views.width - 1); // beside
    await shot(page, `layout-${w}-log`);
    for (const tab of ['Surface', 'Transcript']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('feed', { name: tab }).locator('[data-seq]').first()).toBeVisible();
      expect(await overflowingBadges(page)).toEqual([]);
      await shot(page, `layout-${w}-${tab.toLowerCase()}`);
    }
  });
}

test('the Inspector collapses with its button or i, and resizes with its separator', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?demo=demo.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const logWidth = async () => (await box(page, '.views')).width;
  const wide = await logWidth();
  await page.getByRole('button', { name: 'Collapse the Inspector' }).click();
  await expect(inspector).toHaveCount(0);
  expect(await logWidth()).toBeGreaterThan(wide + 250);
  await page.getByRole('button', { name: 'Expand the Inspector' }).click();
  await expect(inspector).toBeVisible();
  await page.getByRole('tab', { name: 'Log' }).focus();
  await page.keyboard.press('i');
  await expect(inspector).toHaveCount(0);
  await page.keyboard.press('i');
  await expect(inspector).toBeVisible();

  const sep = page.getByRole('separator', { name: 'Inspector width' });
  const before = Number(await sep.getAttribute('aria-valuenow'));
  await sep.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(sep).toHaveAttribute('aria-valuenow', String(before + 40));
  expect(Math.round((await inspector.boundingBox())!.width)).toBe(before + 40);
  const s = (await sep.boundingBox())!;
  await page.mouse.move(s.x + 3, s.y + 100);
  await page.mouse.down();
  await page.mouse.move(900, s.y + 100, { steps: 4 });
  await page.mouse.up();
  await expect(sep).toHaveAttribute('aria-valuenow', '500');
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Inspector width' })).toHaveAttribute('aria-valuenow', '500');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('collapse / expand the Inspector');
  await expect(help).toContainText('play / pause');
});

test('Space plays and pauses the replay', async ({ page }) => {
  // the page's clock: a second of replay runs at once, so "paused stays put" is checked without a sleep
  await page.clock.install();
  await page.goto('/?demo=demo.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const slider = page.getByRole('slider', { name: 'Seq' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(status(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  const valueNow = async () => Number(await slider.getAttribute('aria-valuenow'));
  // playing, a second of the page's time moves the cursor on (and the slider shows it as that second ends)
  const playedFrom = await valueNow();
  await page.clock.runFor(1000);
  expect(await valueNow()).toBeGreaterThan(playedFrom);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // paused, the same second moves nothing
  const at = await valueNow();
  await page.clock.runFor(1000);
  expect(await valueNow()).toBe(at);
});
