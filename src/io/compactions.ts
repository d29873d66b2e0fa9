import { deriveCompactions, type Compaction } from '../core/compaction';
import type { LoadResult } from './load';

const cache = new WeakMap<LoadResult, { readonly length: number; readonly list: readonly Compaction[] }>();

/**
 * Every compaction and prune of a load (src/core/compaction.ts), derived once per load and again
 * only when a followed log has grown. Empty when nothing loaded.
 */
export function compactionsOf(r: LoadResult): readonly Compaction[] {
  const session = r.session, timeline = r.timeline, lineage = r.lineage;
  if (!session || !timeline) return [];
  const log = session.log;
  const hit = cache.get(r);
  if (hit && hit.length === log.length) return hit.list;
  const list = deriveCompactions({
    log,
    checkpointSeqs: timeline.compactionSeqs,
    replacementSeqs: timeline.replacementSeqs,
    shadowedBy: (seq) => lineage?.shadowedBy(seq) ?? [],
    tokensOf: (seqs) => timeline.tokensOf(seqs),
  });
  cache.set(r, { length: log.length, list });
  return list;
}
