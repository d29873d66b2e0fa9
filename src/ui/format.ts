/** Small formatting helpers for the views. */
import { asText, previewJson } from '../core/text';
import type { Card } from '../protocol/worker-protocol';

/** A card's kind, for its label and style: the message role, `tool` for a tool result, `none` without a message, `loading` before it is fetched. */
export function messageKind(c: Card | undefined): string {
  if (!c) return 'loading';
  const m: unknown = c.message;
  if (typeof m !== 'object' || m === null) return 'none';
  const { source, role } = m as { source?: unknown; role?: unknown };
  if (typeof source === 'object' && source !== null && (source as { kind?: unknown }).kind === 'tool') return 'tool';
  // the role names a CSS class too: letters only
  return asText(role, 40).replace(/[^a-z-]/gi, '') || 'unknown';
}

export { formatBytes } from '../core/text';

const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands separators, `12,345` (one formatter for all: `toLocaleString` builds one per call, which a table of counts felt on every frame). */
export const formatCount = (x: number): string => COUNT.format(x);

/** `+m:ss.mmm` (or `+h:mm:ss`) relative to the session start; negative when time goes backwards. */
export function relTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const neg = ms < 0;
  let t = Math.abs(ms);
  const h = Math.floor(t / 3_600_000); t -= h * 3_600_000;
  const m = Math.floor(t / 60_000); t -= m * 60_000;
  const s = Math.floor(t / 1000); const milli = Math.floor(t - s * 1000);
  const body = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}.${String(milli).padStart(3, '0')}`;
  return (neg ? '−' : '+') + body;
}

/** A date a person reads at a glance, `8 Jan 2026, 17:42` (local time unless `timeZone` is given). */
export function readableDate(ms: number, timeZone?: string): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, ...(timeZone ? { timeZone } : {}) });
}

/**
 * How many events the viewer shows against how many the file stores: `405 events (400 stored, 5
 * added on load)`, or `400 events` when they agree.
 */
export function eventCounts(length: number, stored: number): string {
  const added = length - stored;
  return added > 0 ? `${length.toLocaleString('en-US')} events (${stored.toLocaleString('en-US')} stored, ${added.toLocaleString('en-US')} added on load)` : `${length.toLocaleString('en-US')} events`;
}

export function absTime(ms: unknown): string {
  if (typeof ms !== 'number') return asText(ms, 40);
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

/** Pretty-prints a JSON string when it parses; otherwise returns it unchanged. */
export function prettyArgs(s: unknown): string {
  if (typeof s !== 'string') {
    // too deep for JSON.stringify, or not JSON at all: a bounded preview
    try { return JSON.stringify(s, null, 2) ?? asText(s); } catch { return previewJson(s, 2000); }
  }
  try { return JSON.stringify(JSON.parse(s), null, 2); } catch { return s; }
}

/** Next turn start after `c` (or before, when dir < 0); clamps to the ends. */
export function turnJump(turns: Int32Array, c: number, dir: number, last: number): number {
  if (dir > 0) { for (const t of turns) if (t > c) return t; return last; }
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i] < c) return turns[i];
  return 0;
}

/** Sorted, distinct seqs as inclusive ranges: [1297, 1304, 1305, 1306] → [[1297, 1297], [1304, 1306]]. */
export function seqRanges(seqs: readonly number[]): [number, number][] {
  const s = [...new Set(seqs)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const x of s) {
    const last = out[out.length - 1];
    if (last && x === last[1] + 1) last[1] = x; else out.push([x, x]);
  }
  return out;
}

/** One range as text: `8` or `8–120`. */
export function formatRange([a, b]: readonly [number, number]): string {
  return a === b ? String(a) : `${a}–${b}`;
}

/** Seqs as sorted ranges, at most `max` of them, then `… (N more)`: "8–120, 130, 1297". */
export function formatSeqRanges(seqs: readonly number[], max = 8): string {
  const r = seqRanges(seqs);
  const text = r.slice(0, max).map(formatRange).join(', ');
  return r.length > max ? `${text}, … (${r.length - max} more ranges)` : text;
}

/** An epoch-ms time as a UTC date (`2026-01-13 07:16:23.014 UTC`); the number itself when it is not a date. */
export function dateTime(ms: number): string {
  const d = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(d.getTime())) return String(ms);
  return `${d.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}
