import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { deriveBuiltinTour } from '../src/core/tour-builtin';
import { validateTour } from '../src/core/tour';
import { deriveTourFacts } from '../src/io/tour-facts';
import { MERGE_MS } from '../src/app/tour-recorder';
import { coreLoad, DEMO } from './helpers';
import { SeqscopePage } from './seqscope-page';

/**
 * Recorded moves closer together than the recorder's merge window are one step: the page's clock
 * (installed before the page opens) jumps past the window, so the next move is a step of its own.
 */
const apart = (app: SeqscopePage) => app.page.clock.fastForward(MERGE_MS + 100);

test('record, caption, export, reload, import and play: each step reaches its seq and shows its caption', async ({ page }, info) => {
  await page.clock.install();
  const app = new SeqscopePage(page);
  await app.goto('/?demo=demo.jsonl');
  const editor = await app.openTourEditor();
  await editor.getByRole('button', { name: 'Record tour' }).click();
  await expect(app.tour).toContainText('Recording · 1 step');
  await apart(app);
  await app.scrubTo(819);
  await apart(app);
  await app.view('Surface');
  await apart(app);
  await app.scrubTo(1304);
  await apart(app);
  await editor.getByRole('button', { name: 'Stop recording' }).click();
  const steps = editor.getByRole('list', { name: 'Tour steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  const captions = ['The end of the session.', 'A prune at 819.', 'The Surface at 819.', 'Just after the compaction.'];
  for (let i = 0; i < 4; i++) await editor.getByLabel(`Caption of step ${i + 1}`).fill(captions[i]);
  // reorder: the Surface step before the prune step, then drop the first step
  await editor.getByRole('button', { name: 'Move step 3 up' }).click();
  await editor.getByRole('button', { name: 'Delete step 1' }).click();
  await expect(steps).toHaveCount(3);
  const download = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Export tour', exact: true }).click();
  const file = info.outputPath('recorded.tour.json');
  await (await download).saveAs(file);
  const exported = validateTour(JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')));
  expect(exported.ok).toBe(true);
  if (!exported.ok) return;
  expect(exported.tour.steps.map((s) => [s.seq, s.view, s.caption])).toEqual([
    [819, 'surface', 'The Surface at 819.'], [819, 'log', 'A prune at 819.'], [1304, 'surface', 'Just after the compaction.'],
  ]);

  await page.reload();
  await expect(app.status).toHaveAttribute('data-cursor', /\d+/);
  await expect(app.tour).toHaveCount(0);
  const played = await app.playTour(file);
  expect(played.map((s) => s.seq)).toEqual([819, 819, 1304]);
  await expect(page.getByRole('tab', { name: 'Surface' })).toHaveAttribute('aria-selected', 'true');

  // Play runs the whole tour from the start at the chosen speed and ends on the last step
  await app.tour.getByLabel('Speed').selectOption('8');
  await app.tour.getByRole('button', { name: 'Play tour' }).click();
  await expect(app.tour).toHaveAttribute('data-state', 'done', { timeout: 10_000 });
  await app.expectStatus({ seq: 1304 });
});

test('the built-in tour of the demo has one step per compaction, with the core\'s counts in its captions', async ({ page }) => {
  const core = await coreLoad(DEMO);
  const expected = deriveBuiltinTour(deriveTourFacts(core)!);
  const app = new SeqscopePage(page);
  await app.goto('/?demo=demo.jsonl');
  const editor = await app.openTourEditor();
  await editor.getByRole('button', { name: 'Built-in tour' }).click();
  const items = editor.getByRole('list', { name: 'Tour steps' }).getByRole('listitem');
  await expect(items).toHaveCount(expected.steps.length);
  const compactionCaptions = editor.getByRole('textbox').filter({ hasText: /^Compaction at seq/ });
  await expect(compactionCaptions).toHaveCount(core.timeline!.compactionSeqs.length);
  for (let i = 0; i < expected.steps.length; i++) await expect(editor.getByLabel(`Caption of step ${i + 1}`)).toHaveValue(expected.steps[i].caption);
  // it opens paused where the cursor stands (the end): the cursor does not move, the step at or before it is current
  const at = expected.steps.reduce((k, st, i) => (st.seq <= 3000 ? i : k), -1);
  await expect(app.tour).toHaveAttribute('data-step', String(at));
  await expect(app.tour.getByRole('button', { name: 'Play tour' })).toBeVisible();
  await app.expectStatus({ seq: 3000 });
});

for (const size of [{ width: 800, height: 700 }, { width: 1400, height: 900 }]) {
  test(`at ${size.width}×${size.height} the tour editor covers neither the Inspector nor the caption, which is not cut`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = new SeqscopePage(page);
    await app.goto('/?demo=demo.jsonl');
    const editor = await app.openTourEditor();
    await editor.getByRole('button', { name: 'Built-in tour' }).click();
    await app.tour.getByRole('button', { name: 'Previous step' }).click();
    const box = async (name: string) => (await page.getByRole('complementary', { name }).boundingBox())!;
    const p = (await editor.boundingBox())!, ins = await box('Inspector'), cap = (await app.tour.boundingBox())!;
    const apart = (a: typeof p, b: typeof p) => a.x >= b.x + b.width || b.x >= a.x + a.width || a.y >= b.y + b.height || b.y >= a.y + a.height;
    expect(apart(p, ins), 'panel over the Inspector').toBe(true);
    expect(apart(p, cap), 'panel over the caption').toBe(true);
    const cut = await app.tour.evaluate((el) => [...el.querySelectorAll('*')].some((c) => c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible'));
    expect(cut).toBe(false);
  });
}

test('a tour for another session says so and plays only when asked to', async ({ page }, info) => {
  const file = info.outputPath('other.tour.json');
  writeFileSync(file, JSON.stringify({ version: 1, session: { id: 'another-session' }, steps: [{ seq: 5, view: 'log', caption: 'five' }, { seq: 999999, view: 'log', caption: 'far' }] }));
  const app = new SeqscopePage(page);
  await app.goto('/?demo=demo.jsonl');
  await app.importTour(file);
  const alert = app.tour.getByRole('alert');
  await expect(alert).toContainText('The tour is for session another-session, but this session is session-3e14ad97');
  await expect(alert).toContainText("Step 2 is at seq 999999, past the session's last seq 3000.");
  await expect(app.tour.getByRole('button', { name: 'Play tour' })).toBeDisabled();
  await alert.getByRole('button', { name: 'Play anyway' }).click();
  await expect(app.tour.getByRole('alert')).toHaveCount(0);
  await app.tour.getByRole('button', { name: 'Next step' }).click();
  await app.expectStatus({ seq: 5 });
  await expect(app.tour).toContainText('five');
});

test('an invalid tour file is refused in one sentence and nothing else changes', async ({ page }, info) => {
  const file = info.outputPath('bad.tour.json');
  writeFileSync(file, JSON.stringify({ version: 1, session: { id: 'x' }, steps: [{ seq: 1, view: 'html', caption: '<img src=x onerror=alert(1)>' }] }));
  const app = new SeqscopePage(page);
  await app.goto('/?demo=demo.jsonl');
  const editor = await app.openTourEditor();
  await editor.getByLabel('Import tour file').setInputFiles(file);
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a valid tour: Step 1: "view" must be one of log, surface, transcript, compare, diff.' })).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
  await app.expectStatus({ seq: 3000 });
});

test('a tour kept in the library reopens from its #tour link, and ?tour= opens a same-origin tour', async ({ page }) => {
  const app = new SeqscopePage(page);
  await app.goto('/?demo=demo.jsonl');
  const editor = await app.openTourEditor();
  await editor.getByRole('button', { name: 'Built-in tour' }).click();
  await expect(app.tour.getByRole('button', { name: 'Play tour' })).toBeVisible();
  await editor.getByRole('button', { name: 'Keep in library' }).click();
  const link = editor.getByRole('status').getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^#session=demo%3Ademo\.jsonl&tour=tour-[a-z0-9-]+$/);
  await page.goto('about:blank');
  await page.goto(`/?demo=demo.jsonl${href}`);
  await expect(app.tour).toContainText(/Built-in tour · \d+ steps/);
  // the player waits for the session: its buttons are enabled once the session has loaded
  await expect(app.status).toHaveAttribute('data-phase', 'ready');
  await app.tour.getByRole('button', { name: 'Next step' }).click();
  await app.expectStatus({ seq: 0 });

  await page.goto('/?demo=demo.jsonl&tour=/tours/none.tour.json');
  await expect(page.getByRole('alert').filter({ hasText: 'The tour at /tours/none.tour.json was not found' })).toBeVisible();
  await page.goto('/?demo=demo.jsonl&tour=https://example.com/x.tour.json');
  await expect(page.getByRole('alert').filter({ hasText: 'only same-origin addresses are allowed' })).toBeVisible();
});
