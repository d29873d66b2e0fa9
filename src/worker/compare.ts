/** The Compare view's answer at a seq: the Surface aligned by replacement, with token figures per block side. Pure. */
import { alignByReplacement } from '../core/aligned';
import { compactionByReplacement } from '../core/compaction';
import { lastAtOrBefore } from '../core/timeline';
import { compactionsOf } from '../io/compactions';
import type { LoadResult } from '../io/load';
import type { CompareInfo } from '../protocol/worker-protocol';

/** `seq`: already clamped to the log (-1: before the first event). Each replacement block names its compaction. */
export function compareAt(r: LoadResult, seq: number): CompareInfo {
  const t = r.timeline, lin = r.lineage;
  const surface = t && seq >= 0 ? t.surfaceAt(seq) : [];
  const tr = t?.transcriptSeqs ?? new Int32Array(0);
  const isAppend = (s: number) => { const i = lastAtOrBefore(tr, s); return i >= 0 && tr[i] === s; };
  const blocks = alignByReplacement(surface, isAppend, (s) => lin?.shadowedBy(s) ?? []);
  const k = blocks.left.length;
  const leftTokens = new Float64Array(k), leftUsage = new Uint8Array(k), rightTokens = new Float64Array(k), rightUsage = new Int32Array(k), rightChars = new Int32Array(k);
  for (let i = 0; t && i < k; i++) {
    const l = t.tokensOf([blocks.left[i]]);
    leftTokens[i] = l.tokens; leftUsage[i] = l.fromUsage;
    const r = t.tokensOf(blocks.right.subarray(blocks.rightStart[i], blocks.rightStart[i + 1]));
    rightTokens[i] = r.tokens; rightUsage[i] = r.fromUsage; rightChars[i] = r.fromChars;
  }
  const list = compactionsOf(r);
  const compactions = Array.from(blocks.left, (s, i) => (blocks.replacement[i] ? compactionByReplacement(list, s) ?? null : null));
  return { seq, ...blocks, compactions, leftTokens, leftUsage, rightTokens, rightUsage, rightChars };
}
