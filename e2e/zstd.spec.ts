import { expect, test, type Page, type Worker } from '@playwright/test';
import { status, waitLoaded } from './helpers';
import { coreOpen, demoBytes, libraryItems, libraryList, pick, ready } from './library-helpers';
import { scanZstdFrames } from '../src/io/zstd';

test('a .jsonl.zstd log opens and is kept', async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  await ready(page, '/?demo=tool-round.jsonl');
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await libraryList(page);
  await expect(libraryItems(page).first()).toContainText('zstd');
});

test('a torn final zstd frame is dropped and the rest recovered', async ({ page }) => {
  const whole = demoBytes('demo.jsonl.zstd');
  const frames = scanZstdFrames(whole);
  expect(frames.frames.length).toBeGreaterThan(2);
  const lastFrame = frames.frames[frames.frames.length - 1];
  const torn = whole.slice(0, lastFrame.start + Math.floor((lastFrame.end - lastFrame.start) / 2));
  const r = await coreOpen(torn);
  const full = await coreOpen(whole);
  expect(r.verdict.ok).toBe(true);
  expect(r.storedEventCount).toBeLessThan(full.storedEventCount);
  const last = r.session!.log.length - 1;
  await ready(page);
  await pick(page, 'torn.jsonl.zstd', Buffer.from(torn), 'application/zstd');
  await waitLoaded(page, last);
  const banner = page.locator('[data-verdict]').first();
  await expect(banner).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('torn-frame')).toContainText(`${r.frames!.tornBytes.toLocaleString('en-US')} bytes after ${r.frames!.complete} complete frames`);
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await expect(status(page)).toHaveAttribute('data-surface', String(r.timeline!.countsAt(last).surface));
});

/**
 * Decoding workers as they start: their name (`zstd-warm`: the page's warming worker; `zstd-spare`:
 * the page's spare; `zstd`: a session worker's own) and whether they closed.
 */
function watchDecoders(page: Page) {
  const decoders: { name: string; closed: boolean; worker: Worker }[] = [];
  page.on('worker', (w) => {
    if (!/zstd\.worker/.test(w.url())) return;
    const d = { name: '?', closed: false, worker: w };
    decoders.push(d);
    w.on('close', () => { d.closed = true; });
    w.evaluate(() => self.name).then((n) => { d.name = n; }, () => undefined);
  });
  return decoders;
}

const spareReady = (d: { worker: Worker }) => d.worker.evaluate(() => performance.getEntriesByName('seqscope:zstd-spare-ready').length > 0).catch(() => false);

test("a zstd load is decoded by the page's spare decoding worker, which ends with the load; the next spare starts after it", async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  const decoders = watchDecoders(page);
  await ready(page, '/?demo=tool-round.jsonl');
  await expect.poll(() => decoders.map((d) => d.name).join(), { message: 'the first load starts the warming worker, then a spare' }).toBe('zstd-warm,zstd-spare');
  await expect.poll(() => decoders[0].closed, { message: 'the warming worker ends once it has sent the module' }).toBe(true);
  const spare = decoders[1];
  await expect.poll(() => spareReady(spare), { message: 'the spare adopts the module' }).toBe(true);
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await expect.poll(() => spare.closed, { message: 'the lent worker ends with the load' }).toBe(true);
  await expect.poll(() => decoders.filter((d) => d.name === 'zstd-spare' && !d.closed).length, { message: 'a new spare starts after the load' }).toBe(1);
  expect(decoders.filter((d) => d.name === 'zstd'), 'no decoding worker of its own').toEqual([]);
  // the next spare adopts the same module (no warming worker again) and is lent to the next zstd load
  const next = decoders.find((d) => d.name === 'zstd-spare' && !d.closed)!;
  await expect.poll(() => spareReady(next)).toBe(true);
  await pick(page, 'again.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await expect.poll(() => next.closed).toBe(true);
  expect(decoders.filter((d) => d.name === 'zstd')).toEqual([]);
  expect(decoders.filter((d) => d.name === 'zstd-warm').length, 'libzstd is warmed once per page').toBe(1);
});

test('a zstd load with no spare ready decodes in a worker of its own, which ends with the load', async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  // the page's first spare is held back, so it is not ready when the load asks for it
  let held = false;
  await page.route('**/zstd.worker*', async (route) => {
    if (!held) { held = true; await new Promise((res) => setTimeout(res, 8000)); }
    await route.continue().catch(() => undefined);
  });
  const decoders = watchDecoders(page);
  await ready(page, '/?demo=tool-round.jsonl');
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  const own = decoders.filter((d) => d.name === 'zstd');
  expect(own.length, 'one decoding worker of its own').toBe(1);
  await expect.poll(() => own[0].closed, { message: 'it ends when the load does' }).toBe(true);
});

test('a zstd load whose lent decoding worker fails ends with that failure instead of waiting for it', async ({ page }) => {
  const decoders = watchDecoders(page);
  await ready(page, '/?demo=tool-round.jsonl');
  await expect.poll(() => decoders.filter((d) => d.name === 'zstd-spare' && !d.closed).length).toBe(1);
  const spare = decoders.find((d) => d.name === 'zstd-spare' && !d.closed)!;
  await expect.poll(() => spareReady(spare)).toBe(true);
  // the spare throws on the port it is lent instead of decoding over it
  await spare.worker.evaluate(() => {
    self.addEventListener('message', (e) => { e.stopImmediatePropagation(); throw new Error('decoder crashed'); }, { capture: true });
  });
  await pick(page, 'session.jsonl.zstd', Buffer.from(demoBytes('demo.jsonl.zstd')), 'application/zstd');
  await expect(status(page)).toContainText('Could not load');
  await expect(status(page)).toContainText('decoder crashed');
  await expect.poll(() => spare.closed, { message: 'the failed worker is ended with the load' }).toBe(true);
});
