/**
 * A bundle page's facts and log pieces (src/io/bundle-file.ts), read while the HTML parser still
 * reads the page: the app's script runs before the parser reaches them, and a 50 MB bundle takes
 * the parser seconds. Each piece is given as soon as the parser has finished its element, so the
 * session worker starts on the first frames as it does on a dropped file. An element is finished
 * once a node follows it (the parser has read its end tag) or the page is parsed.
 */
import { LOG_CLASS, META_ID, parseBundleMeta, type BundleMeta } from '../io/bundle-file';
import { decodePayloadTextInto } from '../io/bundle-payload';

/** Wakes a waiter on every node the parser adds to the page, and once the page is parsed. */
export interface ParserWatch {
  parsed(): boolean;
  /** Resolves on the next change (or at once when the page is parsed). */
  next(): Promise<void>;
  stop(): void;
}

export function watchParser(doc: Document): ParserWatch {
  let wake: (() => void) | undefined;
  const tick = () => { const w = wake; wake = undefined; w?.(); };
  const mo = new MutationObserver(tick);
  // the pieces are children of the body (the app's script, in the body, runs once it exists)
  if (doc.body) mo.observe(doc.body, { childList: true });
  else mo.observe(doc.documentElement, { childList: true, subtree: true });
  doc.addEventListener('DOMContentLoaded', tick);
  const parsed = () => doc.readyState !== 'loading';
  return {
    parsed,
    next: () => (parsed() ? Promise.resolve() : new Promise<void>((r) => { wake = r; })),
    stop: () => { mo.disconnect(); doc.removeEventListener('DOMContentLoaded', tick); },
  };
}

const finished = (el: Element, w: ParserWatch) => el.nextSibling !== null || w.parsed();

/** The facts element once it is finished, and its facts (checked). */
export async function readBundleMeta(doc: Document, w: ParserWatch): Promise<{ el: Element; meta: BundleMeta }> {
  for (;;) {
    const el = doc.getElementById(META_ID);
    if (el && finished(el, w)) return { el, meta: parseBundleMeta(el.textContent ?? '') };
    if (w.parsed()) throw new Error('it has no facts about the log it carries (the file was cut short or edited).');
    await w.next();
  }
}

/**
 * The log's bytes, a piece per element after the facts, each as soon as the parser has finished
 * it; each element is removed once read (the page then holds the bytes once). Throws, with a
 * sentence, when the pieces do not add up to the facts' size.
 */
export async function* carriedPieces(metaEl: Element, meta: BundleMeta, w: ParserWatch): AsyncGenerator<Uint8Array> {
  let n = 0;
  const short = () => new Error(`This bundle cannot be opened: its log is ${n} bytes where the bundle says ${meta.size} (the file was cut short or edited).`);
  try {
    yield* piecesAfter(metaEl, w, (len) => { n += len; if (n > meta.size) throw short(); });
  } finally {
    w.stop();
  }
  if (n !== meta.size) throw short();
}

/** The log's elements after the facts, in order; other elements between them (the app's script) are passed by. */
async function* piecesAfter(metaEl: Element, w: ParserWatch, count: (len: number) => void): AsyncGenerator<Uint8Array> {
  let before: Element = metaEl;
  for (;;) {
    const el = before.nextElementSibling;
    const piece = el instanceof HTMLScriptElement && el.classList.contains(LOG_CLASS) ? el : undefined;
    if (piece && finished(piece, w)) {
      const text = piece.text;
      piece.remove();
      const out = new Uint8Array(text.length);
      const len = decodePayloadTextInto(text, out, 0);
      count(len);
      yield out.subarray(0, len);
      continue;
    }
    if (el && !piece) { before = el; continue; }
    // the page parsed, nothing after: the log has ended
    if (!el && w.parsed()) return;
    await w.next();
  }
}
