/**
 * A page that is a bundle (src/io/bundle-file.ts) opens the log it carries, where the bundle says
 * to open (or where the URL hash says, after a reload), and plays the bundle's tour. The carried
 * bytes stay in the page for "Download log"; nothing is fetched, nothing is kept in the library.
 */
import { create } from 'zustand';
import { LOG_ID, META_ID, parseBundleMeta, type BundleMeta } from '../io/bundle-file';
import { decodePayloadText } from '../io/bundle-payload';
import type { HashState } from './hash';
import { openLoose } from './library';
import { failOpen, useApp } from './store';
import { openTour, playTour } from './tour';

export interface BundledState {
  /** The open page's bundle facts; undefined on the served app. */
  readonly meta?: BundleMeta;
}

export const useBundled = create<BundledState>(() => ({}));

/** The carried log's bytes, for "Download log". */
let carried: Uint8Array | undefined;

/** The session name a bundle's log is shown under (and the hash names). */
export const bundleSessionName = (meta: BundleMeta) => `bundle:${meta.name}`;

/**
 * Opens the bundle this page carries; false when the page is not a bundle. `hash`: the URL hash,
 * which wins over the bundle's own place when it names the same session (a reload keeps the place).
 */
export function openBundled(hash: HashState, doc: Document = document): boolean {
  const metaEl = doc.getElementById(META_ID);
  const logEl = doc.getElementById(LOG_ID);
  if (!metaEl || !logEl) return false;
  let meta: BundleMeta;
  let bytes: Uint8Array;
  try {
    meta = parseBundleMeta(metaEl.textContent ?? '');
    bytes = decodePayloadText(logEl.textContent ?? '');
  } catch (err) {
    failOpen(`This bundle cannot be opened: ${(err as Error).message}`);
    return true;
  }
  // the text is no longer needed: the page keeps the bytes once
  logEl.textContent = '';
  if (bytes.length !== meta.size) { failOpen(`This bundle cannot be opened: its log is ${bytes.length} bytes where the bundle says ${meta.size} (the file was cut short or edited).`); return true; }
  carried = bytes;
  useBundled.setState({ meta });
  const name = bundleSessionName(meta);
  const place = hash.session === name ? hash : meta.open ?? {};
  const buf = bytes.slice().buffer;
  openLoose(buf, meta.name, name, { cursor: place.cursor, sel: place.sel, view: place.view, a: place.a, b: place.b });
  if (meta.tour && hash.session !== name) {
    const tour = meta.tour;
    openTour(tour, 'url');
    // the tour plays once the log is open
    const unsub = useApp.subscribe((s) => {
      if (s.phase === 'ready' && s.summary) { unsub(); playTour(); }
      else if (s.phase === 'failed' || s.phase === 'cancelled') unsub();
    });
  }
  return true;
}

/** The carried log as a file to save: its bytes and its name. */
export function bundledLogFile(): { name: string; blob: Blob } | undefined {
  const meta = useBundled.getState().meta;
  if (!meta || !carried) return undefined;
  // a plain log the bundle packed is saved as the zstd frames it carries, named for them
  return { name: meta.packed === 'zstd' ? `${meta.name}.zstd` : meta.name, blob: new Blob([carried as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }) };
}
