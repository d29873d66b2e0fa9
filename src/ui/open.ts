/** Where sessions come from: a dropped or picked file, `?url=`, or a built-in demo. */
import { failOpen, openBytes } from '../store/store';
import { useApp } from '../store/store';
import { parseHash } from '../store/hash';

export const DEFAULT_DEMO = 'demo.jsonl';

export async function openFile(file: File): Promise<void> {
  useApp.setState({ phase: 'loading', progress: { done: 0, total: file.size }, message: undefined });
  const bytes = await file.arrayBuffer();
  openBytes(bytes, file.name, `file:${file.name}`);
}

async function openFetched(url: string, name: string, session: string, restore = {}): Promise<void> {
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined });
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    openBytes(await res.arrayBuffer(), name, session, restore);
  } catch (err) {
    failOpen(`Could not fetch ${url}: ${(err as Error).message}`);
  }
}

export function openUrl(url: string, restore = {}): Promise<void> {
  const name = url.split('/').pop()?.split('?')[0] || url;
  return openFetched(url, name, `url:${url}`, restore);
}

export function openDemo(name: string, restore = {}): Promise<void> {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '');
  return openFetched(`demo/${safe}`, safe, `demo:${safe}`, restore);
}

/** On start: `?url=` wins, then the session in the hash, then the default demo. */
let started = false;

export function openInitial(): void {
  if (started) return;
  started = true;
  const url = new URLSearchParams(location.search).get('url');
  const h = parseHash(location.hash);
  const restore = { cursor: h.cursor, sel: h.sel, view: h.view };
  if (url) { void openUrl(url, restore); return; }
  if (h.session?.startsWith('url:')) { void openUrl(h.session.slice(4), restore); return; }
  if (h.session?.startsWith('demo:')) { void openDemo(h.session.slice(5), restore); return; }
  void openDemo(DEFAULT_DEMO, h.session ? {} : restore);
}
