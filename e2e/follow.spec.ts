import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { closedToolTurn, headerRecord, jsonl } from '../src/testing/builders';
import { routeSrv, serveFolder, type FolderServer } from './folder-server';
import { slider, status } from './helpers';

let dir: string;
let server: FolderServer;

test.beforeEach(async ({ page }) => {
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-follow-'));
  server = await serveFolder(dir);
  await routeSrv(page, () => server.origin);
});

test.afterEach(async ({ page }) => {
  // the page keeps polling: stop routing (polls in flight are dropped) before the server goes
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a followed URL grows as the file does; Live keeps the cursor at the end, scrubbing back pauses it', async ({ page }) => {
  const file = path.join(dir, 'session.jsonl');
  writeFileSync(file, jsonl([headerRecord('live-1'), ...closedToolTurn(0, 1)]));
  await page.goto('/?url=srv/session.jsonl&follow');
  await expect(status(page)).toHaveAttribute('data-events', '8', { timeout: 15_000 });
  const live = page.getByRole('button', { name: 'Live' });
  await expect(live).toHaveAttribute('aria-pressed', 'true');

  // a turn written in two pieces, the first ending mid-line: only complete records appear
  const turn2 = jsonl(closedToolTurn(8, 2));
  appendFileSync(file, turn2.slice(0, 100));
  await expect(status(page)).toHaveAttribute('data-events', '8');
  appendFileSync(file, turn2.slice(100));
  await expect(status(page)).toHaveAttribute('data-events', '16');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', '15');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '15');
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');

  // scrubbing back pauses Live: the log still grows, the cursor stays
  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(live).toHaveAttribute('aria-pressed', 'false');
  appendFileSync(file, jsonl(closedToolTurn(16, 3)));
  await expect(slider(page)).toHaveAttribute('aria-valuemax', '23');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');

  // Live again: to the end, and it stays there as events arrive
  await live.click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '23');
  appendFileSync(file, jsonl(closedToolTurn(24, 4)));
  await expect(status(page)).toHaveAttribute('data-events', '32');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '31');
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(page.locator('[data-seq="31"]')).toBeVisible();
});

test('a followed file that shrinks is reloaded from the start, with a notice', async ({ page }) => {
  const file = path.join(dir, 'session.jsonl');
  writeFileSync(file, jsonl([headerRecord('live-2'), ...closedToolTurn(0, 1), ...closedToolTurn(8, 2)]));
  await page.goto('/?url=srv/session.jsonl&follow');
  await expect(status(page)).toHaveAttribute('data-events', '16');
  writeFileSync(file, jsonl([headerRecord('live-2'), ...closedToolTurn(0, 1)]));
  await expect(status(page)).toHaveAttribute('data-events', '8');
  await expect(page.getByText('The file shrank since it was read, so it was reloaded from the start.')).toBeVisible();
});
