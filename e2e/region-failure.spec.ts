/**
 * Issue 13 item 1: a render failure in one region shows an alert in its place (name, message,
 * Copy details) and the rest of the app keeps working. The failure is forced with the test-only
 * `window.__seqscopeFault` flag (src/ui/RegionBoundary.tsx), set before the app starts.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { coreLoad, DEMO, scrollLogToTop, slider, status } from './helpers';

/** A view's scrolling content, found by its accessible name whatever its role (listbox, feed, grid). */
const viewContent = (page: Page, tab: string) => page.getByRole('tabpanel').getByLabel(tab === 'Log' ? 'Events' : tab, { exact: true });

const REGIONS = ['Log view', 'Surface view', 'Transcript view', 'Compare view', 'Inspector', 'Verdict banner', 'Library drawer', 'Scrubber', 'Scrubber marks'] as const;
type Region = typeof REGIONS[number];

const OTHER = 'public/demo/refused.jsonl';

/** Makes the failing region render, where it needs a click to appear. */
async function showRegion(page: Page, region: Region) {
  const tab = /^(\w+) view$/.exec(region)?.[1];
  if (tab) await page.getByRole('tab', { name: tab }).click();
  const toggle = page.getByRole('button', { name: /^Library \(\d+\)$/ });
  if (region === 'Library drawer' && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

for (const region of REGIONS) {
  test(`a render failure in the ${region} stays in the ${region}`, async ({ page }) => {
    const demo = await coreLoad(DEMO);
    const last = demo.session!.log.length - 1;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript((name) => { (window as unknown as Record<string, unknown>).__seqscopeFault = name; }, region);
    await page.goto('/');
    await expect(status(page)).toHaveAttribute('data-cursor', String(last));
    const sel = region === 'Log view' ? 'none' : '3';
    if (region !== 'Log view') {
      const events = page.getByRole('listbox', { name: 'Events' });
      await scrollLogToTop(page);
      await events.locator('[data-seq="3"]').click();
    }
    await showRegion(page, region);

    // the alert, in place: what failed, the message, Copy details
    const alert = page.locator(`[role=alert][data-region="${region}"]`);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`The ${region} failed to render.`);
    await expect(alert).toContainText(`Test fault injected into the ${region}`);
    await expect(page.getByRole('alert').filter({ hasText: 'failed to render' })).toHaveCount(1);
    await alert.getByRole('button', { name: 'Copy details' }).click();
    await expect(alert).toContainText('Details copied');
    const details = await page.evaluate(() => navigator.clipboard.readText());
    expect(details).toContain(`the ${region} failed to render`);
    expect(details).toContain('File: demo.jsonl (');
    expect(details).toMatch(/File: demo\.jsonl \(.* \d+ bytes, jsonl\)/);
    expect(details).toContain('Verdict: ok');
    expect(details).toContain(`Cursor: ${last} of ${last}`);
    expect(details).toContain(`\nView: ${/^(\w+) view$/.exec(region)?.[1].toLowerCase() ?? 'log'}\n`);
    expect(details).toContain(`\nSelected seq: ${sel}\n`);
    expect(details).toContain(`Error: Test fault injected into the ${region}`);
    expect(details).toMatch(/Stack:\n.*Error: Test fault injected/);
    expect(details).toMatch(/Component stack:\n\s*at /);

    // everything else keeps working: the other tabs
    for (const tab of ['Log', 'Surface', 'Transcript', 'Compare']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      if (`${tab} view` !== region) await expect(viewContent(page, tab)).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Log' }).click();
    // the scrubber (unless it is what failed)
    if (region !== 'Scrubber') {
      await slider(page).focus();
      await page.keyboard.press('Home');
      await expect(status(page)).toHaveAttribute('data-cursor', '0');
      await page.keyboard.press('End');
      await expect(status(page)).toHaveAttribute('data-cursor', String(last));
    }
    // the inspector (unless it is what failed)
    if (region !== 'Inspector' && region !== 'Log view') {
      // the Log follows the cursor: bring its first rows into view, as a user scrolling up would
      await page.getByRole('listbox', { name: 'Events' }).evaluate((el) => { el.scrollTop = 0; });
      await page.getByRole('listbox', { name: 'Events' }).locator('[data-seq="2"]').click();
      await expect(page.getByRole('complementary', { name: 'Inspector' })).toContainText('Event 2');
    }
    // the library (unless it is what failed)
    if (region !== 'Library drawer') {
      const toggle = page.getByRole('button', { name: /^Library \(\d+\)$/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(page.getByRole('list', { name: 'Library' })).toBeVisible();
      await toggle.click();
    }
    // opening another file
    const other = await coreLoad(OTHER);
    await page.getByLabel('Open file').setInputFiles({ name: 'other.jsonl', mimeType: 'application/json', buffer: readFileSync(OTHER) });
    await expect(page.getByText(/^other\.jsonl · /)).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-cursor', String(other.session!.log.length - 1));
    if (region !== 'Verdict banner') await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', other.verdict.ok ? 'ok' : other.verdict.kind);
    // the flag still forces the failure: the region shows its alert again for the new session; once cleared, Try again recovers
    await showRegion(page, region);
    await expect(alert).toBeVisible();
    await page.evaluate(() => { delete (window as unknown as Record<string, unknown>).__seqscopeFault; });
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('the fault flag is inert unless it is a string naming a region', async ({ page }) => {
  // a DOM-clobbered global (an element with that id) is not a string: nothing fails
  await page.addInitScript(() => { (window as unknown as Record<string, unknown>).__seqscopeFault = { toString: () => 'Log view' }; });
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  await expect(page.getByRole('listbox', { name: 'Events' })).toBeVisible();
  await expect(page.locator('.region-failed')).toHaveCount(0);
});

/** A conformance log with one event record's `type` replaced (undefined: removed). */
function withType(type: unknown): Buffer {
  const lines = readFileSync('testdata/conformance/c01-row-dt-mismatch.jsonl', 'utf8').split('\n');
  const rec = JSON.parse(lines[3]) as Record<string, unknown>;
  if (type === undefined) delete rec.type; else rec.type = type;
  lines[3] = JSON.stringify(rec);
  return Buffer.from(lines.join('\n'));
}

test('a record whose type is missing or not a string opens in every view (was a white page)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  for (const [i, type] of [undefined, 5, null, ['user/message'], { a: 1 }].entries()) {
    await page.getByLabel('Open file').setInputFiles({ name: `type-${i}.jsonl`, mimeType: 'application/json', buffer: withType(type) });
    await expect(page.getByText(new RegExp(`^type-${i}\\.jsonl · `))).toBeVisible();
    await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'corrupt');
    for (const tab of ['Surface', 'Transcript', 'Compare', 'Log']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(viewContent(page, tab)).toBeVisible();
    }
    await expect(page.locator('.region-failed')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
