/** Words and seqs the Runs view shows, from the worker's answer. Pure. */
import type { Delta } from '../../core/run-deltas';
import type { RunsInfo } from '../../protocol/runs-protocol';
import { mapSeq } from '../../app/runs';

/** The first divergence's seq in run `side` (where the other run's item has no counterpart: the aligned seq). */
export function divergenceSeq(info: RunsInfo, side: 'a' | 'b'): number | undefined {
  const d = info.firstDivergence;
  if (!d) return undefined;
  const own = side === 'a' ? d.a : d.b, other = side === 'a' ? d.b : d.a;
  if (own !== null) return own;
  return other === null ? undefined : mapSeq(info, side === 'b', other);
}

export const signed = (n: number) => (n > 0 ? `+${n.toLocaleString()}` : n < 0 ? `−${(-n).toLocaleString()}` : '±0');
export const deltaText = (d: Delta) => `${d.a.toLocaleString()} → ${d.b.toLocaleString()} (${signed(d.delta)})`;
