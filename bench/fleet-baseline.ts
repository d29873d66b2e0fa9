/**
 * The fleet benchmark's baseline: every log under DIR read, split on LF and JSON.parsed, nothing
 * else, by `--jobs` worker threads (a zstd log decoded first, frame by frame, by the same in-thread
 * decoder the loader uses: a zstd file cannot be split before it is decoded). Prints the lines parsed.
 */
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { collectFiles } from '../src/cli/walk';
import { sniffFormat } from '../src/io/sniff';
import { zstdFramesHere } from '../src/io/zstd-frames';
import { parseLines } from './parse-lines.mjs';

const decoder = new TextDecoder();

async function one(file: string): Promise<number> {
  const b = readFileSync(file);
  if (sniffFormat(b) !== 'zstd') return parseLines(b.toString('utf8'));
  let n = 0, carry = '';
  for await (const item of zstdFramesHere(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), { pieceBytes: 8 << 20, maxPlain: 384 << 20, blockBytes: 4 << 20 })) {
    if (item.kind !== 'header' && item.kind !== 'block') { if (item.kind === 'tick') continue; break; }
    const text = carry + decoder.decode(item.plain);
    const last = text.lastIndexOf('\n');
    n += parseLines(text.slice(0, last + 1));
    carry = text.slice(last + 1);
  }
  return n;
}

if (!isMainThread && workerData?.fleetBaseline) {
  parentPort!.on('message', (f: string) => { void one(f).then((n) => parentPort!.postMessage(n)); });
} else if (isMainThread) {
  const [dir, jobsArg] = process.argv.slice(2);
  const files = collectFiles([dir]);
  const jobs = Number(jobsArg ?? 2);
  let next = 0, done = 0, lines = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < jobs; i++) {
      const w = new Worker(new URL(import.meta.url), { workerData: { fleetBaseline: true } });
      const feed = () => { if (next < files.length) w.postMessage(files[next++]); else void w.terminate(); };
      w.on('message', (n: number) => { lines += n; if (++done === files.length) resolve(); feed(); });
      feed();
    }
  });
  console.log(JSON.stringify({ files: files.length, lines }));
}
