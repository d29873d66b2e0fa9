import { expect, test } from '@playwright/test';
import { coreLoad, DEMO, scrollToTop, shot, waitLoaded } from './helpers';

test('selecting a compaction replacement highlights what it replaced', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const last = r.session!.log.length - 1;
  const cps = Array.from(r.timeline!.compactionSeqs);
  const c = cps[cps.length - 1];
  const replaced = r.lineage!.shadowedBy(c);
  const inTranscript = replaced.filter((s) => r.timeline!.transcriptSeqs.includes(s));
  await page.goto('/');
  await waitLoaded(page, last);
  await page.getByRole('tab', { name: 'Surface' }).click();
  const card = page.getByRole('feed', { name: 'Surface' }).locator(`[data-seq="${c}"]`);
  // the feed follows the cursor to its newest card once laid out; the replacement heads it, so scroll back up
  await expect(async () => {
    await scrollToTop(page.getByRole('feed', { name: 'Surface' }));
    await card.click({ timeout: 1000 });
  }).toPass();
  await expect(card).toContainText('replaces seq');
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toContainText('Replaced');
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const target = inTranscript[inTranscript.length - 1];
  await expect(page.getByRole('feed', { name: 'Transcript' }).locator(`[data-seq="${target}"]`)).toHaveAttribute('data-lineage', 'replaced');
  await shot(page, 'lineage-transcript');
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.getByRole('feed', { name: 'Compare' }).locator(`[data-seq="${target}"]`)).toHaveAttribute('data-lineage', 'replaced');
  const src = r.lineage!.sources(c)[0];
  await page.getByRole('button', { name: `Cites seq ${src}` }).click();
  await expect(page.getByRole('status')).toContainText(`selected ${src}`);
  await expect(page.getByRole('complementary', { name: 'Inspector' }).getByRole('heading')).toContainText(`Event ${src}`);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.getByRole('listbox', { name: 'Events' }).locator(`[data-seq="${src}"]`)).toHaveAttribute('aria-selected', 'true');
});
