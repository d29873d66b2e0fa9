/**
 * A bundle (`seqscope bundle`) opened by double-click: from file://, with every request that is not
 * file: aborted. It opens at its place, plays its tour, shows the served app's counts at a seq,
 * offers the log it carries, and breaks no rule of its CSP.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { runBundle } from '../src/cli/bundle';
import { extractBundle, LOG_CLASS } from '../src/io/bundle-file';
import { DEMO } from './helpers';
import { plantInDemo } from './share-helpers';
import { SeqscopePage } from './seqscope-page';

const TEMPLATE = resolve('dist/bundle-template.html');

async function makeBundle(out: string, args: string[]): Promise<void> {
  const err: string[] = [];
  const code = await runBundle(['bundle', DEMO, ...args, '-o', out], { out: () => {}, err: (l) => err.push(l), templatePath: TEMPLATE });
  expect(err.join('\n')).toBe('');
  expect(code).toBe(0);
}

/** Opens `file` from disk with the network cut off; returns what it tried to reach and what the console reported. */
async function openOffline(page: Page, file: string) {
  const blocked: string[] = [], problems: string[] = [];
  await page.route('**', (route) => (route.request().url().startsWith('file:') ? route.continue() : (blocked.push(route.request().url()), route.abort())));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(pathToFileURL(file).href);
  return { blocked, problems };
}

const countsAt = async (app: SeqscopePage) => ({
  cursor: await app.status.getAttribute('data-cursor'), events: await app.status.getAttribute('data-events'),
  surface: await app.status.getAttribute('data-surface'), transcript: await app.status.getAttribute('data-transcript'),
});

test('a bundle opens from file:// with no network at its seq, with the served app\'s counts there, and saves the log it carries', async ({ page, browser }, info) => {
  const file = info.outputPath('demo.html');
  await makeBundle(file, ['--at', '1304', '--view', 'surface', '--select', '1300']);
  const app = new SeqscopePage(page);
  const { blocked, problems } = await openOffline(page, file);
  await expect(app.status).toHaveAttribute('data-cursor', '1304', { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('demo.jsonl', { exact: false }).first()).toBeVisible();
  const bundled = await countsAt(app);

  const served = new SeqscopePage(await browser.newPage());
  await served.goto('/?demo=demo.jsonl#session=demo:demo.jsonl&cursor=1304');
  await expect(served.status).toHaveAttribute('data-cursor', '1304');
  expect(bundled).toEqual(await countsAt(served));
  expect(Number(bundled.events)).toBe(1305);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download log' }).click();
  const saved = info.outputPath('saved.jsonl.zstd');
  await (await download).saveAs(saved);
  expect(readFileSync(saved).equals(Buffer.from(extractBundle(new Uint8Array(readFileSync(file))).log))).toBe(true);

  expect(blocked).toEqual([]);
  expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
});

test('a bundle makes the Blob of a worker\'s code when it first starts that worker, and has no data: fallback its CSP would refuse', async ({ page }, info) => {
  expect(readFileSync(TEMPLATE, 'latin1').includes('data:text/javascript'), 'a data: URL of a worker\'s code in the template').toBe(false);
  const file = info.outputPath('demo.html');
  await makeBundle(file, []);
  // counts the page's Blobs of script, made by either inline script (the workers start from blob: URLs)
  await page.addInitScript(() => {
    const Native = Blob;
    const w = window as unknown as { __scriptBlobs: number; Blob: typeof Blob };
    w.__scriptBlobs = 0;
    w.Blob = class extends Native {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) { super(parts, options); if (options?.type?.startsWith('text/javascript')) w.__scriptBlobs++; }
    };
  });
  const app = new SeqscopePage(page);
  const { problems } = await openOffline(page, file);
  await expect(app.status).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  // the session worker and the decoder lent to its load; not the folder worker, which no folder started
  expect(await page.evaluate(() => (window as unknown as { __scriptBlobs: number }).__scriptBlobs)).toBe(2);
  expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
});

test('a bundle plays its tour from file://, step by step to the tour\'s seqs', async ({ page }, info) => {
  const tour = info.outputPath('demo.tour.json');
  const id = JSON.parse(readFileSync(DEMO, 'utf8').split('\n')[0]).id;
  const steps = [{ seq: 40, view: 'log', caption: 'Early on.', dwellMs: 300 }, { seq: 819, view: 'surface', caption: 'A prune at 819.', dwellMs: 300 }, { seq: 1304, view: 'transcript', caption: 'After </script> the compaction.', dwellMs: 300 }];
  (await import('node:fs')).writeFileSync(tour, JSON.stringify({ version: 1, session: { id }, steps }));
  const file = info.outputPath('toured.html');
  await makeBundle(file, ['--tour', tour]);
  // every step the player shows, as it shows it (steps may pass faster than a test polls)
  await page.addInitScript({ content: `
    const seen = window.tourSeen = [];
    new MutationObserver(() => {
      const t = document.querySelector('[role=region][aria-label=Tour]');
      const cursor = document.querySelector('[role=status][data-phase]')?.getAttribute('data-cursor');
      const at = t ? t.getAttribute('data-seq') + '@' + cursor : '';
      if (t && t.getAttribute('data-seq') === cursor && seen[seen.length - 1] !== at) seen.push(at);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });` });
  const app = new SeqscopePage(page);
  const { blocked } = await openOffline(page, file);
  await expect(app.tour).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(app.status).toHaveAttribute('data-cursor', '1304');
  await expect(page.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.tour).toContainText('After </script> the compaction.');
  expect(await page.evaluate(() => (window as unknown as { tourSeen: string[] }).tourSeen)).toEqual(steps.map((st) => `${st.seq}@${st.seq}`));
  expect(blocked).toEqual([]);
});

test('a bundle whose log was cut short says so, with the sizes', async ({ page }, info) => {
  const file = info.outputPath('demo.html');
  await makeBundle(file, []);
  const { size } = extractBundle(new Uint8Array(readFileSync(file))).meta;
  const html = readFileSync(file, 'latin1');
  // the last piece loses its last byte (both characters when that byte is escaped)
  const open = `class="${LOG_CLASS}">`;
  const end = html.indexOf('</script>', html.lastIndexOf(open));
  const cut = html[end - 2] === '=' ? 2 : 1;
  writeFileSync(file, html.slice(0, end - cut) + html.slice(end), 'latin1');
  await openOffline(page, file);
  await expect(page.getByText(`its log is ${size - 1} bytes where the bundle says ${size}`, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
});

test('a bundle reviews its log for Share from file://: the writer worker, started on first use, runs under the bundle\'s CSP', async ({ page }, info) => {
  const planted = info.outputPath('planted.jsonl');
  plantInDemo(planted, `${'sk-' + '0123456789abcdef'.repeat(2)} after`);
  const file = info.outputPath('planted.html');
  const err: string[] = [];
  expect(await runBundle(['bundle', planted, '-o', file], { out: () => {}, err: (l) => err.push(l), templatePath: TEMPLATE })).toBe(0);
  const app = new SeqscopePage(page);
  const { blocked, problems } = await openOffline(page, file);
  await expect(app.status).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByRole('region', { name: 'Rule deepseek-api-key' })).toContainText('1 finding', { timeout: 30_000 });
  expect(blocked).toEqual([]);
  expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
});
