/**
 * What the trace derivation (./derive.ts) reads from the load's columns without parsing a line
 * again: a fork's own usage records, whether a stored line is an append, the clock.
 */
import { ActivityIndex } from '../activity';
import type { EventLog } from '../event-log';

/** The usage records of events from seq `from` on (a fork's seed spent its parent's tokens, not its own). */
export function ownUsage(a: ActivityIndex, from: number): ActivityIndex {
  if (from === 0) return a;
  const out = new ActivityIndex();
  const cols = ['usageSeq', 'usageTurn', 'usageStep', 'usageFrom', 'usageIn', 'usageOut', 'usageCacheRead', 'usageCacheWrite', 'usageReasoning'] as const;
  for (let i = 0; i < a.usageSeq.length; i++) if (a.usageSeq.at(i) >= from) for (const c of cols) out[c].push(a[c].at(i));
  return out;
}

const APPEND_TAIL = new TextEncoder().encode(',"surfaceOp":"append"}');

/**
 * Whether a stored line's top-level object ends with the member `"surfaceOp":"append"` (DSH's
 * writer puts it last). A comma and unescaped quotes cannot sit inside a string there, and JSON.parse
 * keeps the last of repeated keys, so such a line is an append whatever came before.
 */
export function isAppendLine(log: EventLog, seq: number): boolean {
  const buf = log.isPacked(seq) ? undefined : log.lineBytes(seq);
  if (!buf) return false;
  let end = buf.length;
  while (end > 0 && (buf[end - 1] === 0x0a || buf[end - 1] === 0x0d || buf[end - 1] === 0x20)) end--;
  const from = end - APPEND_TAIL.length;
  if (from < 0) return false;
  for (let i = 0; i < APPEND_TAIL.length; i++) if (buf[from + i] !== APPEND_TAIL[i]) return false;
  return true;
}

/**
 * The monotone time of any seq, from the clock column. A function of its own, so that what it
 * closes over is the clock alone and not the derivation's working state (open steps and the like).
 */
export function clockReader(clock: Float64Array, n: number, last: number): (seq: number) => number {
  const first = n ? clock[0] : last, final = n ? clock[n - 1] : last;
  return (s) => (s < 0 ? first : s >= n ? final : clock[s]);
}
