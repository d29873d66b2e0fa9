/** Pure row builders for the Diff view. */
import { eventFamily } from '../core/catalog';
import type { DiffLine } from '../core/text-diff';
import type { TokenFigure } from '../core/tokens';

export interface FamilyCount {
  readonly family: string;
  readonly count: number;
  readonly first: number;
  readonly types: readonly { readonly type: string; readonly count: number }[];
}

/** Per-type counts grouped by family (the Log's filter unit), largest first. */
export function familyCounts(events: readonly { type: string; count: number; first: number }[]): FamilyCount[] {
  const m = new Map<string, { count: number; first: number; types: { type: string; count: number }[] }>();
  for (const e of events) {
    const f = eventFamily(e.type);
    const g = m.get(f) ?? { count: 0, first: e.first, types: [] };
    g.count += e.count; g.first = Math.min(g.first, e.first); g.types.push({ type: e.type, count: e.count });
    m.set(f, g);
  }
  return [...m].map(([family, g]) => ({ family, ...g, types: g.types.sort((x, y) => y.count - x.count) }))
    .sort((x, y) => y.count - x.count || x.family.localeCompare(y.family));
}

/** `+12`, `−3`, `±0`. */
export function signed(n: number): string {
  return n > 0 ? `+${n.toLocaleString()}` : n < 0 ? `−${(-n).toLocaleString()}` : '±0';
}

/** Where a token figure came from, in words: usage, characters ÷ 4 (estimate), or both. */
export function tokenSource(t: TokenFigure): string {
  if (t.fromUsage && t.fromChars) return `usage for ${t.fromUsage}, estimated as characters ÷ 4 for ${t.fromChars}`;
  if (t.fromUsage) return 'from the log\'s usage';
  if (t.fromChars) return 'estimated as characters ÷ 4';
  return 'no messages';
}

export type ShownLine = DiffLine | { readonly op: 'skip'; readonly count: number };

/** A line diff with unchanged runs longer than 2·context folded to `skip` markers. */
export function foldUnchanged(lines: readonly DiffLine[], context = 2): ShownLine[] {
  const out: ShownLine[] = [];
  for (let i = 0; i < lines.length;) {
    if (lines[i].op !== '=') { out.push(lines[i++]); continue; }
    let j = i;
    while (j < lines.length && lines[j].op === '=') j++;
    const head = i === 0 ? 0 : context, tail = j === lines.length ? 0 : context;
    if (j - i > head + tail + 1) {
      out.push(...lines.slice(i, i + head), { op: 'skip', count: j - i - head - tail }, ...lines.slice(j - tail, j));
    } else out.push(...lines.slice(i, j));
    i = j;
  }
  return out;
}
