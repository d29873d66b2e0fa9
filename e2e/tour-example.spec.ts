/**
 * The example in docs/tours.md: a replay demo tested with the SeqscopePage page object. The expected counts
 * come from the same core the app runs, loaded in Node.
 */
import { expect, test } from '@playwright/test';
import { coreLoad } from './helpers';
import { SeqscopePage } from './seqscope-page';

test('the demo tour plays: each step reaches its seq and shows its caption', async ({ page }) => {
  const core = await coreLoad('public/demo/demo.jsonl');
  const compaction = core.timeline!.compactionSeqs[0];
  const app = new SeqscopePage(page);
  await app.open('public/demo/demo.jsonl');
  await app.scrubTo(compaction);
  await app.view('Surface');
  await app.expectStatus(core.timeline!.countsAt(compaction));
  const played = await app.playTour('e2e/tours/demo.tour.json');
  expect(played.map((s) => s.seq)).toEqual([0, 819, 1303, 1304, 1304]);
});
