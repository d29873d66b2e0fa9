/**
 * A page that is a bundle (src/io/bundle-file.ts) opens the log it carries, where the bundle says
 * to open (or where the URL hash says, after a reload), and plays the bundle's tour. The log goes
 * to the session worker a piece at a time as the page's parser reaches it (./bundle-pieces), so
 * its first events show while the rest of the page is still read. The carried bytes stay in the
 * page for "Download log"; nothing is fetched, nothing is kept in the library.
 */
import { create } from 'zustand';
import type { BundleMeta } from '../io/bundle-file';
import { concatBytes } from '../io/bytes';
import { BUNDLE_PAGE_META } from '../io/bundle-template';
import { sniffFormat } from '../io/sniff';
import { useApp } from '../store/store';
import { carriedPieces, readBundleMeta, watchParser } from './bundle-pieces';
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

/** The carried log's pieces, for "Download log"; `complete` once every piece is read. */
const carried: { parts: Uint8Array[]; complete: boolean } = { parts: [], complete: false };

/** The session name a bundle's log is shown under (and the hash names). */
export const bundleSessionName = (meta: BundleMeta) => `bundle:${meta.name}`;

/** The page is a bundle (its template says so in the head, before any of its data is parsed). */
export function isBundlePage(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${BUNDLE_PAGE_META}"]`) !== null;
}

/**
 * Opens the bundle this page carries; false when the page is not a bundle. The app's script runs
 * while the parser still reads the log; the load starts on its first piece. `hash`: the URL hash,
 * which wins over the bundle's own place when it names the same session (a reload keeps it).
 */
export function openBundled(hash: HashState, doc: Document = document): boolean {
  if (!isBundlePage(doc)) return false;
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined, refusal: undefined });
  void openCarried(hash, doc);
  return true;
}

/** Every piece `pieces` gives, kept for "Download log" as it passes. */
async function* keeping(pieces: AsyncIterator<Uint8Array>, first: Uint8Array): AsyncGenerator<Uint8Array> {
  carried.parts.push(first);
  yield first;
  for (let r = await pieces.next(); !r.done; r = await pieces.next()) { carried.parts.push(r.value); yield r.value; }
  carried.complete = true;
  useBundled.setState({ complete: true });
}

async function openCarried(hash: HashState, doc: Document): Promise<void> {
  const watch = watchParser(doc);
  let meta: BundleMeta, pieces: AsyncIterator<Uint8Array>, first: IteratorResult<Uint8Array>;
  try {
    const facts = await readBundleMeta(doc, watch);
    meta = facts.meta;
    pieces = carriedPieces(facts.el, meta, watch);
    first = await pieces.next();
  } catch (err) {
    watch.stop();
    const m = (err as Error).message;
    failOpen('this bundle', m.startsWith('This bundle') ? m : `This bundle cannot be opened: ${m}`);
    return;
  }
  useBundled.setState({ meta });
  const name = bundleSessionName(meta);
  const place = hash.session === name ? hash : meta.open ?? {};
  const restore: Restore = { cursor: place.cursor, sel: place.sel, view: place.view, a: place.a, b: place.b };
  const log = keeping(pieces, first.done ? new Uint8Array(0) : first.value);
  if (!first.done && sniffFormat(first.value) === 'zstd') {
    // the worker decodes and parses the frames as they come, as it reads a dropped .jsonl.zstd
    openArriving({ size: meta.size, pieces: log }, meta.name, name, restore);
  } else {
    // anything else (a ZIP) is opened whole
    try {
      const parts: Uint8Array[] = [];
      for await (const p of log) parts.push(p);
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
  if (!meta || !carried.complete) return undefined;
  // a plain log the bundle packed is saved as the zstd frames it carries, named for them
  return { name: meta.packed === 'zstd' ? `${meta.name}.zstd` : meta.name, blob: new Blob(carried.parts as Uint8Array<ArrayBuffer>[], { type: 'application/octet-stream' }) };
}
