/** Small formatting helpers for the views. */
import { asText } from '../core/text';
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

export function absTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString();
}

/** Pretty-prints a JSON string when it parses; otherwise returns it unchanged. */
export function prettyArgs(s: unknown): string {
  if (typeof s !== 'string') {
    try { return JSON.stringify(s, null, 2) ?? String(s); } catch { return String(s); }
  }
  try { return JSON.stringify(JSON.parse(s), null, 2); } catch { return s; }
}

/** Lineage role of `seq` relative to the selection. */
export function lineageRole(seq: number, lin: { sources: readonly number[]; dependents: readonly number[]; replaced: readonly number[] } | undefined): 'source' | 'dependent' | 'replaced' | undefined {
  if (!lin) return undefined;
  if (lin.replaced.includes(seq)) return 'replaced';
  if (lin.sources.includes(seq)) return 'source';
  if (lin.dependents.includes(seq)) return 'dependent';
  return undefined;
}

/** Next turn start after `c` (or before, when dir < 0); clamps to the ends. */
export function turnJump(turns: Int32Array, c: number, dir: number, last: number): number {
  if (dir > 0) { for (const t of turns) if (t > c) return t; return last; }
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i] < c) return turns[i];
  return 0;
}
