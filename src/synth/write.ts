/**
 * Writes session logs the way DSH's JSONL backend does (persistence.md §1–3): a header line, then
 * one storage record per line, appended in durable batches; chunk runs are packed per batch; the
 * zstd encoding is one checksummed frame for the header line and one frame per batch.
 *
 * Frames come from `src/io/zstd-encode`: raw (stored) blocks by default, or compressed by a
 * `FrameCompressor` (the CLI passes libzstd level 3 from ./libzstd, as DSH writes).
 */
import { packChunkRuns } from '../core/chunk-rows';
import { HEADER_KEYS, type SessionEvent, type SessionHeader } from '../core/types';
import { encodeZstdFrames, type FrameCompressor, type FramerOptions } from '../io/zstd-encode';

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

/**
 * The whole `.jsonl.zstd` file: one checksummed frame for the header line, then one per batch; raw
 * blocks unless `framer` brings a compressor.
 */
export async function encodeZstd(header: SessionHeader, events: Iterable<SessionEvent>, opts: FormatOptions = {}, framer: FrameCompressor | FramerOptions = {}): Promise<Uint8Array> {
  return encodeZstdFrames(jsonlParts(header, events, opts), framer);
}
