/**
 * The fleet floor's worker: each File read whole (FileReaderSync, as the app's folder worker
 * reads); with mode `parse`, decoded (a zstd log by the loader's own frame decoder), split on LF
 * and every line JSON.parsed, as bench/fleet-baseline.ts does in Node; with `read`, nothing more;
 * `read-async` reads with `Blob.arrayBuffer()` instead.
 * The text is made as the app's folder worker makes it, the fastest way found in a Chromium worker
 * (src/io/web-byte-text.ts: one character a byte; a line with UTF-8 in it parses to other
 * characters at the same cost), so no step here is slower than the app's own.
 */
import { sniffFormat } from '../../src/io/sniff';
import { latin1Text } from '../../src/io/web-byte-text';
import { zstdFramesHere } from '../../src/io/zstd-frames';
import { parseLines } from '../parse-lines.mjs';

const text = (b: Uint8Array) => latin1Text(b, 0, b.length);
const reader = new FileReaderSync();

async function one(b: Uint8Array): Promise<number> {
  if (sniffFormat(b) !== 'zstd') return parseLines(text(b));
  let n = 0, carry = '';
  for await (const item of zstdFramesHere(b, { pieceBytes: 8 << 20, maxPlain: 384 << 20, blockBytes: 4 << 20 })) {
    if (item.kind !== 'header' && item.kind !== 'block') { if (item.kind === 'tick') continue; break; }
    const t = carry + text(item.plain);
    const last = t.lastIndexOf('\n');
    n += parseLines(t.slice(0, last + 1));
    carry = t.slice(last + 1);
  }
  return n;
}

self.onmessage = async (e: MessageEvent<{ mode: string; files: File[] }>) => {
  let bytes = 0, lines = 0;
  for (const f of e.data.files) {
    const b = e.data.mode === 'read-async' ? new Uint8Array(await f.arrayBuffer()) : new Uint8Array(reader.readAsArrayBuffer(f));
    bytes += b.byteLength;
    if (e.data.mode === 'parse') lines += await one(b);
  }
  self.postMessage({ files: e.data.files.length, bytes, lines });
};
