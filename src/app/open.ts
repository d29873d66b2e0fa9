/**
 * The one entry point for opening sessions at start and from a URL: `?url=` (optionally as a live
 * file), `?demo=`, `?folder=`, `?tour=`, the session in the hash (library, url, demo), else the
 * default demo. Only the UI imports this module; it imports the rest of src/app, never the reverse.
 */
import { useApp } from '../store/store';
import { isBundlePage, openBundled } from './bundled';
import { openRunsFromLocation } from './runs';
import { openHttpFolder } from './folder';
import { parseHash } from './hash';
import { parseLibName } from './library';
import { openAndKeep, openFromLibrary, openLoose } from './library-open';
import { openLiveFile } from './live-file';
import { failOpen, type Restore } from './session';
import { fetchSessionBytes, isSameOrigin, urlSource } from './sources';
import { openKeptTour, openTourUrl } from './tour-io';

export { openFile } from './library-open';

export const DEFAULT_DEMO = 'demo.jsonl';

/** Fetches a same-origin address for a load: the bytes, or undefined after the open failed with its reason. */
async function fetchBytes(url: string): Promise<ArrayBuffer | undefined> {
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined });
  const r = await fetchSessionBytes(url);
  if ('error' in r) { failOpen(url, r.error); return undefined; }
  return r.bytes;
}

export async function openUrl(url: string, restore = {}): Promise<void> {
  if (!isSameOrigin(url)) {
    failOpen(url, `Could not open ${url}: only same-origin addresses are allowed (this page is served from ${location.origin}).`);
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

/**
 * A bundle page starts on the log it carries before the app first renders, so the session worker
 * and its decoder start while React does (the page's parser is still reading the log meanwhile).
 */
export function openBundleEarly(): void {
  if (isBundlePage()) openInitial();
}

/** Opened once per page (React's StrictMode runs the effect that calls it twice). */
const start: { done?: boolean } = {};

/** On start: `?url=`, then `?demo=`, then the session in the hash (library, url, demo), else the default demo. */
export function openInitial(): void {
  if (start.done) return;
  start.done = true;
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
  if (folder !== null && isSameOrigin(folder)) void openHttpFolder(folder);
  if (url && q.has('follow')) { void openLiveFile(urlSource(url), `url:${url}`, restore); return; }
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
