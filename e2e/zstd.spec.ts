import { expect, test } from '@playwright/test';
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

test('a zstd log is decoded in a worker of its own, which ends with the load', async ({ page }) => {
  const bytes = demoBytes('demo.jsonl.zstd');
  const r = await coreOpen(bytes);
  await ready(page, '/?demo=tool-round.jsonl');
  const decoders: { closed: boolean }[] = [];
  page.on('worker', (w) => {
    if (!/zstd\.worker/.test(w.url())) return;
    const d = { closed: false };
    decoders.push(d);
    w.on('close', () => { d.closed = true; });
  });
  await pick(page, 'session.jsonl.zstd', Buffer.from(bytes), 'application/zstd');
  await waitLoaded(page, r.session!.log.length - 1);
  await expect(status(page)).toHaveAttribute('data-events', String(r.timeline!.countsAt(r.session!.log.length - 1).events));
  expect(decoders.length, 'one decoding worker per zstd load').toBe(1);
  await expect.poll(() => decoders[0].closed, { message: 'the decoding worker ends when the load does' }).toBe(true);
});
