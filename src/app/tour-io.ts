/** Tours in and out: the `.tour.json` file, import from a file or a same-origin URL, keeping in the library. */
import { validateTour, type Tour } from '../core/tour';
import type { TourOrigin } from '../store/tour-slice';
import { library, libraryState } from './library';
import { isSameOrigin } from './sources';
import { openTour } from './tour-player';
import { setTour, setTourError, tourState } from './tour-state';

/** The open tour as a `.tour.json` file's name and text. */
export function formatTourFile(): { name: string; text: string } | undefined {
  const t = tourState().tour;
  if (!t) return undefined;
  const base = (t.session.id || 'session').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
  return { name: `${base}.tour.json`, text: JSON.stringify(t, null, 2) + '\n' };
}

/** Parses and validates tour text: the tour, or one sentence saying why it is not one. */
function parseTourText(text: string): { tour: Tour } | { error: string } {
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (err) {
    return { error: `it is not valid JSON (${(err as Error).message}).` };
  }
  const v = validateTour(parsed);
  return v.ok ? { tour: v.tour } : { error: v.message };
}

/** Opens tour text, or says in one sentence (prefixed with `what`) why it cannot. */
function importTourText(text: string, origin: TourOrigin, what: string, libraryId?: string): boolean {
  const r = parseTourText(text);
  if ('error' in r) { setTourError(`${what} is not a valid tour: ${r.error}`); return false; }
  openTour(r.tour, origin, libraryId);
  // an import is made from the editor, which stays open; a link opens the tour without it
  if (origin === 'imported') setTour({ panel: true });
  return true;
}

const MAX_TOUR_BYTES = 8 << 20;

export async function importTourFile(file: Blob): Promise<void> {
  if (file.size > MAX_TOUR_BYTES) { setTourError(`This tour file is ${file.size} bytes; tours over 8 MB are not read.`); return; }
  importTourText(await file.text(), 'imported', 'This file');
}

/** `?tour=<url>`: same-origin addresses only, as `?url=`. */
export async function openTourUrl(url: string): Promise<void> {
  let target: URL;
  try { target = new URL(url, location.href); } catch { setTourError(`The tour address ${url} is not a valid URL.`); return; }
  if (!isSameOrigin(url)) { setTourError(`The tour at ${url} is on another origin; only same-origin addresses are allowed.`); return; }
  try {
    const res = await fetch(target);
    // a static server answers a missing path with its index page: that is "not found" too
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) { setTourError(`The tour at ${url} was not found (${res.ok ? 'the server sent a web page' : res.status}).`); return; }
    if (Number(res.headers.get('content-length') ?? 0) > MAX_TOUR_BYTES) { setTourError(`The tour at ${url} is over 8 MB and is not read.`); return; }
    importTourText(await res.text(), 'url', `The tour at ${url}`);
  } catch (err) {
    setTourError(`The tour at ${url} could not be fetched (${(err as Error).message}).`);
  }
}

/** Keeps the open tour in the library with its session; returns its library id. */
export async function keepTour(): Promise<string | undefined> {
  const s = tourState();
  const t = s.tour;
  if (!t) return undefined;
  const lib = await library();
  if (!lib) { setTourError('The library is unavailable in this browser; export the tour instead.'); return undefined; }
  const id = s.libraryId ?? `tour-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    await lib.addTour({ id, entryId: libraryState().currentId, sessionId: t.session.id, title: t.title ?? `Tour of ${t.session.id}`, steps: t.steps.length, addedAt: Date.now(), tour: t });
  } catch (err) {
    setTourError((err as Error).message);
    return undefined;
  }
  setTour({ libraryId: id, error: undefined });
  return id;
}

/** `#tour=<library id>`: opens a kept tour (validated again: the store is only as safe as what wrote it). */
export async function openKeptTour(id: string): Promise<void> {
  const lib = await library();
  if (!lib) { setTourError('The library is unavailable in this browser.'); return; }
  try {
    const kept = await lib.tour(id);
    importTourText(JSON.stringify(kept.tour), 'library', `The kept tour ${id}`, id);
  } catch (err) {
    setTourError((err as Error).message);
  }
}
