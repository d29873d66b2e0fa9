/**
 * The benchmark's baseline (issue 5): what the worker takes only to split the same bytes into lines
 * and `JSON.parse` each (zstd frames decoded first, as the loader does), with no validation or index.
 */
import { sniffFormat } from '../io/sniff';
import { createFrameDecoder, scanZstdFrames } from '../io/zstd';

const BLOCK = 4 << 20;

export async function parseOnly(buffer: ArrayBuffer): Promise<{ ms: number; events: number }> {
  const t0 = performance.now();
  const bytes = new Uint8Array(buffer);
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
  if (sniffFormat(bytes) === 'zstd') {
    const { frames } = scanZstdFrames(bytes);
    const unzstd = await createFrameDecoder();
    // the decoder gathers the frames' plaintext; it is split in blocks, as the loader does
    for (let i = 0; i < frames.length; i++) {
      unzstd.decode(bytes, frames[i]);
      const last = i === frames.length - 1;
      if (last || unzstd.pending >= BLOCK) lines(unzstd.take(), last);
    }
  } else {
    lines(bytes, true);
  }
  return { ms: performance.now() - t0, events: events - 1 };
}
