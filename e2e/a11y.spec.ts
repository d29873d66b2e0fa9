/**
 * Issue 14 §13: axe-core on every view and on the library drawer, light and dark: no critical or
 * serious violation. Structure does not change with the theme, so the dark pass checks colour
 * contrast only. Each violation is reported with its rule, the first nodes it names and why.
 */
import { axeOn } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { status } from './helpers';

async function serious(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const axe = axeOn(page);
  const r = await (rules ? axe.withRules(rules) : axe).analyze();
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`no critical or serious axe violation on any view or the library drawer (${theme})`, async ({ page }) => {
    test.setTimeout(180_000); // axe takes about a second a pass; more on a loaded machine
    const rules = theme === 'dark' ? ['color-contrast'] : undefined;
    await page.addInitScript((t) => localStorage.setItem('seqscope-theme', t), theme);
    await page.goto('/?demo=demo.jsonl');
    await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const found: string[] = [];
    const names = await page.getByRole('tablist', { name: 'Views' }).getByRole('tab').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      // a selection, so the Inspector and the selected and lineage styles are checked too
      if (name === 'Log') await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq]').nth(3).click();
      found.push(...await serious(page, `${name} tab`, rules));
      // a hovered row takes another background: each family's type colour is checked on it too
      if (name === 'Log') {
        for (const fam of ['user', 'assistant', 'tool', 'compaction']) {
          const row = page.getByRole('listbox', { name: 'Events' }).locator(`.row.fam-${fam}:not([aria-selected='true']):not(.future)`).first();
          if (await row.count() === 0) continue;
          await row.hover();
          found.push(...await serious(page, `Log tab, a ${fam} row hovered`, ['color-contrast']));
        }
      }
    }
    await page.getByRole('button', { name: /^Library \(\d+\)$/ }).click();
    await expect(page.getByRole('list', { name: 'Library' })).toBeVisible();
    found.push(...await serious(page, 'library drawer', rules));
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    found.push(...await serious(page, 'shortcuts', rules));
    expect(found).toEqual([]);
  });
}

test('the page has one main landmark, one level-one heading and one banner', async ({ page }) => {
  await page.goto('/?demo=demo.jsonl');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  const r = await axeOn(page).withRules(['landmark-one-main', 'page-has-heading-one', 'landmark-no-duplicate-banner', 'landmark-unique']).analyze();
  expect(r.violations.map((v) => v.id)).toEqual([]);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seqscope');
});
