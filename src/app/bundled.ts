/**
 * A page that is a bundle (src/io/bundle-file.ts) opens the log it carries, where the bundle says
 * to open (or where the URL hash says, after a reload), and plays the bundle's tour. The carried
 * bytes stay in the page for "Download log"; nothing is fetched, nothing is kept in the library.
 */
import { create } from 'zustand';
import { LOG_CLASS, META_ID, parseBundleMeta, type BundleMeta } from '../io/bundle-file';
import { decodePayloadTextInto } from '../io/bundle-payload';
import { BUNDLE_PAGE_META } from '../io/bundle-template';
import { useApp } from '../store/store';
import type { HashState } from './hash';
import { openLoose } from './library-open';
import { failOpen } from './session';
import { openTour, playTour } from './tour-player';

export interface BundledState {
  /** The open page's bundle facts; undefined on the served app. */
  readonly meta?: BundleMeta;
}

export const useBundled = create<BundledState>(() => ({}));

/** The carried log's bytes, for "Download log". */
const carried: { bytes?: Uint8Array } = {};

/** The session name a bundle's log is shown under (and the hash names). */
export const bundleSessionName = (meta: BundleMeta) => `bundle:${meta.name}`;

/** The page is a bundle (its template says so in the head, before any of its data is parsed). */
export function isBundlePage(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${BUNDLE_PAGE_META}"]`) !== null;
}

/**
 * Opens the bundle this page carries; false when the page is not a bundle. The app's script runs
 * while the parser still reads the log, so the log is read once the page is parsed. `hash`: the URL
 * hash, which wins over the bundle's own place when it names the same session (a reload keeps it).
 */
export function openBundled(hash: HashState, doc: Document = document): boolean {
  if (!isBundlePage(doc)) return false;
  if (doc.readyState !== 'loading') openCarried(hash, doc);
  else {
    useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined, refusal: undefined });
    doc.addEventListener('DOMContentLoaded', () => openCarried(hash, doc), { once: true });
  }
  return true;
}

/** The carried log's bytes from the page's pieces, checked against the facts' size. */
function readCarried(doc: Document, meta: BundleMeta): Uint8Array {
  const pieces = [...doc.querySelectorAll<HTMLScriptElement>(`script.${LOG_CLASS}`)].map((el) => el.text);
  const room = pieces.reduce((n, p) => n + p.length, 0);
  if (pieces.length === 0 || meta.size > room) throw new Error(`its log is shorter than the ${meta.size} bytes the bundle says (the file was cut short or edited).`);
  const out = new Uint8Array(meta.size);
  let n = 0;
  for (const p of pieces) n = decodePayloadTextInto(p, out, n);
  if (n !== meta.size) throw new Error(`its log is ${n} bytes where the bundle says ${meta.size} (the file was cut short or edited).`);
  // the text is no longer needed: the page keeps the bytes once
  for (const el of doc.querySelectorAll(`script.${LOG_CLASS}`)) el.remove();
  return out;
}

function openCarried(hash: HashState, doc: Document): void {
  let meta: BundleMeta;
  let bytes: Uint8Array;
  try {
    const metaEl = doc.getElementById(META_ID);
    if (!metaEl) throw new Error('it has no facts about the log it carries (the file was cut short or edited).');
    meta = parseBundleMeta(metaEl.textContent ?? '');
    bytes = readCarried(doc, meta);
  } catch (err) {
    failOpen(`This bundle cannot be opened: ${(err as Error).message}`);
    return;
  }
  carried.bytes = bytes;
  useBundled.setState({ meta });
  const name = bundleSessionName(meta);
  const place = hash.session === name ? hash : meta.open ?? {};
  openLoose(bytes.slice().buffer, meta.name, name, { cursor: place.cursor, sel: place.sel, view: place.view, a: place.a, b: place.b });
  if (meta.tour && hash.session !== name) {
    openTour(meta.tour, 'url');
    // the tour plays once the log is open
    const unsub = useApp.subscribe((s) => {
      if (s.phase === 'ready' && s.summary) { unsub(); playTour(); }
      else if (s.phase === 'failed' || s.phase === 'cancelled') unsub();
    });
  }
}

/** The carried log as a file to save: its bytes and its name. */
export function bundledLogFile(): { name: string; blob: Blob } | undefined {
  const meta = useBundled.getState().meta;
  if (!meta || !carried.bytes) return undefined;
  // a plain log the bundle packed is saved as the zstd frames it carries, named for them
  return { name: meta.packed === 'zstd' ? `${meta.name}.zstd` : meta.name, blob: new Blob([carried.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }) };
}
