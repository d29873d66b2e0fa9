/**
 * One benchmark phase in its own process: `parse FILE` (split lines + JSON.parse, zstd decoded first)
 * or `load FILE` (the full load, then fold-to-N for random N). Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { isZstdThread, zstdFramesInThread } from '../src/cli/zstd-thread';
import { loadBytes } from '../src/io/load';
import { sniffFormat } from '../src/io/sniff';
import { createFrameDecoder, scanZstdFrames } from '../src/io/zstd';

const [mode, file] = process.argv.slice(2);
let peak = 0;
let sampler: ReturnType<typeof setInterval>;

/** The baseline: what any reader must do at least (decode zstd as the loader does, split on LF, JSON.parse each line). */
async function parseOnly(b: Uint8Array): Promise<number> {
  const plain = sniffFormat(b) === 'zstd' ? await decodeAll(b) : b;
  const dec = new TextDecoder('utf-8', { ignoreBOM: true });
  const BLOCK = 4 << 20;
  let n = 0;
  for (let p = 0; p < plain.length;) {
    let end = Math.min(p + BLOCK, plain.length);
    if (end < plain.length) { const nl = plain.indexOf(10, end - 1); end = nl < 0 ? plain.length : nl + 1; }
    const text = dec.decode(plain.subarray(p, end));
    let pos = 0;
    for (;;) {
      const nl = text.indexOf('\n', pos);
      if (nl < 0) break;
      JSON.parse(text.slice(pos, nl));
      n++;
      pos = nl + 1;
    }
    p = end;
  }
  return n;
}

/** Every complete frame's plaintext, decoded with the loader's frame decoder. */
async function decodeAll(b: Uint8Array): Promise<Uint8Array> {
  const unzstd = await createFrameDecoder();
  for (const f of scanZstdFrames(b).frames) unzstd.decode(b, f);
  return unzstd.take();
}

async function main() {
  const bytes = new Uint8Array(readFileSync(file));
  peak = process.memoryUsage().rss;
  sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  // CPU time (user + system, all threads) says more than wall time on a machine shared with others
  const cpuMs = () => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };
  if (mode === 'parse') {
    await parseOnly(bytes);
    const ms = performance.now() - t0;
    const cpu = cpuMs();
    peak = Math.max(peak, process.memoryUsage().rss);
    clearInterval(sampler);
    console.log(JSON.stringify({ ms, cpuMs: cpu, peakRssMb: peak / 2 ** 20 }));
    return;
  }
  // as `seqscope check` loads: zstd frames decoded in a thread of their own
  const r = await loadBytes(bytes, { now: 0, zstdFrames: zstdFramesInThread });
  const ms = performance.now() - t0;
  const cpu = cpuMs();
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!r.verdict.ok) throw new Error(`benchmark log refused: ${r.verdict.message}`);
  const t = r.timeline!;
  const last = r.session!.log.length - 1;
  const times: number[] = [];
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < 200; i++) {
    const n = Math.floor(rnd() * (last + 1));
    const s = performance.now();
    t.surfaceAt(n); t.transcriptAt(n); t.messageCountAt(n); t.headerSeqAt(n);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  clearInterval(sampler);
  console.log(JSON.stringify({ ms, cpuMs: cpu, peakRssMb: peak / 2 ** 20, events: r.session!.log.length, foldP50Ms: times[100], foldP95Ms: times[189] }));
}
// this bundle is also the zstd decoding thread's entry: there, only that module's own code runs
if (!isZstdThread) main().catch((e) => { console.error(e); process.exit(1); });
