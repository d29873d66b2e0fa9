/** The status line's sentence, a pure function of the counts at the cursor (issue 14 §12). */
import type { MomentCounts } from '../core/timeline';
import { formatCount } from './format';

/** `1 event`, `2 events`, `1,000 events`: the count with its noun in the right number. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * `Seq 12 of 40 · 13 events · turn 2 · 3 surface nodes (2 messages) · 5 in transcript`; a log with no
 * event reads as such, never as a negative seq.
 */
export function statusLine(cursor: number, length: number, c: MomentCounts, selected?: number, a?: number, b?: number): string {
  if (length <= 0) return 'No events could be read';
  return [
    `Seq ${formatCount(cursor)} of ${formatCount(length - 1)}`,
    plural(c.events, 'event'),
    `turn ${c.turn}`,
    `${plural(c.surface, 'surface node')} (${plural(c.messages, 'message')})`,
    `${formatCount(c.transcript)} in transcript`,
    ...(selected !== undefined ? [`selected ${selected}`] : []),
    ...(a !== undefined ? [`A ${a}`] : []),
    ...(b !== undefined ? [`B ${b}`] : []),
  ].join(' · ');
}
