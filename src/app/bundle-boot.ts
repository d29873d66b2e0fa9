/**
 * A bundle page's first script (vite.bundle.config.ts builds it as a classic script of its own,
 * before the log the page carries and before the app's script). It starts the session worker and
 * the zstd decoder at once and, as soon as the parser has read the bundle's facts and the log's
 * first piece, the load, each piece going to the worker as the parser finishes it
 * (./bundle-pieces.ts). So the workers compile and the first frames decode while the page still
 * parses and compiles the app's script; the app adopts the client and attaches to the load
 * (./bundled.ts).
 */
import { sniffFormat } from '../io/sniff';
import type { BootOpen, BundleBoot, Carried } from './bundle-boot-global';
import { carriedPieces, readBundleMeta, watchParser } from './bundle-pieces';
import { client } from './session-client';
import { LaterCallbacks } from './started-load';

export function bootBundle(doc: Document): BundleBoot {
  // the spare decoder waits: the load lends a decoder of its own, and nothing else competes for the cores
  client.prestart(false);
  const carried: Carried = { parts: [], complete: false };
  return { client, carried, opened: openCarried(doc, carried) };
}

/** Every piece `pieces` gives, kept in `carried` as it passes. */
async function* keeping(pieces: AsyncIterator<Uint8Array>, first: Uint8Array, carried: Carried): AsyncGenerator<Uint8Array> {
  carried.parts.push(first);
  yield first;
  for (let r = await pieces.next(); !r.done; r = await pieces.next()) { carried.parts.push(r.value); yield r.value; }
  carried.complete = true;
  carried.onComplete?.();
}

async function openCarried(doc: Document, carried: Carried): Promise<BootOpen> {
  const watch = watchParser(doc);
  try {
    const { el, meta } = await readBundleMeta(doc, watch);
    const pieces = carriedPieces(el, meta, watch);
    const first = await pieces.next();
    const log = keeping(pieces, first.done ? new Uint8Array(0) : first.value, carried);
    // a zstd log is decoded and parsed in the worker as its pieces come, as a dropped .jsonl.zstd is
    if (first.done || sniffFormat(first.value) !== 'zstd') return { kind: 'whole', meta, log };
    const load = new LaterCallbacks(meta.size);
    client.load({ size: meta.size, pieces: log }, meta.name, load);
    performance.mark('seqscope:load-posted');
    client.lendAhead();
    return { kind: 'started', meta, load };
  } catch (err) {
    watch.stop();
    const m = (err as Error).message;
    return { kind: 'failed', message: m.startsWith('This bundle') ? m : `This bundle cannot be opened: ${m}` };
  }
}
