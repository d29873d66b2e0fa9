/** Shared by the e2e/hostile-*.spec.ts flows (issue 6): feeding hostile bytes and watching what the page does. */
import { writeFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { PWNED_FLAG } from '../src/fuzz/hostile';
import { status } from './helpers';

/** Playwright refuses `setInputFiles` buffers over 50 MB; larger inputs go through a file. */
const BUFFER_LIMIT = 45 * 1024 * 1024;

/** Picks `bytes` as file `name` with the Open file input. */
export async function pickBytes(page: Page, testInfo: TestInfo, name: string, bytes: Uint8Array): Promise<void> {
  const input = page.getByLabel('Open file');
  if (bytes.length < BUFFER_LIMIT) {
    await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return;
  }
  const path = testInfo.outputPath(name);
  writeFileSync(path, bytes);
  await input.setInputFiles(path);
}

/** Opens the app and waits until the default demo has loaded (so a later load is a real transition). */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(status(page)).toHaveAttribute('data-cursor', /\d+/);
}

export interface Watch {
  /** Every request URL the page (or its workers) made. */
  readonly requests: string[];
  /** URLs that left the app's origin (neither same-origin nor blob:/data:). */
  offOrigin(): string[];
  /** CSP violations reported in the page: any one means markup or a request got past the renderer. */
  violations(): Promise<string[]>;
  /** `window.__seqscopePwned`, which any executed payload sets. */
  pwned(): Promise<unknown>;
}

/** Starts watching requests and CSP violations; call before the first navigation. */
export async function watch(page: Page, origin: string): Promise<Watch> {
  const requests: string[] = [];
  page.on('request', (r) => { requests.push(r.url()); });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => { w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`); });
  });
  return {
    requests,
    offOrigin: () => requests.filter((u) => !(u === origin || u.startsWith(`${origin}/`) || u.startsWith('blob:') || u.startsWith('data:'))),
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.slice()),
    pwned: () => page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], PWNED_FLAG),
  };
}

/** Elements that only rendered HTML (not text) could have produced. */
export function activeMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'style', 'math', 'base', 'meta', 'link'].includes(tag)) found.push(tag);
      if (tag === 'img' && !(el as HTMLImageElement).src.startsWith('blob:')) found.push(`img ${(el as HTMLImageElement).src}`);
      for (const a of Array.from(el.attributes)) {
        if (a.name.startsWith('on')) found.push(`${tag}[${a.name}]`);
        if ((a.name === 'href' || a.name === 'src' || a.name === 'srcdoc' || a.name === 'action') && /^\s*(javascript|data|https?):/i.test(a.value)) found.push(`${tag}[${a.name}=${a.value.slice(0, 60)}]`);
      }
    }
    return found;
  });
}

/**
 * Waits until the load that was just started settles: a verdict banner or a role=alert refusal,
 * with the page no longer loading. While it waits, pings the page (`evaluate(() => 1)`) and
 * returns the slowest answer in ms, plus every progress value the bar showed.
 */
export async function settle(page: Page, timeoutMs = 60_000): Promise<{ maxPingMs: number; progress: number[]; outcome: 'verdict' | 'alert' }> {
  const start = Date.now();
  let maxPingMs = 0;
  const progress = new Set<number>();
  for (;;) {
    const t0 = Date.now();
    const st = await page.evaluate(() => {
      const bar = document.querySelector('[role=progressbar]');
      return {
        phase: document.querySelector<HTMLElement>('[role=status]')?.dataset.phase,
        verdict: document.querySelector('[aria-label=Verdict][data-verdict]') !== null,
        alert: document.querySelector('[role=alert]') !== null,
        now: bar ? Number(bar.getAttribute('aria-valuenow')) : undefined,
      };
    });
    maxPingMs = Math.max(maxPingMs, Date.now() - t0);
    if (st.now !== undefined) progress.add(st.now);
    if (st.phase !== 'loading' && (st.verdict || st.alert)) return { maxPingMs, progress: [...progress], outcome: st.verdict ? 'verdict' : 'alert' };
    if (Date.now() - start > timeoutMs) throw new Error(`no verdict or refusal within ${timeoutMs} ms (phase ${st.phase})`);
    // not a sleep: waits for the next frame, so each ping also proves the page still renders
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  }
}

/** Records every value the progress bar shows, from inside the page (catches updates between polls). */
export async function recordProgress(page: Page): Promise<() => Promise<{ values: number[]; max: number }>> {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: { values: number[]; max: number } };
    w.__progress = { values: [], max: 0 };
    const seen = () => {
      const bar = document.querySelector('[role=progressbar]');
      if (!bar) return;
      const v = Number(bar.getAttribute('aria-valuenow'));
      w.__progress.max = Number(bar.getAttribute('aria-valuemax'));
      if (w.__progress.values[w.__progress.values.length - 1] !== v) w.__progress.values.push(v);
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: { values: number[]; max: number } }).__progress);
}
