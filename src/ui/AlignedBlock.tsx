import { memo, useState } from 'react';
import { describeCompaction } from '../core/compaction-format';
import type { CompareInfo } from '../protocol/worker-protocol';
import { SurfaceCardItem } from './SurfaceCard';
import { tokenSource } from './diff-rows';

/** Shadowed messages shown at first in a replacement's span (its first and last halves); more on request. */
const PAGE = 50;

function spanText(seqs: Int32Array): string {
  if (seqs.length === 0) return 'no transcript messages';
  return `${seqs.length.toLocaleString()} message${seqs.length === 1 ? '' : 's'}, seq ${seqs[0]}${seqs.length > 1 ? `–${seqs[seqs.length - 1]}` : ''}`;
}

const plural = (n: number, what: string) => `${n.toLocaleString()} ${what}${n === 1 ? '' : 's'}`;
const sameSeqs = (a: readonly number[], b: Int32Array) => {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q), y = Array.from(b).sort((p, q) => p - q);
  return x.every((s, j) => s === y[j]);
};

/**
 * One aligned block: a surface node on the left; on the right the transcript message it is (an
 * append), or, for a replacement, the dimmed run of messages it shadows, with counts and tokens.
 */
export const AlignedBlock = memo(function AlignedBlock({ info, i }: { info: CompareInfo; i: number }) {
  const [shown, setShown] = useState(PAGE);
  const left = info.left[i], rep = info.replacement[i] === 1;
  const right = info.right.subarray(info.rightStart[i], info.rightStart[i + 1]);
  if (!rep) {
    return (
      <article className="ablock" data-block={left} aria-label={`Seq ${left}, on the Surface and in the transcript`}>
        <div className="aleft"><SurfaceCardItem seq={left} fold /></div>
        <div className="aright">{right.length ? <SurfaceCardItem seq={right[0]} fold /> : <div className="label">not in the transcript</div>}</div>
      </article>
    );
  }
  const comp = info.compactions[i];
  const lt = { tokens: info.leftTokens[i], fromUsage: info.leftUsage[i], fromChars: 1 - info.leftUsage[i] };
  const rt = { tokens: info.rightTokens[i], fromUsage: info.rightUsage[i], fromChars: info.rightChars[i] };
  // the run's start and end stay in view; the middle opens on request
  const head = right.length <= shown ? right.length : shown - PAGE / 2;
  const tail = right.length <= shown ? 0 : PAGE / 2;
  const hidden = right.length - head - tail;
  return (
    <article className="ablock replacement" aria-label={`Replacement seq ${left} and the messages it shadows`} data-block={left} data-replacement="true" data-span-count={right.length}
      data-span={right.length <= 2000 ? Array.from(right).join(' ') : undefined}>
      <div className="aleft">
        <div className="span-note" role="group" aria-label={`Replacement seq ${left}`}>
          <strong>Replacement</strong> standing for {spanText(right)}.
          <div>Here: ≈{lt.tokens.toLocaleString()} tokens ({tokenSource(lt)}) · the {plural(right.length, 'transcript message')} it stands for: ≈{rt.tokens.toLocaleString()} tokens ({tokenSource(rt)})</div>
          {comp && <div className="compaction-caption">{describeCompaction(comp, info.seq)}</div>}
          {comp && !sameSeqs(comp.replaced, right) && (
            // two figures for one compaction: say why they differ (issue 23 §4)
            <div className="label" data-testid="figure-note">The compaction&apos;s figure counts the {plural(comp.replaced.length, 'Surface message')} it replaced, as they stood then (pruned copies and earlier summaries among them), not the transcript messages behind them.</div>
          )}
        </div>
        <div className="sticky"><SurfaceCardItem seq={left} fold /></div>
      </div>
      <div className="aright shadowed" role="group" aria-label={`Messages shadowed by seq ${left}`}>
        {Array.from(right.subarray(0, head), (s) => <SurfaceCardItem key={s} seq={s} fold />)}
        {hidden > 0 && (
          <button type="button" onClick={() => setShown(shown + PAGE * 4)}>Show {Math.min(PAGE * 4, hidden).toLocaleString()} more of {hidden.toLocaleString()} hidden messages</button>
        )}
        {Array.from(right.subarray(right.length - tail), (s) => <SurfaceCardItem key={s} seq={s} fold />)}
      </div>
    </article>
  );
});
