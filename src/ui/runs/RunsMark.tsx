import { useApp } from '../../store/store';
import { selectRuns, useRuns } from '../../store/runs';
import { divergenceSeq } from './runs-text';

/** The first divergence on a scrubber spanning [first, last]: run A's (the main scrubber) or B's. */
export function RunsMark({ side, first, last }: { side: 'a' | 'b'; first: number; last: number }) {
  const summary = useApp((s) => s.summary);
  const info = useRuns((s) => selectRuns(s, summary));
  const seq = info ? divergenceSeq(info, side) : undefined;
  if (seq === undefined || seq < first || seq > last) return null;
  const pct = last > first ? ((seq - first) / (last - first)) * 100 : 0;
  return <div className="runs-mark" data-seq={seq} data-side={side} title={`First divergence from run ${side === 'a' ? 'B' : 'A'}: seq ${seq}`} style={{ left: `${pct}%` }} />;
}
