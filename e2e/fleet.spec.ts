import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SessionEvent } from '../src/core/types';
import { assistantMessage, endSeed, headerRecord, jsonl, logOnly, stepEnd, stepStart, toolCall, toolResult, turnEnd, turnStart, userMessage } from '../src/testing/builders';
import { routeSrv, serveFolder } from './folder-server';
import { shot, slider, status } from './helpers';

const DAY1 = Date.UTC(2026, 10, 3, 9), DAY2 = Date.UTC(2026, 10, 5, 9);
let dir: string;

/** One turn at `t0`: a prompt, one step spending `n` input tokens, a `bash` call whose result fails when `fail`. */
function turn(base: number, t: number, n: number, t0: number, o: { fail?: boolean; text?: string } = {}): SessionEvent[] {
  const c = `c${t}`;
  const evs: SessionEvent[] = [
    turnStart(base, t), userMessage(base + 1, `u${t}`, o.text ?? 'build the api'), stepStart(base + 2, t, 1),
    { ...assistantMessage(base + 3, `a${t}`, 'running', [{ id: c }], { turn: t }), data: { ...assistantMessage(base + 3, `a${t}`, 'running', [{ id: c }], { turn: t }).data, usage: { inputTokens: n, outputTokens: 1 } } },
    { ...toolCall(base + 4, c, t, 1), data: { turn: t, step: 1, callId: c, name: 'bash', arguments: '{}' } },
    toolResult(base + 5, `r${t}`, c, o.fail ? 'compile failed: missing semicolon' : 'ok', { isError: o.fail, turn: t }),
    stepEnd(base + 6, t, 1), turnEnd(base + 7, t),
  ];
  return evs.map((e, i) => ({ ...e, time: t0 + i * 1000 }));
}

/** A DSH home: a titled root with a sub-agent and a sub-sub-agent, a fork of the root, a session of another project on another day, a refused log. */
function dshHome(): string {
  const home = path.join(dir, 'dsh');
  const put = (rel: string, records: unknown[]) => { mkdirSync(path.dirname(path.join(home, rel)), { recursive: true }); writeFileSync(path.join(home, rel), jsonl(records)); };
  const api = 'sessions/--home-dev-api--', web = 'sessions/--home-dev-web--';
  const rootEvents = [...turn(0, 1, 1, DAY1, { fail: true }), { ...logOnly(8, 'session/title', { title: 'Build the API', messageSeqs: [1], source: { kind: 'user' } }), time: DAY1 + 9000 }];
  put(`${api}/root/session.jsonl`, [headerRecord('root', { createdAt: DAY1, cwd: '/home/dev/api' }), ...rootEvents]);
  put(`${api}/sub/session.jsonl`, [headerRecord('sub', { createdAt: DAY1, cwd: '/home/dev/api', parentSession: 'root', origin: 'subagent', delegationDepth: 1 }), ...turn(0, 1, 10, DAY1)]);
  put(`${api}/subsub/session.jsonl`, [headerRecord('subsub', { createdAt: DAY1, cwd: '/home/dev/api', parentSession: 'sub', origin: 'subagent', delegationDepth: 2 }), ...turn(0, 1, 100, DAY1)]);
  put(`${api}/fork/session.jsonl`, [headerRecord('fork', { createdAt: DAY1, cwd: '/home/dev/api', parentSession: 'root', seedLength: 9 }), ...rootEvents, { ...endSeed(9), time: DAY1 + 10_000 }, ...turn(10, 2, 1000, DAY1 + 20_000)]);
  put(`${web}/web1/session.jsonl`, [headerRecord('web1', { createdAt: DAY2, cwd: '/home/dev/web' }), ...turn(0, 1, 5000, DAY2, { text: 'style the page' })]);
  put(`${web}/bad/session.jsonl`, [headerRecord('bad', { createdAt: DAY2, cwd: '/home/dev/web' }), ...turn(0, 1, 7, DAY2), { type: 'future/thing', seq: 8, time: DAY2, data: {} }]);
  return home;
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Folder' });
const table = (page: Page) => panel(page).getByRole('table', { name: 'Fleet sessions' });
const row = (page: Page, id: string) => table(page).locator(`[role="row"][data-path$="/${id}/session.jsonl"]`);

test.beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'seqscope-fleet-')); });
test.afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

test('the fleet view: a table with the tree and totals with sub-agents, a chart of tokens per day that filters, search across the folder opening a hit at its seq', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Choose a folder').setInputFiles(dshHome());
  await panel(page).getByRole('button', { name: 'Fleet view' }).click();
  await expect(panel(page).locator('[data-figures]')).toHaveAttribute('data-figures', '6', { timeout: 20_000 });

  // the table: every session, sub-agents and the fork under the root, own and total figures
  await expect(table(page).locator('[role="rowgroup"]').last().getByRole('row')).toHaveCount(6);
  await expect(row(page, 'root').getByRole('cell').first()).toHaveText('Build the API');
  await expect(row(page, 'sub').getByRole('cell').first()).toHaveText('↳ sub');
  await expect(row(page, 'subsub').getByRole('cell').first()).toHaveText('↳ subsub');
  const totalCol = 14;
  await expect(row(page, 'root').getByRole('cell').nth(totalCol)).toHaveText('114'); // 1+10+100 input, 3 output
  await expect(row(page, 'fork').getByRole('cell').nth(totalCol)).toHaveText('1,001');
  await expect(row(page, 'root').getByRole('cell').nth(8)).toHaveText('1');
  await expect(row(page, 'bad').getByRole('cell').last()).toHaveText('refused (unsupported), partial');
  // sorted by steps: the header says so
  await table(page).getByRole('button', { name: 'Tool errors' }).click();
  await expect(table(page).getByRole('columnheader', { name: /Tool errors/ })).toHaveAttribute('aria-sort', 'descending');
  // a filter: only sessions with tool errors (the root, and its fork's seed is not its own)
  await panel(page).getByLabel('has tool errors').check();
  await expect(table(page).locator('[role="rowgroup"]').last().getByRole('row')).toHaveCount(1);
  await panel(page).getByLabel('has tool errors').uncheck();

  // the chart: two days; hover gives the numbers, a click filters the table to that day
  const day2 = panel(page).getByRole('button', { name: '2026-11-05: 5,001 tokens' });
  await day2.hover();
  await expect(panel(page).getByText('2026-11-05: 5,001 tokens — /home/dev/web 5,001')).toBeVisible();
  await day2.click();
  await expect(table(page).locator('[role="rowgroup"]').last().getByRole('row')).toHaveCount(2);
  await expect(row(page, 'web1')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Show every day' }).click();
  await expect(table(page).locator('[role="rowgroup"]').last().getByRole('row')).toHaveCount(6);
  await shot(page, 'fleet-view');
  await expect(panel(page).getByRole('table', { name: 'Totals by project' }).getByRole('row', { name: /\/home\/dev\/api/ })).toContainText('1,115');

  // search across the folder: per-session counts, then a hit opens its session at its seq, highlighted
  await panel(page).getByRole('tab', { name: 'Search all' }).click();
  await panel(page).getByRole('searchbox', { name: 'Search every session' }).fill('missing semicolon');
  await panel(page).getByRole('button', { name: 'Search', exact: true }).click();
  const searchStatus = panel(page).locator('[data-running]');
  await expect(searchStatus).toHaveAttribute('data-running', 'no', { timeout: 20_000 });
  await expect(searchStatus).toHaveText('Searched 6/6 sessions: 2 hits in 2 sessions');
  await panel(page).getByRole('button', { name: 'Open root at seq 5' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '5');
  await expect(status(page)).toHaveAttribute('data-cursor', '5');
  await expect(page.locator('mark', { hasText: /missing semicolon/i }).first()).toBeVisible();
});

test('costs only from a price table the user gives, each naming it; a file that is not one is refused with why', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Choose a folder').setInputFiles(dshHome());
  await panel(page).getByRole('button', { name: 'Fleet view' }).click();
  const figures = panel(page).locator('[data-figures]');
  await expect(figures).toHaveAttribute('data-figures', '6', { timeout: 20_000 });
  await expect(figures).not.toContainText('cost');
  await expect(table(page).getByRole('columnheader', { name: /Cost/ })).toHaveCount(0);

  const prices = panel(page).getByLabel('Price table (JSON)');
  await prices.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"models": {"m": {"input": "cheap"}}}') });
  await expect(panel(page).getByRole('alert')).toHaveText('The price table bad.json gives "m" input a price that is not a non-negative number.');
  await expect(table(page).getByRole('columnheader', { name: /Cost/ })).toHaveCount(0);

  // one unit a token of input, two of output, for model m (the logs' model)
  await prices.setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ name: 'e2e prices', currency: 'USD', models: { m: { input: 1e6, output: 2e6 } } })) });
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await expect(panel(page).getByRole('group', { name: 'Prices' })).toContainText('Costs from price table “e2e prices” (USD)');
  // the loaded sessions' own tokens (the refused log's in none): 6,111 input and 5 output
  await expect(figures).toContainText('cost 6121.00 USD from price table “e2e prices”');
  const costCol = 15;
  await expect(table(page).getByRole('columnheader').nth(costCol)).toHaveText('Cost with sub-agents');
  await expect(row(page, 'root').getByRole('cell').nth(costCol)).toHaveText('117.00 USD'); // 111 input, 3 output, with its sub-agents
  await expect(row(page, 'web1').getByRole('cell').nth(costCol)).toHaveText('5002.00 USD');
  await expect(panel(page).getByRole('table', { name: 'Totals by project' }).getByRole('row', { name: /\/home\/dev\/api/ })).toContainText('1119.00 USD');
  await expect(panel(page).getByRole('table', { name: 'Totals by project' }).getByRole('columnheader', { name: 'Cost (“e2e prices”)' })).toBeVisible();

  // kept for the next visit, until cleared
  await page.reload();
  await page.getByLabel('Choose a folder').setInputFiles(dshHome());
  await panel(page).getByRole('button', { name: 'Fleet view' }).click();
  await expect(figures).toContainText('cost 6121.00 USD from price table “e2e prices”', { timeout: 20_000 });
  await panel(page).getByRole('button', { name: 'Clear prices' }).click();
  await expect(figures).not.toContainText('cost');
  await expect(table(page).getByRole('columnheader', { name: /Cost/ })).toHaveCount(0);
});

test('a followed session of the folder: its row, the totals and the chart follow the log as it grows', async ({ page }) => {
  const home = dshHome();
  const file = path.join(home, 'sessions/--home-dev-web--/web1/session.jsonl');
  const server = await serveFolder(home);
  try {
    await routeSrv(page, () => server.origin);
    await page.goto('/?folder=/srv/');
    await panel(page).getByRole('button', { name: 'Fleet view' }).click();
    const figures = panel(page).locator('[data-figures]');
    await expect(figures).toHaveAttribute('data-figures', '6');
    const cells = row(page, 'web1').getByRole('cell');
    const [turns, errors, input, total] = [5, 8, 9, 14].map((i) => cells.nth(i));
    await expect(turns).toHaveText('1');
    await expect(input).toHaveText('5,000');
    await expect(figures).toContainText('totals over 5 loaded: 5 turns, 5 tool calls (1 errors)');

    // open it from its row: it is followed (a live file over HTTP), the panel closes
    await row(page, 'web1').getByRole('link').click();
    await expect(panel(page)).toHaveCount(0);
    await expect(status(page)).toHaveAttribute('data-events', '8');
    await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');

    // it grows while the panel is closed: a turn whose tool call fails
    appendFileSync(file, jsonl(turn(8, 2, 300, DAY2 + 60_000, { fail: true })));
    await expect(status(page)).toHaveAttribute('data-events', '16');
    await page.getByRole('button', { name: 'Folder (6)' }).click();
    await expect(turns).toHaveText('2');
    await expect(errors).toHaveText('1');
    await expect(input).toHaveText('5,300');
    await expect(total).toHaveText('5,302');
    await expect(figures).toContainText('totals over 5 loaded: 6 turns, 6 tool calls (2 errors)');

    // and again while the table is shown: the row, the totals and the chart's day change in place
    appendFileSync(file, jsonl(turn(16, 3, 40, DAY2 + 120_000)));
    await expect(turns).toHaveText('3');
    await expect(input).toHaveText('5,340');
    await expect(figures).toContainText('totals over 5 loaded: 7 turns, 7 tool calls (2 errors)');
    await expect(panel(page).getByRole('button', { name: '2026-11-05: 5,343 tokens' })).toBeVisible();
    await expect(panel(page).getByRole('table', { name: 'Totals by project' }).getByRole('row', { name: /\/home\/dev\/web/ })).toContainText('5,343');
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await server.close();
  }
});
