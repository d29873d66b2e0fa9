import { expect, test } from '@playwright/test';
import { status, waitLoaded } from './helpers';
import { coreOpen, demoBytes } from './library-helpers';

const DEMOS = ['tool-round.jsonl', 'demo.jsonl', 'crash.jsonl', 'fork-pair.zip', 'fork-child.jsonl', 'refused.jsonl'];

for (const name of DEMOS) {
  test(`?demo=${name} opens and the guided replay reaches its end`, async ({ page }) => {
    const r = await coreOpen(demoBytes(name));
    const last = r.session!.log.length - 1;
    await page.goto(`/?demo=${name}`);
    await waitLoaded(page, last);
    await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', r.verdict.ok ? 'ok' : r.verdict.kind);
    await page.getByRole('button', { name: 'Guided replay' }).click();
    const caption = page.getByRole('region', { name: 'Guided replay' });
    await expect(caption).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    await expect(caption).toContainText('Guided replay finished at seq');
    const end = Number(/finished at seq (\d+)/.exec((await caption.textContent())!)![1]);
    await expect(status(page)).toHaveAttribute('data-cursor', String(end));
    const cps = r.timeline!.compactionSeqs;
    if (cps.length > 0) {
      const c = cps[0];
      const replaced = r.lineage!.shadowedBy(c);
      await expect(caption).toContainText(`Seq ${c}: a compaction landed`);
      await expect(caption).toContainText(`Surface: ${replaced.length} nodes`);
      await expect(caption).toContainText(`Transcript: all ${r.timeline!.countsAt(c).transcript} entries stay`);
      await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');
    } else {
      await expect(caption).toContainText('no compaction');
    }
  });
}
