/**
 * The alignment phase of `npm run -s bench -- compare`, bundled and run in its own process: loads
 * run A and run B (as `seqscope compare` does), then aligns them `ROUNDS` times. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { compareRuns } from '../src/core/run-compare';
import { isZstdThread, zstdFramesInThread } from '../src/cli/zstd-thread';
import { nodeByteText } from '../src/cli/byte-text';
import { loadBytes } from '../src/io/load';

async function load(file: string) {
  const b = readFileSync(file);
  const r = await loadBytes(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), { byteText: nodeByteText, zstdFrames: zstdFramesInThread });
  if (!r.verdict.ok || !r.session) throw new Error(`${file}: ${r.verdict.ok ? 'no session' : r.verdict.message}`);
  return r.session;
}

async function main() {
  const [fa, fb, rounds = '5'] = process.argv.slice(2);
  const t0 = performance.now();
  const a = await load(fa), b = await load(fb);
  const loadMs = performance.now() - t0;
  const alignMs: number[] = [], alignCpuMs: number[] = [];
  let c: ReturnType<typeof compareRuns> | undefined;
  for (let i = 0; i < Number(rounds); i++) {
    const t = performance.now(), u = process.cpuUsage();
    c = compareRuns(a, b);
    alignMs.push(performance.now() - t);
    const d = process.cpuUsage(u);
    alignCpuMs.push((d.user + d.system) / 1000);
  }
  console.log(JSON.stringify({ events: [a.length, b.length], items: [c!.a.length, c!.b.length], loadMs, alignMs, alignCpuMs, firstDivergence: c!.alignment.firstDivergence, differences: c!.alignment.differences.length }));
}

if (!isZstdThread) void main();
