/**
 * Writes session logs the way DSH's JSONL backend does (persistence.md §1–3): a header line, then
 * one storage record per line, appended in durable batches; chunk runs are packed per batch; the
 * zstd encoding is one checksummed frame for the header line and one frame per batch.
 *
 * The zstd frames use raw (stored) blocks: valid RFC 8878 frames that any decoder reads, but not
 * compressed. No zstd compressor is available here, and the frame structure is what the loader
 * cares about.
 */
import xxhash from 'xxhash-wasm';
import { packChunkRuns } from '../core/chunk-rows';
import { HEADER_KEYS, type SessionEvent, type SessionHeader } from '../core/types';

export interface FormatOptions {
  /** Pack runs of ≥3 chunk deltas into storage rows, per batch (default true, as DSH). */
  pack?: boolean;
  /** Write-behind window in ms: a batch holds what arrives within this long of its first event (default 200). */
  windowMs?: number;
  /** Write the first `n` events as one batch (a fork child's inherited seed and marker). */
  initialBatch?: number;
}

/** The header record in writer key order, `delegationDepth` always present; with its LF. */
export function headerLine(h: SessionHeader): string {
  const out: Record<string, unknown> = { type: 'session' };
  for (const k of HEADER_KEYS) {
    const v = (h as unknown as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
    else if (k === 'delegationDepth') out[k] = 0;
  }
  return JSON.stringify(out) + '\n';
}

/** Checkpoint flushes: before a step starts, and before the model request (the first chunk after other events). */
function cutBefore(prev: SessionEvent, e: SessionEvent): boolean {
  return e.type === 'step/start' || (e.type === 'assistant/chunk' && prev.type !== 'assistant/chunk');
}

/** Checkpoint flush before a tool body runs (right after its tool/call is logged). */
function cutAfter(e: SessionEvent): boolean {
  return e.type === 'tool/call';
}

/**
 * Splits events into durable append batches like DSH's write-behind queue (persistence.md §3.3):
 * a window of `windowMs` from the batch's first event, cut early at the checkpoint flushes.
 */
export function* batchEvents(events: Iterable<SessionEvent>, opts: FormatOptions = {}): Generator<SessionEvent[]> {
  const windowMs = opts.windowMs ?? 200;
  let initial = opts.initialBatch ?? 0;
  let batch: SessionEvent[] = [];
  let t0 = 0;
  let prev: SessionEvent | undefined;
  for (const e of events) {
    if (initial > 0) {
      batch.push(e);
      prev = e;
      if (--initial === 0) { yield batch; batch = []; }
      continue;
    }
    if (batch.length && prev && (e.time - t0 >= windowMs || e.time < t0 || cutBefore(prev, e))) { yield batch; batch = []; }
    if (!batch.length) t0 = e.time;
    batch.push(e);
    prev = e;
    if (cutAfter(e)) { yield batch; batch = []; }
  }
  if (batch.length) yield batch;
}

/** One batch's records, each LF-terminated. */
export function formatBatch(batch: readonly SessionEvent[], pack = true): string {
  const records: readonly unknown[] = pack ? packChunkRuns(batch) : batch;
  let s = '';
  for (const r of records) s += JSON.stringify(r) + '\n';
  return s;
}

/** The header line, then one string per batch. */
export function* jsonlParts(header: SessionHeader, events: Iterable<SessionEvent>, opts: FormatOptions = {}): Generator<string> {
  yield headerLine(header);
  const pack = opts.pack ?? true;
  for (const b of batchEvents(events, opts)) yield formatBatch(b, pack);
}

/** The whole plain `.jsonl` text. */
export function formatJsonl(header: SessionHeader, events: Iterable<SessionEvent>, opts: FormatOptions = {}): string {
  let s = '';
  for (const p of jsonlParts(header, events, opts)) s += p;
  return s;
}

const MAX_BLOCK = 128 * 1024;

/**
 * One zstd frame holding `plain` in raw blocks: single-segment, Frame_Content_Size present,
 * content checksum = `checksum` (low 32 bits of XXH64 seed 0 of `plain`).
 */
export function zstdRawFrame(plain: Uint8Array, checksum: number): Uint8Array {
  const n = plain.length;
  const fcsFlag = n < 256 ? 0 : n < 65536 + 256 ? 1 : n <= 0xffffffff ? 2 : 3;
  const fcsBytes = [1, 2, 4, 8][fcsFlag];
  const blocks = Math.max(1, Math.ceil(n / MAX_BLOCK));
  const out = new Uint8Array(4 + 1 + fcsBytes + blocks * 3 + n + 4);
  let p = 0;
  out[p++] = 0x28; out[p++] = 0xb5; out[p++] = 0x2f; out[p++] = 0xfd;
  out[p++] = (fcsFlag << 6) | 0x20 | 0x04; // FCS size, single segment, checksum
  let v = fcsFlag === 1 ? n - 256 : n;
  for (let i = 0; i < fcsBytes; i++) { out[p++] = v % 256; v = Math.floor(v / 256); }
  for (let b = 0; b < blocks; b++) {
    const start = b * MAX_BLOCK;
    const size = Math.min(MAX_BLOCK, n - start);
    const last = b === blocks - 1 ? 1 : 0;
    const bh = size * 8 + last; // block type 0 (raw)
    out[p++] = bh & 0xff; out[p++] = (bh >>> 8) & 0xff; out[p++] = (bh >>> 16) & 0xff;
    out.set(plain.subarray(start, start + size), p);
    p += size;
  }
  out[p++] = checksum & 0xff; out[p++] = (checksum >>> 8) & 0xff; out[p++] = (checksum >>> 16) & 0xff; out[p++] = (checksum >>> 24) & 0xff;
  return out;
}

/** A function that turns plaintext into one checksummed zstd frame (loads the XXH64 WASM once). */
export async function createZstdFramer(): Promise<(plain: Uint8Array | string) => Uint8Array> {
  const h = await xxhash();
  const enc = new TextEncoder();
  return (plain) => {
    const bytes = typeof plain === 'string' ? enc.encode(plain) : plain;
    return zstdRawFrame(bytes, Number(h.h64Raw(bytes, 0n) & 0xffffffffn));
  };
}

/** One frame per part: the header line, then one per batch. */
export async function* zstdParts(header: SessionHeader, events: Iterable<SessionEvent>, opts: FormatOptions = {}): AsyncGenerator<Uint8Array> {
  const frame = await createZstdFramer();
  for (const p of jsonlParts(header, events, opts)) yield frame(p);
}

/** The whole `.jsonl.zstd` file. */
export async function encodeZstd(header: SessionHeader, events: Iterable<SessionEvent>, opts: FormatOptions = {}): Promise<Uint8Array> {
  const frames: Uint8Array[] = [];
  let n = 0;
  for await (const f of zstdParts(header, events, opts)) { frames.push(f); n += f.length; }
  const out = new Uint8Array(n);
  let p = 0;
  for (const f of frames) { out.set(f, p); p += f.length; }
  return out;
}
