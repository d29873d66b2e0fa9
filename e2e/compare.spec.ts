import { expect, test } from '@playwright/test';
import { compactionsOf } from '../src/io/compactions';
import { coreLoad, DEMO, status, waitLoaded } from './helpers';

test('Compare aligned by replacement: each replacement spans exactly the messages it shadows; previous/next replacement', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const t = r.timeline!, lin = r.lineage!, last = r.session!.log.length - 1;
  // a moment after the first compaction and some prunes, before the second compaction
  const c1 = t.compactionSeqs[0], c2 = t.compactionSeqs[1] ?? last + 1;
  const n = Math.min(last, c2 - 1);
  expect(Array.from(t.replacementSeqs).filter((s) => s > c1 && s <= n).length).toBeGreaterThan(0);
  // what a replacement on the surface stands for: the transcript messages whose chain (as of n) ends at it
  const spans = new Map<number, number[]>();
  for (const m of t.transcriptAt(n)) {
    const chain = lin.replacementChain(m).filter((x) => x <= n);
    const end = chain[chain.length - 1];
    if (end !== m) spans.set(end, [...(spans.get(end) ?? []), m]);
  }
  const reps = t.surfaceAt(n).filter((s) => t.isReplacement(s));
  expect(reps.length).toBeGreaterThan(1);
  await page.goto(`/?demo=demo.jsonl#session=demo:demo.jsonl&view=compare&cursor=${n}`);
  await waitLoaded(page, last);
  const feed = page.getByRole('feed', { name: 'Compare' });
  const block = (s: number) => feed.locator(`[data-block="${s}"]`);
  // the compaction's cell spans exactly the messages it shadows (directly or through earlier prunes)
  await expect(block(c1)).toHaveAttribute('data-span', spans.get(c1)!.join(' '));
  await expect(block(c1)).toHaveAttribute('data-span-count', String(spans.get(c1)!.length));
  const shadowedCol = block(c1).getByLabel(`Messages shadowed by seq ${c1}`);
  await expect(shadowedCol.locator('[data-seq]')).toHaveCount(Math.min(50, spans.get(c1)!.length));
  await expect(block(c1).getByLabel(`Replacement seq ${c1}`)).toContainText(`standing for ${spans.get(c1)!.length} messages`);
  await expect(block(c1).getByLabel(`Replacement seq ${c1}`)).toContainText('tokens');
  // its two token figures say what each counts: the transcript messages it stands for, and the Surface messages the compaction replaced
  await expect(block(c1).getByLabel(`Replacement seq ${c1}`)).toContainText(`the ${spans.get(c1)!.length} transcript messages it stands for: ≈`);
  const comp = compactionsOf(r).find((c) => c.replacementSeq === c1)!;
  const same = [...comp.replaced].sort((a, b) => a - b).join(' ') === [...spans.get(c1)!].sort((a, b) => a - b).join(' ');
  expect(same, 'the demo\'s first compaction replaced a pruned copy').toBe(false);
  await expect(block(c1).getByTestId('figure-note')).toContainText(`counts the ${comp.replaced.length} Surface messages it replaced`);
  // next / previous replacement, by button and key, select each replacement in surface order
  await page.getByRole('button', { name: 'Next replacement' }).click();
  await expect(status(page)).toContainText(`selected ${reps[0]}`);
  await page.keyboard.press('n');
  await expect(status(page)).toContainText(`selected ${reps[1]}`);
  await expect(block(reps[1])).toHaveAttribute('data-span', spans.get(reps[1])!.join(' '));
  await page.keyboard.press('p');
  await expect(status(page)).toContainText(`selected ${reps[0]}`);
  // lineage across both columns: the selected replacement's shadowed originals are marked on the right
  const direct = lin.shadowedBy(reps[0]).filter((s) => t.transcriptSeqs.includes(s));
  if (direct.length) await expect(block(reps[0]).getByLabel(`Messages shadowed by seq ${reps[0]}`).locator(`[data-seq="${direct[0]}"]`)).toHaveAttribute('data-lineage', 'replaced');
});
