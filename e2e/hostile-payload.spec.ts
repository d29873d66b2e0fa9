/**
 * Issue 6, no script runs: a log with script payloads in every string it can carry (message text,
 * reasoning, tool names, arguments and results, system prompt, tool schemas, session id, cwd),
 * opened under a payload file name, and an export ZIP whose entry names carry payloads. Every tab
 * is visited, events are selected and the inspector tree expanded; the page flag any executed
 * payload would set stays unset and no request leaves the origin. Run twice: under the app's CSP
 * (where any violation also fails the test) and with the CSP bypassed, so the rendering alone is shown to be inert.
 */
import { zipSync } from 'fflate';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PAYLOAD_FILE_NAME, PWNED_FLAG, xssPayloadLog, XSS_PAYLOADS } from '../src/fuzz/hostile';
import { activeMarkup, openApp, pickBytes, watch, type Watch } from './hostile-helpers';
import { scrollToTop } from './helpers';

/** A payload that fits a ZIP folder or file name (no slash). */
const NAME_PAYLOAD = `<img src=x onerror="window.${PWNED_FLAG}=1">`;

function payloadZip(): Uint8Array {
  const log = xssPayloadLog();
  return zipSync({
    'session.jsonl': log,
    [`subagents/${NAME_PAYLOAD}/session.jsonl`]: xssPayloadLog({ turns: 1 }),
    [`media/${NAME_PAYLOAD}.png`]: Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10),
    [`${XSS_PAYLOADS[0]}.txt`]: log.subarray(0, 10),
    '../../etc/passwd.jsonl': log,
    [`notes/${XSS_PAYLOADS[5]}`]: log.subarray(0, 10),
  }, { level: 0 });
}

async function expectInert(page: Page, w: Watch, csp: boolean) {
  expect(await w.pwned()).toBeUndefined();
  expect(w.offOrigin()).toEqual([]);
  expect(await activeMarkup(page)).toEqual([]);
  if (csp) expect(await w.violations()).toEqual([]);
}

/** Closes the Sessions drawer (it opens itself for a ZIP with several sessions, and may reopen on a reload of the entry). */
async function closeDrawer(page: Page) {
  const drawer = page.getByRole('complementary', { name: 'Sessions' });
  await expect(async () => {
    if (await drawer.isVisible()) await page.getByRole('button', { name: 'Close sessions' }).click();
    await expect(drawer).toBeHidden({ timeout: 1000 });
  }).toPass();
}

/** Visits every tab, opens folded text, selects events and expands their inspector trees. */
async function explore(page: Page) {
  await expect(page.getByRole('status')).toHaveAttribute('data-cursor', /\d+/);
  await closeDrawer(page);
  const panel = page.getByRole('tabpanel');
  for (const name of ['Surface', 'Transcript', 'Compare', 'Log']) {
    await page.getByRole('tab', { name }).click();
    await expect(panel.locator('[data-seq]').first()).toBeVisible();
    if (name === 'Surface') {
      // the system prompt opens the Surface; the feed follows the cursor to its end
      await scrollToTop(page.getByRole('feed', { name: 'Surface' }));
      await panel.getByText(/^System prompt/).click();
      await expect(panel.getByText(XSS_PAYLOADS[0]).first()).toBeVisible();
    }
    if (name === 'Surface' || name === 'Transcript') {
      for (const r of await panel.getByText(/^reasoning \(/).all()) await r.click();
    }
  }
  const rows = page.getByRole('listbox', { name: 'Events' }).locator('[role=option][data-seq]');
  const tree = page.getByRole('list', { name: /^Event \d+ JSON$/ });
  const n = Math.min(await rows.count(), 10);
  expect(n).toBeGreaterThan(5);
  for (let i = 0; i < n; i++) {
    await rows.nth(i).click();
    await expect(tree).toBeVisible();
    // three levels of whatever the event holds, a few keys each
    for (let level = 0; level < 3; level++) {
      const more = tree.getByRole('button', { name: /^Expand / });
      const k = Math.min(await more.count(), 6);
      for (let j = 0; j < k; j++) await more.first().click();
    }
  }
  // a user message, expanded down to its text
  await rows.filter({ hasText: 'user/message' }).first().click();
  // `data` opens by itself (issue 14)
  await expect(tree.getByRole('button', { name: 'Collapse data' })).toBeVisible();
  for (const key of ['content', '0']) await tree.getByRole('button', { name: `Expand ${key}` }).click();
  await expect(tree).toContainText(XSS_PAYLOADS[0]);
  // search renders matches through <mark>: the payload must still be text
  await page.getByRole('searchbox', { name: 'Search the whole log' }).fill('<img src=x');
  await page.getByRole('searchbox', { name: 'Search the whole log' }).press('Enter');
  await expect(page.getByRole('search')).toContainText(/\d+ \/ \d+/);
}

async function payloadLogFlow(page: Page, testInfo: TestInfo, csp: boolean) {
  const w = await watch(page, new URL(testInfo.project.use.baseURL!).origin);
  await openApp(page);
  await pickBytes(page, testInfo, PAYLOAD_FILE_NAME, xssPayloadLog());
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByText(PAYLOAD_FILE_NAME).first()).toBeVisible();
  await explore(page);
  await expectInert(page, w, csp);
}

async function payloadZipFlow(page: Page, testInfo: TestInfo, csp: boolean) {
  const w = await watch(page, new URL(testInfo.project.use.baseURL!).origin);
  await openApp(page);
  await pickBytes(page, testInfo, `${NAME_PAYLOAD}.zip`, payloadZip());
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  // the archive's sessions and the library list show the payload entry and file names as text
  const archive = page.getByRole('list', { name: 'Archive sessions' });
  await expect(archive.getByRole('listitem')).toHaveCount(2);
  await expect(archive).toContainText(`subagents/${NAME_PAYLOAD}/session.jsonl`);
  await expect(page.getByRole('list', { name: 'Library' })).toContainText(`${NAME_PAYLOAD}.zip`);
  await expectInert(page, w, csp);
  // open the child whose folder name is a payload, then explore it like any log
  await archive.getByRole('listitem').filter({ hasText: `subagents/${NAME_PAYLOAD}` }).getByRole('button').first().click();
  await expect(page.getByText(`subagents/${NAME_PAYLOAD}/session.jsonl`).first()).toBeVisible();
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await explore(page);
  await expectInert(page, w, csp);
}

test.describe('under the CSP', () => {
  test('the payload log runs no script and makes no off-origin request', async ({ page }, testInfo) => {
    await payloadLogFlow(page, testInfo, true);
  });
  test('an export ZIP with payload entry names runs no script', async ({ page }, testInfo) => {
    await payloadZipFlow(page, testInfo, true);
  });
});

test.describe('with the CSP bypassed (rendering alone is inert)', () => {
  test.use({ bypassCSP: true });
  test('the payload log runs no script and makes no off-origin request', async ({ page }, testInfo) => {
    await payloadLogFlow(page, testInfo, false);
  });
  test('an export ZIP with payload entry names runs no script', async ({ page }, testInfo) => {
    await payloadZipFlow(page, testInfo, false);
  });
});
