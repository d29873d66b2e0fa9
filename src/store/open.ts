/** Where sessions come from: a dropped or picked file, `?url=`, a kept library session, or a built-in demo. */
import { openBundled } from './bundled';
import { openFollowed, urlSource } from './live-session';
import { openHttpFolder } from './folder';
import { openRunsFromLocation } from '../app/runs';
import { parseHash } from './hash';
import { openAndKeep, openFromLibrary, openLoose, parseLibName } from './library';
import { admitFileSize } from './size-guard';
import { failOpen, useApp, type Restore } from './store';
import { openKeptTour, openTourUrl } from './tour';

export const DEFAULT_DEMO = 'demo.jsonl';

/** Opens a file the user brought; once it loads it is kept in the library. */
export async function openFile(file: File): Promise<void> {
  if (!(await admitFileSize(file))) return;
  useApp.setState({ phase: 'loading', progress: { done: 0, total: file.size }, message: undefined, refusal: undefined });
  await openAndKeep(file, file.name, `file:${file.name}`);
}

/** Why an answer is not a session log: `not found (404)`, `forbidden (403)`, else its status. */
export function describeHttpFailure(status: number, statusText = ''): string {
  const words: Record<number, string> = { 400: 'bad request', 401: 'not authorized', 403: 'forbidden', 404: 'not found', 410: 'gone', 500: 'server error', 502: 'bad gateway', 503: 'unavailable', 504: 'gateway timeout' };
  return `${words[status] ?? (statusText.toLowerCase() || 'the server refused it')} (${status})`;
}

/**
 * Fetches a same-origin address. A failed fetch or a non-2xx answer fails the open with its
 * reason; so does an HTML page answered for a file that is not HTML (a server's index fallback).
 */
async function fetchBytes(url: string): Promise<ArrayBuffer | undefined> {
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined });
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    failOpen(`Could not open ${url}: the server did not answer.`);
    return undefined;
  }
  if (!res.ok) { failOpen(`Could not open ${url}: ${describeHttpFailure(res.status, res.statusText)}.`); return undefined; }
  if (/^text\/html\b/i.test(res.headers.get('content-type') ?? '') && !/\.html?$/i.test(new URL(res.url || url, location.href).pathname)) {
    failOpen(`Could not open ${url}: not found (the server answered with an HTML page, not a session log).`);
    return undefined;
  }
  try {
    return await res.arrayBuffer();
  } catch (err) {
    failOpen(`Could not open ${url}: the download broke off (${(err as Error).message}).`);
    return undefined;
  }
}

export async function openUrl(url: string, restore = {}): Promise<void> {
  let target: URL | undefined;
  try { target = new URL(url, location.href); } catch { /* reported below */ }
  if (!target || target.origin !== location.origin) {
    failOpen(`Could not open ${url}: only same-origin addresses are allowed (this page is served from ${location.origin}).`);
    return;
  }
  const name = url.split('/').pop()?.split('?')[0] || url;
  const bytes = await fetchBytes(url);
  if (bytes) await openAndKeep(bytes, name, `url:${url}`, restore);
}

/** Built-in demos (public/demo/) open without being kept. `name` may carry `/<zip entry>`. */
export async function openDemo(name: string, restore: Restore = {}): Promise<void> {
  const slash = name.indexOf('/');
  const file = (slash < 0 ? name : name.slice(0, slash)).replace(/[^A-Za-z0-9._-]/g, '');
  const entry = slash < 0 ? restore.entry : name.slice(slash + 1);
  const bytes = await fetchBytes(`demo/${file}`);
  if (bytes) openLoose(bytes, file, `demo:${file}`, { ...restore, ...(entry ? { entry } : {}) });
}

/** On start: `?url=`, then `?demo=`, then the session in the hash (library, url, demo), else the default demo. */
let started = false;

export function openInitial(): void {
  if (started) return;
  started = true;
  const q = new URLSearchParams(location.search);
  const url = q.get('url');
  const demo = q.get('demo');
  const h = parseHash(location.hash);
  if (openBundled(h)) return;
  if (openRunsFromLocation(openUrl)) return;
  const restore = { cursor: h.cursor, sel: h.sel, view: h.view, a: h.a, b: h.b };
  // a tour opens beside its session and is checked against it once the session has loaded
  const tourUrl = q.get('tour');
  if (tourUrl) void openTourUrl(tourUrl);
  else if (h.tour) void openKeptTour(h.tour);
  const folder = q.get('folder');
  if (folder !== null && sameOrigin(folder)) void openHttpFolder(folder);
  if (url && q.has('follow')) { void openFollowed(urlSource(url), `url:${url}`, restore); return; }
  if (url) { void openUrl(url, restore); return; }
  const lib = parseLibName(h.session);
  if (lib) { void openFromLibrary(lib.id, { ...restore, entry: lib.entry }); return; }
  if (demo) {
    const same = h.session === `demo:${demo}` || h.session?.startsWith(`demo:${demo}/`);
    void openDemo(same ? h.session!.slice(5) : demo, same ? restore : {});
    return;
  }
  if (h.session?.startsWith('url:')) { void openUrl(h.session.slice(4), restore); return; }
  if (h.session?.startsWith('demo:')) { void openDemo(h.session.slice(5), restore); return; }
  void openDemo(DEFAULT_DEMO, h.session ? {} : restore);
}

/** A folder path this page may list: same origin, as the Content-Security-Policy requires anyway. */
function sameOrigin(path: string): boolean {
  try { return new URL(path, location.href).origin === location.origin; } catch { return false; }
}
