/**
 * A page that is a bundle (src/io/bundle-file.ts) opens the log it carries, where the bundle says
 * to open (or where the URL hash says, after a reload), and plays the bundle's tour. The page's
 * first script (./bundle-boot.ts) has already started the load, the log going to the session
 * worker a piece at a time as the page's parser reaches it; the app attaches to that load. The
 * carried bytes stay in the page for "Download log"; nothing is fetched, nothing is kept in the library.
 */
import { create } from 'zustand';
import type { BundleMeta } from '../io/bundle-file';
import { concatBytes } from '../io/bytes';
import { BUNDLE_PAGE_META } from '../io/bundle-template';
import { useApp } from '../store/store';
import { bundleBoot, type BundleBoot } from './bundle-boot-global';
import type { HashState } from './hash';
import { openArriving, openLoose } from './library-open';
import { failOpen, type Restore } from './session';
import { openTour, playTour } from './tour-player';

export interface BundledState {
  /** The open page's bundle facts; undefined on the served app. */
  readonly meta?: BundleMeta;
  /** Every piece of the carried log has been read ("Download log" can save it). */
  readonly complete?: boolean;
}

export const useBundled = create<BundledState>(() => ({}));

/** The session name a bundle's log is shown under (and the hash names). */
export const bundleSessionName = (meta: BundleMeta) => `bundle:${meta.name}`;

/** The page is a bundle (its template says so in the head, before any of its data is parsed). */
export function isBundlePage(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${BUNDLE_PAGE_META}"]`) !== null;
}

/**
 * Opens the bundle this page carries; false when the page is not a bundle. `hash`: the URL hash,
 * which wins over the bundle's own place when it names the same session (a reload keeps it).
 */
export function openBundled(hash: HashState, doc: Document = document): boolean {
  if (!isBundlePage(doc)) return false;
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined, refusal: undefined });
  const boot = bundleBoot();
  if (boot) void openCarried(hash, boot);
  else failOpen('this bundle', 'This bundle cannot be opened: its first script did not run.');
  return true;
}

async function openCarried(hash: HashState, boot: BundleBoot): Promise<void> {
  const opened = await boot.opened;
  if (opened.kind === 'failed') { failOpen('this bundle', opened.message); return; }
  const { meta } = opened;
  useBundled.setState({ meta, complete: boot.carried.complete });
  boot.carried.onComplete = () => { useBundled.setState({ complete: true }); };
  const name = bundleSessionName(meta);
  const place = hash.session === name ? hash : meta.open ?? {};
  const restore: Restore = { cursor: place.cursor, sel: place.sel, view: place.view, a: place.a, b: place.b };
  if (opened.kind === 'started') openArriving(opened.load, meta.name, name, restore);
  else {
    // anything else (a ZIP) is opened whole
    try {
      const parts: Uint8Array[] = [];
      for await (const p of opened.log) parts.push(p);
      openLoose(concatBytes(parts).buffer, meta.name, name, restore);
    } catch (err) {
      failOpen(meta.name, (err as Error).message);
    }
  }
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
  const carried = bundleBoot()?.carried;
  if (!meta || !carried?.complete) return undefined;
  // a plain log the bundle packed is saved as the zstd frames it carries, named for them
  return { name: meta.packed === 'zstd' ? `${meta.name}.zstd` : meta.name, blob: new Blob(carried.parts as Uint8Array<ArrayBuffer>[], { type: 'application/octet-stream' }) };
}
