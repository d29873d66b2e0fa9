import type { Compaction } from '../core/compaction';

/**
 * A compaction or prune as a JSON record (`seqscope check --json --full`): where it starts and
 * ends, its replacement, what it replaced, and each token figure under its source's name.
 */
export function formatCompactionRecord(c: Compaction): Record<string, unknown> {
  return {
    kind: c.kind, seq: c.seq,
    ...(c.endSeq !== undefined ? { endSeq: c.endSeq } : {}),
    ...(c.replacementSeq !== undefined ? { replacementSeq: c.replacementSeq } : {}),
    ...(c.summarySeq !== undefined ? { summarySeq: c.summarySeq } : {}),
    replacedSeqs: c.replaced,
    ...(c.recordedTokens !== undefined ? { dshTokens: c.recordedTokens } : {}),
    estimatedTokens: c.estimatedTokens.tokens,
    estimatedFrom: { usage: c.estimatedTokens.fromUsage, characters: c.estimatedTokens.fromChars },
    ...(c.error !== undefined ? { error: c.error } : {}),
  };
}
