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
 * Decoding workers in the order they start: their name (`zstd-warm`: the page's warming worker;
 * `zstd-spare`: the page's spare; `zstd`: a session worker's own; `?` while unread, and for good
 * when the worker closed before it could be read) and whether they closed.
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

/** A short-lived worker may close before its name is read: then it is not known to be anything else. */
const namedOrGone = (d: { name: string; closed: boolean }, name: string) => d.name === name || (d.name === '?' && d.closed);

/**
 * Names of the decoding workers the page itself has constructed so far, read in the page (so one
 * constructed a moment ago is counted even before Playwright reports it as a worker).
 */
async function pageDecoderNames(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { zstdWorkersMade: string[] }).zstdWorkersMade);
}

function recordPageDecoders(page: Page) {
  return page.addInitScript(() => {
    const made: string[] = [];
    (globalThis as unknown as { zstdWorkersMade: string[] }).zstdWorkersMade = made;
    const Native = globalThis.Worker;
    globalThis.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (/zstd\.worker/.test(String(url))) made.push(options?.name ?? '?');
      }
    };
  });
}

const spareReady = (d: { worker: Worker }) => d.worker.evaluate(() => performance.getEntriesByName('seqscope:zstd-spare-ready').length > 0).catch(() => false);

test("a zstd load is decoded by the page's spare decoding worker, which ends with the load; the next spare starts after it", async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  const decoders = watchDecoders(page);
  await recordPageDecoders(page);
  // the page's clock: the timers that start spares run at once at the end, so "no other worker" needs no sleep
  await page.clock.install();
  await ready(page, '/?demo=tool-round.jsonl');
  // the first load starts the warming worker, which ends once it has sent the module, then a spare
  await expect.poll(() => decoders.length, { message: 'the warming worker, then a spare' }).toBe(2);
  await expect.poll(() => decoders[0].closed, { message: 'the warming worker ends by itself' }).toBe(true);
  expect(namedOrGone(decoders[0], 'zstd-warm'), `the first is the warming worker (${decoders[0].name})`).toBe(true);
  const spare = decoders[1];
  await expect.poll(() => spare.name).toBe('zstd-spare');
  await expect.poll(() => spareReady(spare), { message: 'the spare adopts the module' }).toBe(true);
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await expect.poll(() => spare.closed, { message: 'the lent worker ends with the load' }).toBe(true);
  // one more decoding worker only: the next spare (a worker of the load's own would be another)
  await expect.poll(() => decoders.length, { message: 'a new spare starts after the load' }).toBe(3);
  const next = decoders[2];
  await expect.poll(() => next.name).toBe('zstd-spare');
  // it adopts the same module (no warming worker again) and is lent to the next zstd load
  await expect.poll(() => spareReady(next)).toBe(true);
  await pick(page, 'again.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  await expect.poll(() => next.closed).toBe(true);
  await expect.poll(() => decoders.length).toBe(4);
  await expect.poll(() => decoders[3].name, { message: 'libzstd is warmed once per page' }).toBe('zstd-spare');
  // every timer the page has set runs now: one that would start another spare would have started it
  await page.clock.runFor(10_000);
  expect(await pageDecoderNames(page), 'the page started no other decoding worker').toEqual(['zstd-warm', 'zstd-spare', 'zstd-spare', 'zstd-spare']);
  expect(decoders.length, 'no other decoding worker').toBe(4);
});

test('a zstd load with no spare ready decodes in a worker of its own, which ends with the load', async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  const last = r.session!.log.length - 1;
  // the page's warming worker is held back, so no spare is ready when the load asks for one
  let held = false;
  await page.route('**/zstd.worker*', async (route) => {
    if (!held) { held = true; await new Promise((res) => setTimeout(res, 8000)); }
    await route.continue().catch(() => undefined);
  });
  const decoders = watchDecoders(page);
  await ready(page, '/?demo=tool-round.jsonl');
  expect(held, 'the first load asked for the warming worker, whose script is held').toBe(true);
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, last);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(last).events));
  // the held warming worker is reported only once its script arrives, seconds later
  await expect.poll(() => decoders.length, { message: 'one decoding worker of its own' }).toBe(1);
  const own = decoders[0];
  await expect.poll(() => own.closed, { message: 'it ends when the load does' }).toBe(true);
  expect(namedOrGone(own, 'zstd'), `the load's own worker (${own.name})`).toBe(true);
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
  // said once, in the failure banner over the session still shown (issue 23 §6; it was the status bar's library note)
  const failed = page.getByLabel('Could not open').getByRole('alert');
  await expect(failed).toContainText('session.jsonl.zstd could not be opened, and tool-round.jsonl is still shown:');
  await expect(failed).toContainText('decoder crashed');
  await expect.poll(() => spare.closed, { message: 'the failed worker is ended with the load' }).toBe(true);
});
