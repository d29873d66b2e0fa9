import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, slider, status, waitLoaded } from './helpers';

async function expectCounts(page: Page, counts: { seq: number; events: number; surface: number; transcript: number }) {
  const st = status(page);
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(counts.seq));
  await expect(st).toHaveAttribute('data-cursor', String(counts.seq));
  await expect(st).toHaveAttribute('data-events', String(counts.events));
  await expect(st).toHaveAttribute('data-surface', String(counts.surface));
  await expect(st).toHaveAttribute('data-transcript', String(counts.transcript));
}

test('the scrubber moves by keyboard and drag, and the counts match the core', async ({ page }) => {
  const r = await coreLoad(DEMO);
  const t = r.timeline!;
  const last = r.session!.log.length - 1;
  await page.goto('/');
  await waitLoaded(page, last);
  const s = slider(page);
  await expect(s).toHaveAttribute('aria-valuemin', '0');
  await s.focus();
  await page.keyboard.press('Home');
  await expectCounts(page, t.countsAt(0));
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expectCounts(page, t.countsAt(5));
  await page.keyboard.press('ArrowLeft');
  await expectCounts(page, t.countsAt(4));
  await page.keyboard.press('Shift+ArrowRight');
  await expectCounts(page, t.countsAt(t.turnSeqs[t.turnSeqs.findIndex((x) => x > 4)]));
  await page.keyboard.press('Shift+ArrowRight');
  await expectCounts(page, t.countsAt(t.turnSeqs[t.turnSeqs.findIndex((x) => x > 4) + 1] ?? last));
  const c = t.compactionSeqs[0];
  await page.keyboard.press('End');
  await expectCounts(page, t.countsAt(last));
  // drag across the track; the final position's counts must match the core
  const box = (await s.boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + (box.width * i) / 25, box.y + box.height / 2);
  await page.mouse.up();
  const now = Number(await s.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(0);
  expect(now).toBeLessThan(last);
  await expectCounts(page, t.countsAt(now));
  // around the first compaction, through deep links
  for (const target of [c - 1, c, c + 1]) {
    await page.goto(`/#session=demo:demo.jsonl&view=log&cursor=${target}`);
    await page.reload();
    await waitLoaded(page, last);
    await expectCounts(page, t.countsAt(target));
  }
});
