/**
 * Retained memory of a full load: loads FILE (default: the core benchmark's plain log) with
 * `loadBytes`, runs a full GC before and after, and prints heapUsed and arrayBuffers. The file's
 * own bytes stay referenced by the log by design, so arrayBuffers grows by about the file size.
 * Needs `--expose-gc`: `node --expose-gc --import tsx bench/retained.ts [FILE] [--snapshot]`;
 * `--snapshot` also writes a heap snapshot of the loaded state to tmp/ for a closer look.
 */
import { readFileSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { loadBytes } from '../src/io/load';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? 'tmp/bench/profile-1300000.jsonl';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) { console.error('run with node --expose-gc'); process.exit(2); }
const MB = 2 ** 20;
const mem = () => { gc(); gc(); const m = process.memoryUsage(); return { heap: m.heapUsed / MB, buffers: m.arrayBuffers / MB }; };

const buf = readFileSync(file);
const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
const before = mem();
// peak during the load, sampled whenever the loader yields (about every 40 ms)
let peak = 0;
const sample = () => { const m = process.memoryUsage(); peak = Math.max(peak, (m.heapUsed + m.arrayBuffers) / MB); };
const sampler = setInterval(sample, 1);
const r = await loadBytes(bytes, { now: 0 });
sample();
clearInterval(sampler);
if (!r.verdict.ok) throw new Error(`log refused: ${r.verdict.message}`);
const after = mem();
const events = r.session!.log.length;
const heapDelta = after.heap - before.heap, bufDelta = after.buffers - before.buffers;
console.log(`${file}: ${(bytes.length / MB).toFixed(1)} MB, ${events} events`);
console.log(`before load: heap ${before.heap.toFixed(1)} MB, arrayBuffers ${before.buffers.toFixed(1)} MB`);
console.log(`after load:  heap ${after.heap.toFixed(1)} MB, arrayBuffers ${after.buffers.toFixed(1)} MB`);
console.log(`retained by the load: heap +${heapDelta.toFixed(1)} MB, arrayBuffers +${bufDelta.toFixed(1)} MB; ${((heapDelta + bufDelta) * MB / events).toFixed(1)} bytes/event`);
// the plaintext: the file itself when it is plain, its decoded text when zstd (every line offset lies within it)
const log = r.session!.log;
const plaintext = r.encoding === 'jsonl' ? bytes.length : log.lineRange(r.storedEventCount - 1)?.[1] ?? 0;
console.log(`the log's columns ${(log.columnBytes / MB).toFixed(1)} MB; plaintext held by its store ${(log.bytes.heldBytes / MB).toFixed(1)} MB`);
console.log(`peak during load: heap + arrayBuffers ${peak.toFixed(1)} MB (${(peak / (plaintext / MB)).toFixed(2)}× the ${(plaintext / MB).toFixed(1)} MB plaintext)`);
if (args.includes('--snapshot')) console.log(`snapshot: ${writeHeapSnapshot('tmp/retained.heapsnapshot')}`);
// keep the result alive until after the measurement
if (r.session!.log.length < 0) console.log(r);
