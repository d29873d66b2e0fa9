import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, shot, waitLoaded, scrollToTop } from './helpers';

test('every tab renders its rows with data-seq', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const panel = page.getByRole('tabpanel');
  for (const [name, role, list] of [['Surface', 'feed', 'Surface'], ['Transcript', 'feed', 'Transcript'], ['Compare', 'feed', 'Compare'], ['Log', 'listbox', 'Events']] as const) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole(role, { name: list }).locator('[data-seq]').first()).toBeVisible();
    await shot(page, name.toLowerCase());
  }
  await page.getByRole('tab', { name: 'Surface' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Surface' }));
  await expect(panel.getByLabel('Request header in force')).toContainText('Tools');
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Transcript' }));
  await expect(panel.getByText('no longer seen by the model').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await scrollToTop(panel.getByRole('feed', { name: 'Compare' }));
  await expect(panel.getByLabel(/^Messages shadowed by seq/).locator('[data-seq]').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'compare-dark');
});

test('the Surface heads with the request header in force at the cursor, fetched by its seq', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const first = r.timeline!.headerSeqs[0];
  const panel = page.getByRole('tabpanel');
  const card = panel.getByRole('article', { name: 'Request header in force' });
  for (const cursor of [first - 1, first, first + 40]) {
    await page.goto('about:blank');
    await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=surface&cursor=${cursor}`);
    await expect(page.getByRole('status')).toHaveAttribute('data-cursor', String(cursor));
    await scrollToTop(panel.getByRole('feed', { name: 'Surface' }));
    if (cursor < first) { await expect(card).toHaveText('No request header before this seq.'); continue; }
    await expect(card).toHaveAttribute('data-seq', String(first));
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
    await expect(card).toContainText(`seq ${first}`);
    await expect(card).toContainText('Tools');
  }
});
