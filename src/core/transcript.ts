import type { EventLog } from './event-log';
import { isPlainRecord } from './errors';
import type { SessionEvent } from './types';

export type TranscriptEntry =
  | { readonly kind: 'message'; readonly seq: number }
  | { readonly kind: 'compaction'; readonly seq: number; readonly summarySeq?: number };

/** A compaction checkpoint: a user/message replace whose source is {kind:'plugin', plugin:'compact'}. */
export function isCompactionCheckpoint(e: SessionEvent): boolean {
  const src = isPlainRecord(e.data) ? e.data.source : undefined;
  return e.type === 'user/message' && typeof e.surfaceOp === 'object' && e.surfaceOp !== null
    && isPlainRecord(src) && src.kind === 'plugin' && src.plugin === 'compact';
}

/** Is `e` an append-origin message (in the human transcript)? */
export function isAppendSurfaceEvent(e: { type: string; surfaceOp?: unknown }): boolean {
  return (e.type === 'user/message' || e.type === 'assistant/message' || e.type === 'tool/result') && e.surfaceOp === 'append';
}

/**
 * The append-origin transcript (core.md §5.3): every append surface event in log order, and one
 * compaction marker per checkpoint, whose details come from the `compaction/summary` it cites.
 */
export function transcript(log: EventLog, through = log.length - 1): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  for (let s = 0; s <= through && s < log.length; s++) {
    if (log.isPacked(s)) continue;
    const e = log.rawAt(s);
    if (isAppendSurfaceEvent(e)) out.push({ kind: 'message', seq: s });
    else if (isCompactionCheckpoint(e)) {
      const summarySeq = (e.sourceEventSeqs ?? []).find((c) => c < log.length && log.typeAt(c) === 'compaction/summary');
      out.push(summarySeq === undefined ? { kind: 'compaction', seq: s } : { kind: 'compaction', seq: s, summarySeq });
    }
  }
  return out;
}
