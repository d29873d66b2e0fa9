import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { alignedPair, aText, runB, s } from './runs-pair';
import { slider } from './helpers';

// two loads and an alignment on a shared two-core machine, twice (before and after the reload)
const expect = baseExpect.configure({ timeout: 30_000 });
test.setTimeout(180_000);

const b = runB('run-b-session');
const PROJECT = 'sessions/--home-dev-task--';
let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-runs-folder-'));
  for (const [id, text] of [['run-a', aText], ['run-b', b.text]]) {
    mkdirSync(path.join(dir, 'dsh', PROJECT, id), { recursive: true });
    writeFileSync(path.join(dir, 'dsh', PROJECT, id, 'session.jsonl'), text);
  }
});
test.afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Folder' });
const row = (page: Page, id: string) => panel(page).getByRole('table', { name: 'Fleet sessions' }).locator(`[role="row"][data-path="${PROJECT}/${id}/session.jsonl"]`);
const bSlider = (page: Page) => page.getByRole('slider', { name: 'Run B', exact: true });
const aSeq = b.changed - 2;

/** The Runs view on the pair: the first divergence said, marked on both scrubbers and opened. */
async function divergenceShown(page: Page) {
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('First divergence (tool-result): At turn')).toContainText(`seq ${aSeq} in A, seq ${b.changed} in B`);
  await expect(page.locator('.scrubber .runs-mark[data-side="a"]')).toHaveAttribute('data-seq', String(aSeq));
  await expect(page.locator('.runs-slider .runs-mark[data-side="b"]')).toHaveAttribute('data-seq', String(b.changed));
  await expect(page.getByRole('option', { name: /^Difference 1: tool-result/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Difference 1 in detail' }).getByRole('region', { name: 'Line diff, A → B' })).toContainText('+ a different output');
}

/** Moving A's Seq slider moves B's to the aligned seq, and moving B's moves A's. */
async function scrubbersLinked(page: Page, al: Awaited<ReturnType<typeof alignedPair>>, pages: number) {
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(al.bOf(0)));
  for (let i = 0; i < pages; i++) await page.keyboard.press('PageUp');
  const a = Number(await slider(page).getAttribute('aria-valuenow'));
  expect(a).toBeGreaterThan(0);
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(al.bOf(a)));
  await bSlider(page).focus();
  await page.keyboard.press('End');
  const bEnd = Number(await bSlider(page).getAttribute('aria-valuemax'));
  await expect(bSlider(page)).toHaveAttribute('aria-valuenow', String(bEnd));
  await expect(slider(page)).toHaveAttribute('aria-valuenow', String(al.aOf(bEnd)));
}

test("a folder's two sessions picked in the fleet table open in the Runs view: divergence marked, scrubbers linked, and the #compare deep link reloads it", async ({ page }) => {
  const al = await alignedPair(b.text);
  await page.goto('/');
  await page.getByLabel('Choose a folder').setInputFiles(path.join(dir, 'dsh'));
  await panel(page).getByRole('button', { name: 'Fleet view' }).click();
  await expect(panel(page).locator('[data-figures]')).toHaveAttribute('data-figures', '2', { timeout: 30_000 });
  const compare = panel(page).getByRole('group', { name: 'Compare runs' });
  await expect(compare.getByRole('button', { name: 'Compare runs' })).toBeDisabled();
  await row(page, 'run-a').getByRole('checkbox').check();
  await expect(compare.getByRole('button', { name: 'Compare runs' })).toBeDisabled();
  await row(page, 'run-b').getByRole('checkbox').check();
  await compare.getByRole('button', { name: 'Compare runs' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(s.events.length));
  await divergenceShown(page);
  await expect(page.locator('.runs-names')).toContainText('A run-a-session.jsonl');
  await expect(page.locator('.runs-names')).toContainText('B run-b-session.jsonl');
  await scrubbersLinked(page, al, 30);

  // both runs are kept, so the URL names them and a reload brings the same Runs view back
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 30_000 }).toMatch(/compare=[\w-]+(%2C|,)[\w-]+/);
  const hash = await page.evaluate(() => location.hash);
  await page.reload();
  await expect(slider(page)).toHaveAttribute('aria-valuemax', String(s.events.length));
  await divergenceShown(page);
  await expect(page.locator('.runs-names')).toContainText('B run-b-session.jsonl');
  await scrubbersLinked(page, al, 10);
  expect(await page.evaluate(() => location.hash)).toContain(hash.match(/compare=[^&]+/)![0]);
});
