import { packChunkRuns } from '../core/chunk-rows';
import type { SessionEvent, SessionHeader } from '../core/types';
import { HEADER_KEYS } from '../core/types';
import type { LoadResult } from './load';
import { encodeZstdFrames, type FrameCompressor } from './zstd-encode';

/** The writer's envelope key order (decisions §3.17). */
const EVENT_KEYS = ['type', 'seq', 'time', 'data', 'sourceEventSeqs', 'surfaceOp', 'ignorable'] as const;

export function formatEventRecord(e: SessionEvent): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of EVENT_KEYS) if ((e as unknown as Record<string, unknown>)[k] !== undefined) out[k] = (e as unknown as Record<string, unknown>)[k];
  return out;
}

/** The header record in writer order, `delegationDepth` always present. */
export function formatHeaderRecord(h: SessionHeader): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'session' };
  for (const k of HEADER_KEYS) {
    const v = (h as unknown as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
    else if (k === 'delegationDepth') out[k] = 0;
  }
  return out;
}

export interface ForkExport {
  readonly header: SessionHeader;
  /**
   * The JSONL bytes, made as they are read (a log of any length is never one string): the header
   * line, then the records (chunk runs packed) in pieces of about PIECE bytes, each ending with an LF.
   */
  pieces(): Generator<Uint8Array>;
}

/** Bytes of text an export piece gathers before it is handed on (lines stay whole). */
const PIECE = 4 << 20;
/** Events formatted at a time (cut after an event that is not a chunk delta, so no chunk run is split). */
const WINDOW = 4096;
const utf8 = new TextEncoder();

/**
 * The log truncated at `cursor` as a new session DSH can resume: a fork header naming the parent
 * (`parentSession`, `seedLength` = events copied) and the events [0, cursor], verbatim. Synthesized
 * closers inside the range are kept (DSH commits them on repair); loading the file appends its own
 * end-seed marker, as DSH's fork does. `pieceBytes`: text per piece (tests make it small).
 */
export function formatForkExport(r: LoadResult, cursor: number, opts: { id?: string; now?: number; pieceBytes?: number } = {}): ForkExport {
  const log = r.session!.log;
  const parent = r.header!;
  const last = Math.min(cursor, log.length - 1);
  const id = opts.id ?? `${parent.id}-fork-${last}`;
  const header: SessionHeader = {
    version: 0, id, createdAt: opts.now ?? Date.now(),
    ...(parent.cwd !== undefined ? { cwd: parent.cwd } : {}),
    parentSession: parent.id, seedLength: last + 1, delegationDepth: 0,
  };
  function* pieces(): Generator<Uint8Array> {
    yield utf8.encode(JSON.stringify(formatHeaderRecord(header)) + '\n');
    let text = '', window: SessionEvent[] = [];
    const format = () => {
      for (const rec of packChunkRuns(window)) text += JSON.stringify(isRow(rec) ? rec : formatEventRecord(rec as SessionEvent)) + '\n';
      window = [];
    };
    for (let s = 0; s <= last; s++) {
      window.push(log.event(s));
      if (window.length >= WINDOW && log.typeAt(s) !== 'assistant/chunk') format();
      if (text.length >= (opts.pieceBytes ?? PIECE)) { yield utf8.encode(text); text = ''; }
    }
    format();
    if (text) yield utf8.encode(text);
  }
  return { header, pieces };
}

const isRow = (rec: unknown) => typeof (rec as { seq0?: unknown }).seq0 === 'number';

/** An export's whole text (small exports and tests). */
export function forkText(x: ForkExport): string {
  const dec = new TextDecoder('utf-8', { ignoreBOM: true });
  let out = '';
  for (const p of x.pieces()) out += dec.decode(p);
  return out;
}

/** The same export as `.jsonl.zstd`: the header frame, then a frame per piece (raw blocks unless `compress` is given). */
export async function encodeForkExportZstd(x: ForkExport, compress?: FrameCompressor): Promise<Uint8Array> {
  return encodeZstdFrames(x.pieces(), compress ? { compress } : {});
}
