/**
 * Issue 17: `seqscope serve DIR`, by spawning the CLI as a user does and opening the address it
 * prints: the built viewer with the same security headers as `vite preview`, the folder API from
 * the page's own origin (listing, bytes, ranges), a session of the folder opened from it and
 * followed as the file grows, and the refusals met by a wrong token, a path outside the folder
 * and a write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { closedToolTurn, headerRecord, jsonl } from '../src/testing/builders';
import { coreLoad, DEMO, slider, status, waitLoaded } from './helpers';

let dir: string;
let child: ChildProcess;
let url: URL;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-serve-e2e-'));
  mkdirSync(path.join(dir, '--home-dev-proj--', 's1'), { recursive: true });
  copyFileSync(DEMO, path.join(dir, '--home-dev-proj--', 's1', 'session.jsonl'));
  writeFileSync(path.join(dir, 'notes.txt'), 'not a log');
  // --port 0: the system picks a free port, and the printed address says which
  child = spawn(process.execPath, ['bin/seqscope.js', 'serve', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '', err = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no address in 120 s: ${out} ${err}`)), 120_000);
    child.stdout!.on('data', (c: Buffer) => { out += c.toString(); const m = /http:\/\/\S+/.exec(out); if (m) { clearTimeout(timer); resolve(out); } });
    child.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
  const lines = line.trim().split('\n');
  expect(lines, 'serve prints one line').toHaveLength(1);
  url = new URL(/http:\/\/\S+/.exec(lines[0])![0]);
});
test.afterAll(() => { child?.kill('SIGTERM'); rmSync(dir, { recursive: true, force: true }); });

const folder = () => url.searchParams.get('folder')!;

test('prints a 127.0.0.1 address with a 32-hex-character token, and serves the viewer with the headers of vite preview', async ({ page, request }) => {
  expect(url.hostname).toBe('127.0.0.1');
  expect(folder()).toMatch(/^\/fs\/[0-9a-f]{32}\/$/);
  const res = await page.goto(url.href);
  const preview = await request.get('/');
  for (const h of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
    expect(res!.headers()[h], h).toBe(preview.headers()[h]);
  }
  await expect(page.getByLabel('Open file')).toBeAttached();
  await expect(page).toHaveTitle('Seqscope');
});

test('the page reads the folder API from its own origin: listing, bytes and ranges', async ({ page }) => {
  await page.goto(url.href);
  const size = statSync(DEMO).size;
  const got = await page.evaluate(async (f) => {
    const list = await (await fetch(f)).json();
    const sub = await (await fetch(`${f}--home-dev-proj--/s1/`)).json();
    const file = `${f}--home-dev-proj--/s1/session.jsonl`;
    const whole = await fetch(file);
    const tail = await fetch(file, { headers: { Range: 'bytes=10-' } });
    const past = await fetch(file, { headers: { Range: `bytes=${(await whole.clone().arrayBuffer()).byteLength}-` } });
    return {
      list, sub, wholeLength: (await whole.arrayBuffer()).byteLength, ranges: whole.headers.get('accept-ranges'),
      tail: [tail.status, tail.headers.get('content-range'), (await tail.arrayBuffer()).byteLength], past: [past.status, past.headers.get('content-range')],
    };
  }, folder());
  expect(got.list.entries.map((e: { name: string; kind: string }) => [e.name, e.kind])).toEqual([['--home-dev-proj--', 'dir'], ['notes.txt', 'file']]);
  expect(got.sub.entries).toEqual([{ name: 'session.jsonl', kind: 'file', size, mtimeMs: expect.any(Number) }]);
  expect([got.wholeLength, got.ranges]).toEqual([size, 'bytes']);
  expect(got.tail).toEqual([206, `bytes 10-${size - 1}/${size}`, size - 10]);
  expect(got.past).toEqual([416, `bytes */${size}`]);
});

test('opens a session of the folder in the viewer', async ({ page }) => {
  const r = await coreLoad(DEMO);
  await page.goto(new URL(`/?url=${encodeURIComponent(`${folder()}--home-dev-proj--/s1/session.jsonl`)}`, url).href);
  await waitLoaded(page, r.session!.log.length - 1);
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');
});

test('follows a session of the folder as the file grows', async ({ page }) => {
  mkdirSync(path.join(dir, 'live'), { recursive: true });
  const file = path.join(dir, 'live', 'session.jsonl');
  writeFileSync(file, jsonl([headerRecord('live-serve'), ...closedToolTurn(0, 1)]));
  await page.goto(new URL(`/?url=${encodeURIComponent(`${folder()}live/session.jsonl`)}&follow`, url).href);
  await expect(status(page)).toHaveAttribute('data-events', '8', { timeout: 30_000 });
  appendFileSync(file, jsonl(closedToolTurn(8, 2)));
  await expect(status(page)).toHaveAttribute('data-events', '16');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', '15');
  await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'ok');
  // the page keeps polling: leave it before the server and the folder go
  await page.goto('about:blank');
});

test('the printed address lists the folder in the viewer, opens a session from the list and follows it', async ({ page }) => {
  const file = path.join(dir, 'sessions', '--home-dev-proj--', 's-live', 'session.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, jsonl([headerRecord('s-live', { cwd: '/home/dev/proj' }), ...closedToolTurn(0, 1)]));
  await page.goto(url.href);
  const panel = page.getByRole('complementary', { name: 'Folder' });
  const item = panel.getByRole('option', { name: 'Open s-live' });
  await expect(item).toHaveAttribute('data-verdict', 'ok', { timeout: 30_000 });
  await item.click();
  await expect(status(page)).toHaveAttribute('data-events', '8', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
  appendFileSync(file, jsonl(closedToolTurn(8, 2)));
  await expect(status(page)).toHaveAttribute('data-events', '16');
  await page.goto('about:blank');
});

test('refuses a wrong token, a path outside the folder and a write', async ({ request }) => {
  const f = folder();
  const wrong = f.replace(/\/fs\/./, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'));
  expect((await request.get(new URL(`${wrong}notes.txt`, url).href)).status()).toBe(404);
  expect((await request.get(new URL(`${f}%2e%2e/%2e%2e/etc/passwd`, url).href)).status()).toBe(404);
  expect((await request.post(new URL(`${f}notes.txt`, url).href, { data: 'x' })).status()).toBe(405);
});
