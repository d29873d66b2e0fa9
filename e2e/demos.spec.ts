import { expect, test } from '@playwright/test';
import { deriveBuiltinTour } from '../src/core/tour-builtin';
import { deriveTourFacts } from '../src/io/tour-facts';
import { status, waitLoaded } from './helpers';
import { coreOpen, demoBytes } from './library-helpers';

const DEMOS = ['tool-round.jsonl', 'demo.jsonl', 'crash.jsonl', 'fork-pair.zip', 'fork-child.jsonl', 'refused.jsonl'];

for (const name of DEMOS) {
  test(`?demo=${name} opens and its built-in tour plays to its last step`, async ({ page }) => {
    const r = await coreOpen(demoBytes(name));
    const last = r.session!.log.length - 1;
    const tour = deriveBuiltinTour(deriveTourFacts(r)!);
    await page.goto(`/?demo=${name}`);
    await waitLoaded(page, last);
    await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', r.verdict.ok ? 'ok' : r.verdict.kind);
    await page.getByRole('button', { name: 'Tour', exact: true }).click();
    await page.getByRole('button', { name: 'Built-in tour' }).click();
    const caption = page.getByRole('region', { name: 'Tour' });
    // it opens paused where the cursor stands (the end), and plays from its start when asked
    await expect(caption.getByRole('button', { name: 'Play tour' })).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-cursor', String(last));
    await caption.getByLabel('Speed').selectOption('8');
    await caption.getByRole('button', { name: 'Play tour' }).click();
    await expect(caption).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    const end = tour.steps[tour.steps.length - 1];
    await expect(status(page)).toHaveAttribute('data-cursor', String(end.seq));
    await expect(caption).toContainText(end.caption);
    const cps = r.timeline!.compactionSeqs;
    const compactionSteps = tour.steps.filter((s) => s.caption.startsWith('Compaction at'));
    expect(compactionSteps.map((s) => s.seq)).toEqual(Array.from(cps));
    for (const s of compactionSteps) expect(s.caption).toContain(`replaced ${r.lineage!.shadowedBy(s.seq).length} messages`);
  });
}
