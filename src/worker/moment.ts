/** The views at a cursor as seq lists (Moment), from the timeline's index: no event parse but the request header in force. Pure. */
import type { EventLog } from '../core/event-log';
import { canonicalHeader, diffHeaders } from '../core/request-header';
import { lastAtOrBefore, type Timeline } from '../core/timeline';
import { TR_COMPACTION, TR_SHADOWED, TR_STREAMED, type HeaderInForce, type Moment } from '../protocol/views';
import { clipDepth } from './json-node';

/**
 * The Surface and Transcript at `seq` (within the log) with per-entry flags. `streamed`: runs of
 * chunks no assistant/message committed, as start/end pairs (src/core/streamed.ts).
 */
export function momentViews(t: Timeline, log: EventLog, seq: number, streamed: Int32Array): Omit<Moment, 'headerSeq'> {
  const surf = t.surfaceAt(seq);
  const surfaceSeqs = Int32Array.from(surf);
  const onSurface = new Set(surf);
  const tr = t.transcriptSeqs, cp = t.compactionSeqs, st = streamed;
  const ti = lastAtOrBefore(tr, seq) + 1, ci = lastAtOrBefore(cp, seq) + 1;
  let si = 0;
  while (2 * si < st.length && st[2 * si] <= seq) si++;
  // transcript: append messages, compaction markers and streamed-never-committed steps through
  // seq, merged in seq order; a step streaming at seq stands at seq (its card: what had streamed by then)
  const transcriptSeqs = new Int32Array(ti + ci + si), transcriptFlags = new Uint8Array(ti + ci + si);
  for (let i = 0, j = 0, m = 0, k = 0; i < ti || j < ci || m < si; k++) {
    const a = i < ti ? tr[i] : Infinity, b = j < ci ? cp[j] : Infinity, c = m < si ? Math.min(st[2 * m + 1], seq) : Infinity;
    if (c < a && c < b) { transcriptSeqs[k] = c; transcriptFlags[k] = TR_STREAMED; m++; continue; }
    const isMsg = a < b;
    const s = isMsg ? tr[i++] : cp[j++];
    transcriptSeqs[k] = s;
    transcriptFlags[k] = (isMsg ? 0 : TR_COMPACTION) | (onSurface.has(s) ? 0 : TR_SHADOWED);
  }
  const counts = { seq, events: Math.min(seq + 1, log.length), surface: surf.length, transcript: ti, messages: t.messageCountAt(seq), turn: t.turnAt(seq) };
  return { seq, counts, surfaceSeqs, transcriptSeqs, transcriptFlags };
}

/** The request header in force from seq `hs` (a header/update or the session's), and what changed from the one before. */
export function headerInForce(t: Timeline, log: EventLog, hs: number): HeaderInForce {
  const i = lastAtOrBefore(t.headerSeqs, hs);
  const prevSeq = i > 0 ? t.headerSeqs[i - 1] : -1;
  const h = canonicalHeader(log.event(hs).data.header);
  const prev = prevSeq >= 0 ? canonicalHeader(log.event(prevSeq).data.header) : undefined;
  return clipDepth({ seq: hs, prevSeq, header: h, diff: prevSeq >= 0 ? diffHeaders(prev, h) : [] });
}
