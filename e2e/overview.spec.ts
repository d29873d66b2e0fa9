import { expect, test, type Page } from '@playwright/test';
import { buildOverview } from '../src/core/overview';
import { overviewStats } from '../src/core/overview-stats';
import { coreLoad, docShot, DEMO, slider, status, waitLoaded } from './helpers';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const known = (n: number) => Math.max(0, n);

async function coreOverview() {
  const r = await coreLoad(DEMO);
  return buildOverview(r.session!.log, r.session!.activity, r.timeline);
}

async function openDemo(page: Page, last: number) {
  await page.goto('/');
  await waitLoaded(page, last);
  await expect(page.locator('[data-testid=overview-chart] canvas[data-drawn]')).toHaveCount(1);
  const box = (await page.getByTestId('overview-chart').boundingBox())!;
  return box;
}

test('the overview: hover shows the core\'s numbers, a click moves the Seq slider, a drag zooms and sets A and B', async ({ page }) => {
  const o = await coreOverview();
  const box = await openDemo(page, o.last);
  // the seq axis spans the chart: a request at seq s is drawn at x = s / last * (width - 1)
  const width = Math.floor(box.width);
  const r = Math.floor(o.reqSeq.length / 2);
  const x = (o.reqSeq[r] / o.last) * (width - 1) + 0.5;
  await page.mouse.move(box.x + x, box.y + 30);
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute('data-req', String(o.reqSeq[r]));
  const ctx = known(o.reqIn[r]) + known(o.reqCacheRead[r]) + known(o.reqCacheWrite[r]);
  await expect(tip).toContainText(`Request at seq ${o.reqSeq[r]}: context ${fmt(ctx)} tokens (input ${fmt(o.reqIn[r])} + cache read ${fmt(o.reqCacheRead[r])})`);
  await expect(tip).toContainText(`output ${fmt(o.reqOut[r])}`);
  // the step under the pointer: time to first chunk and decoding from the chunk times
  const stepSeq = Number(await tip.getAttribute('data-step'));
  const i = Array.from(o.stepStart).indexOf(stepSeq);
  expect(i).toBeGreaterThanOrEqual(0);
  await expect(tip).toContainText(`first chunk after ${fmt(o.stepTFirst[i] - o.stepT0[i])} ms, decoding ${fmt(o.stepTLast[i] - o.stepTFirst[i])} ms`);

  // a click moves the cursor to the seq under the pointer
  const seq = Number(await tip.getAttribute('data-seq'));
  // the seq under the pointer is the one the axis puts there (within a pixel's worth of seqs)
  expect(Math.abs(seq - (x / (width - 1)) * o.last)).toBeLessThanOrEqual(o.last / (width - 1) + 1);
  await page.mouse.click(box.x + x, box.y + 30);
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(seq));
  await expect(status(page)).toHaveAttribute('data-cursor', String(seq));

  // a drag over a third of the chart zooms the strip and the slider to that range and sets A and B
  await page.mouse.move(box.x + width * 0.2, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + width * 0.35, box.y + 30, { steps: 4 });
  await page.mouse.move(box.x + width * 0.5, box.y + 30, { steps: 4 });
  await page.mouse.up();
  const from = Number(await slider(page).getAttribute('aria-valuemin'));
  const to = Number(await slider(page).getAttribute('aria-valuemax'));
  expect(from).toBeGreaterThan(0.15 * o.last);
  expect(to).toBeLessThan(0.55 * o.last);
  await expect(status(page)).toHaveAttribute('data-a', String(from));
  await expect(status(page)).toHaveAttribute('data-b', String(to));
  const range = overviewStats(o, from, to);
  await expect(page.getByTestId('overview-numbers')).toContainText(`Seq ${from}–${to}: ${range.turns} turn`);
  await expect(page.getByTestId('overview-numbers')).toContainText(`${range.steps} step`);

  // the text alternative: the same numbers as a table
  await page.getByRole('button', { name: 'Table' }).click();
  const numbers = page.getByRole('table', { name: 'Numbers' });
  const session = overviewStats(o);
  await expect(numbers.getByRole('row', { name: /^Turns/ })).toHaveText(`Turns${session.turns}${range.turns}`);
  await expect(numbers.getByRole('row', { name: /^Output tokens/ })).toHaveText(`Output tokens${fmt(session.tokens.output)}${fmt(range.tokens.output)}`);
  await expect(page.getByRole('table', { name: /^Requests/ }).getByRole('row')).toHaveCount(1 + Array.from(o.reqSeq).filter((s) => s >= from && s <= to).length);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuemin', '0');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(o.last));
});

test('the strip is drawn before the first frame that shows the loaded session (not after a size observer or a second render)', async ({ page }) => {
  // every animation frame, before it paints: once the overview has come (the strip is no longer
  // busy; while the session loads its empty box is laid out), the chart canvas must hold its picture
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: { mounted: number; undrawn: number } };
    w.__frames = { mounted: 0, undrawn: 0 };
    const tick = () => {
      const c = document.querySelector('[data-testid=overview-chart] canvas');
      const loaded = document.querySelector('section[aria-label=Overview]:not([aria-busy])');
      if (c && loaded) { w.__frames.mounted++; if (!(c as HTMLElement).dataset.drawn) w.__frames.undrawn++; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const o = await coreOverview();
  await openDemo(page, o.last);
  const frames = await page.evaluate(() => (window as unknown as { __frames: { mounted: number; undrawn: number } }).__frames);
  expect(frames.mounted).toBeGreaterThan(0);
  expect(frames.undrawn).toBe(0);
});

test('README screenshot of the overview on the demo session', async ({ page }) => {
  const o = await coreOverview();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  const box = await openDemo(page, o.last);
  // hover the first compaction's request, so the picture shows a hover's numbers
  const c = o.compSeq[0] ?? Math.floor(o.last / 2);
  await page.mouse.move(box.x + (c / o.last) * (box.width - 1) - 2, box.y + 30);
  await expect(page.getByRole('tooltip')).toBeVisible();
  const section = (await page.getByRole('region', { name: 'Overview' }).boundingBox())!;
  const scrub = (await page.locator('.scrubber').boundingBox())!;
  const top = section.y - 90;
  await docShot(page, 'overview', { clip: { x: 0, y: top, width: 1400, height: scrub.y + scrub.height - top } });
});
