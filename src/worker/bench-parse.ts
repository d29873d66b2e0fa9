/**
 * The benchmark's baseline (issue 5): what the worker takes only to read the same bytes, split them
 * into lines and `JSON.parse` each (zstd frames decoded first, as the loader does), with no
 * validation or index. A Blob is read a piece at a time, so the baseline runs at any size (a 4 GiB
 * log is never one array) and counts the reading, as the loader's figure does.
 */
import { sniffFormat } from '../io/sniff';
import { decodeZstdFrames, piecesOf } from '../io/zstd-frames';

const BLOCK = 4 << 20;
const PIECE = 8 << 20;

export async function parseOnly(input: ArrayBuffer | Blob): Promise<{ ms: number; events: number }> {
  const t0 = performance.now();
  const source = input instanceof Blob ? input : new Uint8Array(input);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let events = 0;
  let tail = new Uint8Array(0);
  const lines = (chunk: Uint8Array, last: boolean) => {
    let b = chunk;
    if (tail.length) { const j = new Uint8Array(tail.length + chunk.length); j.set(tail); j.set(chunk, tail.length); b = j; }
    let p = 0;
    while (p < b.length) {
      let end = Math.min(p + BLOCK, b.length);
      const nl = b.lastIndexOf(10, end - 1);
      if (end < b.length || !last) { if (nl < p) break; end = nl + 1; }
      const text = decoder.decode(b.subarray(p, end));
      let i = 0;
      while (i < text.length) {
        let j = text.indexOf('\n', i);
        if (j < 0) j = text.length;
        if (j > i) { JSON.parse(text.slice(i, j)); events++; }
        i = j + 1;
      }
      p = end;
    }
    tail = b.slice(p);
  };
  const head = source instanceof Blob ? new Uint8Array(await source.slice(0, 4).arrayBuffer()) : source.subarray(0, 4);
  if (sniffFormat(head) === 'zstd') {
    // the plaintext in blocks, as the loader scans it
    for await (const item of decodeZstdFrames(piecesOf(source, PIECE), { maxPlain: Infinity, blockBytes: BLOCK })) {
      if (item.kind === 'header' || item.kind === 'block') lines(item.plain, false);
    }
  } else {
    for await (const piece of piecesOf(source, PIECE)) lines(piece, false);
  }
  lines(new Uint8Array(0), true);
  return { ms: performance.now() - t0, events: events - 1 };
}
