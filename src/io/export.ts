import { packChunkRuns } from '../core/chunk-rows';
import type { SessionEvent, SessionHeader } from '../core/types';
import { HEADER_KEYS } from '../core/types';
import type { LoadResult } from './load';
import { redactLog, type RedactOptions } from './redact/index';
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
  /** The JSONL text: header line, then records (chunk runs packed), LF-terminated. */
  readonly text: string;
}

/**
 * The log truncated at `cursor` as a new session DSH can resume: a fork header naming the parent
 * (`parentSession`, `seedLength` = events copied) and the events [0, cursor], verbatim. Synthesized
 * closers inside the range are kept (DSH commits them on repair); loading the file appends its own
 * end-seed marker, as DSH's fork does.
 */
export function formatForkExport(r: LoadResult, cursor: number, opts: { id?: string; now?: number } = {}): ForkExport {
  const s = r.session!;
  const parent = r.header!;
  const last = Math.min(cursor, s.log.length - 1);
  const events = s.log.events(0, last + 1);
  const id = opts.id ?? `${parent.id}-fork-${last}`;
  const header: SessionHeader = {
    version: 0, id, createdAt: opts.now ?? Date.now(),
    ...(parent.cwd !== undefined ? { cwd: parent.cwd } : {}),
    parentSession: parent.id, seedLength: events.length, delegationDepth: 0,
  };
  let text = JSON.stringify(formatHeaderRecord(header)) + '\n';
  for (const rec of packChunkRuns(events)) {
    text += JSON.stringify(isRow(rec) ? rec : formatEventRecord(rec as SessionEvent)) + '\n';
  }
  return { header, text };
}

const isRow = (rec: unknown) => typeof (rec as { seq0?: unknown }).seq0 === 'number';

/**
 * The same export with every credential redacted (src/io/redact: the same engine as
 * `seqscope redact`); `redacted` counts the findings replaced.
 */
export async function redactForkExport(x: ForkExport, opts: RedactOptions = {}): Promise<ForkExport & { readonly redacted: number }> {
  const { lines, torn, report } = await redactLog(x.text, opts);
  const text = lines.join('\n') + (torn ? '' : '\n');
  return { header: JSON.parse(lines[0]) as SessionHeader, text, redacted: report.redacted };
}

/** The same export as `.jsonl.zstd`: the header frame, then one frame for the records (raw blocks unless `compress` is given). */
export async function encodeForkExportZstd(x: ForkExport, compress?: FrameCompressor): Promise<Uint8Array> {
  const nl = x.text.indexOf('\n');
  return encodeZstdFrames([x.text.slice(0, nl + 1), x.text.slice(nl + 1)], compress ? { compress } : {});
}
