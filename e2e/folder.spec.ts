import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadBytes } from '../src/io/load';
import { encodeZstdFrames } from '../src/io/zstd-encode';
import { closedToolTurn, endSeed, headerRecord, jsonl, logOnly } from '../src/testing/builders';
import { routeSrv, serveFolder, type FolderServer } from './folder-server';
import { status } from './helpers';

const T0 = 1767225600000;
const PROJECT = 'sessions/--home-alice-proj--';
let dir: string;

/** $DSH_HOME with three sessions of one project (a titled parent, its zstd fork, a refused one), a loose log and a stray file. */
async function dshHome(): Promise<{ home: string; childEvents: number; childBytes: number }> {
  const home = path.join(dir, 'dsh');
  const put = (rel: string, bytes: Uint8Array | string) => { mkdirSync(path.dirname(path.join(home, rel)), { recursive: true }); writeFileSync(path.join(home, rel), bytes); };
  const title = logOnly(8, 'session/title', { title: 'Fix the parser', messageSeqs: [1], source: { kind: 'user' } });
  put(`${PROJECT}/s-parent/session.jsonl`, jsonl([headerRecord('s-parent', { createdAt: T0, cwd: '/home/alice/proj' }), ...closedToolTurn(0, 1), title]));
  const child = [headerRecord('s-child', { createdAt: T0 + 1000, cwd: '/home/alice/proj', parentSession: 's-parent', seedLength: 8 }), ...closedToolTurn(0, 1), endSeed(8), ...closedToolTurn(9, 2)];
  const childBytes = await encodeZstdFrames(child.map((r) => jsonl([r])));
  put(`${PROJECT}/s-child/session.jsonl.zstd`, childBytes);
  put(`${PROJECT}/s-bad/session.jsonl`, jsonl([headerRecord('s-bad', { createdAt: T0 + 2000, cwd: '/home/alice/proj' }), ...closedToolTurn(0, 1), { type: 'future/thing', seq: 8, time: T0, data: {} }]));
  put('exports/loose.jsonl', jsonl([headerRecord('loose-1', { createdAt: T0 + 3000 }), ...closedToolTurn(0, 1)]));
  put('notes.txt', 'not a session');
  const r = await loadBytes(childBytes, { now: 0 });
  return { home, childEvents: r.session!.log.length, childBytes: childBytes.length };
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Folder' });

test.beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'seqscope-folder-')); });
test.afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

test('a folder set through webkitdirectory lists its sessions by project, searches them and opens one', async ({ page }) => {
  const { home, childEvents, childBytes } = await dshHome();
  await page.goto('/');
  await page.getByLabel('Choose a folder').setInputFiles(home);
  await expect(panel(page).getByTestId('folder-summary')).toHaveAttribute('data-sessions', '4');
  await expect(panel(page).getByTestId('folder-summary')).toHaveAttribute('data-headers', '4');
  // the key decodes to the cwd the headers name; the loose log is listed under its folder
  await expect(panel(page).getByText(/^\/home\/alice\/proj \(3\)$/)).toBeVisible();
  await expect(panel(page).getByText(/^exports \(1\)$/)).toBeVisible();
  // titles and verdicts arrive from the worker; the fork sits under its parent
  const parent = panel(page).getByRole('option', { name: 'Open Fix the parser' });
  await expect(parent).toHaveAttribute('data-verdict', 'ok', { timeout: 15_000 });
  await expect(panel(page).locator(`[data-path="${PROJECT}/s-bad/session.jsonl"]`)).toHaveAttribute('data-verdict', 'unsupported', { timeout: 15_000 });
  const child = panel(page).getByRole('option', { name: 'Open s-child' });
  await expect(child).toContainText('↳ s-child');
  // its size and time, which the folder worker reads with the header (not the page)
  await expect(child).toContainText(`${(childBytes / 1024).toFixed(1)} KiB`);
  await expect(child.getByTitle('Last modified')).toContainText('modified ');
  await expect(child).toHaveAttribute('data-verdict', 'ok', { timeout: 15_000 });

  await panel(page).getByRole('searchbox', { name: 'Search folder' }).fill('child');
  await expect(panel(page).getByRole('option')).toHaveCount(1);
  await child.click();
  await expect(status(page)).toHaveAttribute('data-events', String(childEvents));
  await expect(panel(page)).toHaveCount(0);
  await expect(page.locator('[data-verdict]').first()).toHaveAttribute('data-verdict', 'ok');
});

test('a folder served over HTTP (?folder=) lists its sessions and follows the one opened', async ({ page }) => {
  const { home } = await dshHome();
  let server: FolderServer | undefined = await serveFolder(home);
  try {
    await routeSrv(page, () => server!.origin);
    await page.goto('/?folder=/srv/');
    await expect(panel(page).getByTestId('folder-summary')).toHaveAttribute('data-headers', '4', { timeout: 15_000 });
    const parent = panel(page).getByRole('option', { name: 'Open Fix the parser' });
    await expect(parent).toHaveAttribute('data-verdict', 'ok', { timeout: 15_000 });
    await parent.click();
    await expect(status(page)).toHaveAttribute('data-events', '9', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    appendFileSync(path.join(home, PROJECT, 's-parent/session.jsonl'), jsonl(closedToolTurn(9, 2)));
    await expect(status(page)).toHaveAttribute('data-events', '17');
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await server.close();
    server = undefined;
  }
});

test('a refused log opened from a served folder says why DSH refuses it, not that it is an archive', async ({ page }) => {
  const { home } = await dshHome();
  // line 10 (seq 8) is cut short and a turn/end follows: damage in committed history, refused at load
  const torn = jsonl([headerRecord('s-torn', { createdAt: T0 + 4000, cwd: '/home/alice/proj' }), ...closedToolTurn(0, 1)]) + '{"type":"user/mess\n' + jsonl(closedToolTurn(8, 2));
  writeFileSync(path.join(home, 'exports/torn.jsonl'), torn);
  const server = await serveFolder(home);
  try {
    await routeSrv(page, () => server.origin);
    await page.goto('/?folder=/srv/');
    const bad = panel(page).locator('[data-path="exports/torn.jsonl"]');
    await expect(bad).toHaveAttribute('data-verdict', 'corrupt', { timeout: 15_000 });
    await bad.click();
    await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'corrupt', { timeout: 15_000 });
    const why = page.locator('.live-notice');
    // DSH's verdict sentence, naming the line and seq, says why it is not followed
    await expect(why).toContainText('DSH refuses this log, so it is not followed: Line 10 (seq 8) is unparsable');
    await expect(why).not.toContainText('archive');
    await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'false');
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await server.close();
  }
});
