import { lastSeqOf, type Compaction, type CompactionSpan } from './compaction';
import type { TokenFigure } from './tokens';

/** "4,175": a whole count with thousands separators, the same in every locale. */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Where a token figure came from, in words: usage, characters ÷ 4 (estimate), or both. */
export function formatTokenSource(t: TokenFigure): string {
  if (t.fromUsage && t.fromChars) return `usage for ${t.fromUsage}, estimated as characters ÷ 4 for ${t.fromChars}`;
  if (t.fromUsage) return 'from the log\'s usage';
  if (t.fromChars) return 'estimated as characters ÷ 4';
  return 'no messages';
}

/** Our figure's source, after the figure: "estimated as characters ÷ 4", "by the log's usage for 13 messages and characters ÷ 4 for 16". */
function estimateSource(t: TokenFigure): string {
  if (t.fromUsage && t.fromChars) return `by the log's usage for ${t.fromUsage} and characters ÷ 4 for ${t.fromChars} of the messages`;
  return t.fromUsage ? 'by the log\'s usage' : 'estimated as characters ÷ 4';
}

/**
 * A compaction's tokens, each figure with its source: DSH's `shadowedTokenCount` when recorded,
 * and our estimate of the replaced messages when there is none or it differs from DSH's.
 * "4,175 tokens by DSH's count; ≈3,243 estimated as characters ÷ 4".
 */
export function formatCompactionTokens(c: Compaction): string {
  const est = c.estimatedTokens;
  const ours = `${est.fromUsage && !est.fromChars ? '' : '≈'}${formatCount(est.tokens)} tokens ${estimateSource(est)}`;
  if (c.recordedTokens === undefined) return est.fromUsage + est.fromChars ? ours : 'tokens unknown';
  const dsh = `${formatCount(c.recordedTokens)} tokens by DSH's count`;
  return est.fromUsage + est.fromChars === 0 || Math.round(est.tokens) === Math.round(c.recordedTokens) ? dsh : `${dsh}; ${ours}`;
}

/**
 * "seq 1475–1478"; "seq 1475–1477, not ended" while it is open; with `asOf` (the cursor), an end
 * past it is labelled later: "seq 1475–1478, ending later than the cursor".
 */
export function formatCompactionSpan(c: CompactionSpan, asOf?: number): string {
  const last = lastSeqOf(c);
  const span = last > c.seq ? `seq ${c.seq}–${last}` : `seq ${c.seq}`;
  if (c.kind === 'compaction' && c.endSeq === undefined) return `${span}, not ended`;
  return asOf !== undefined && last > asOf ? `${span}, ending later than the cursor` : span;
}

/** "Compaction at seq 1475" / "Prune at seq 950": how every view names it. */
export function formatCompactionName(c: CompactionSpan): string {
  return `${c.kind === 'compaction' ? 'Compaction' : 'Prune'} at seq ${c.seq}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What the replacement replaced: "12 messages" / "the tool result at seq 12". */
function replacedPhrase(c: Compaction): string {
  if (c.kind === 'prune' && c.replaced.length === 1) return `the tool result at seq ${c.replaced[0]}`;
  return plural(c.replaced.length, 'message');
}

/**
 * One sentence for a compaction or prune: its name and span, where its replacement landed, what
 * it replaced and its tokens (each figure with its source). The tour, the CLI and the views'
 * captions all use it; a view passes its cursor as `asOf`, so that a later end says so.
 */
export function describeCompaction(c: Compaction, asOf?: number): string {
  const name = formatCompactionName(c), span = formatCompactionSpan(c, asOf);
  const head = span === `seq ${c.seq}` ? name : `${name} (${span})`;
  if (c.replacementSeq === undefined) {
    if (c.kind === 'prune') return `${head} has no pruned copy after it.`;
    if (c.error !== undefined) return `${head} failed and replaced nothing: ${c.error}`;
    return c.endSeq === undefined ? `${head} had not replaced anything by the end of the log.` : `${head} ended without replacing anything.`;
  }
  const what = c.kind === 'compaction' ? 'its checkpoint' : 'its copy';
  const with_ = c.kind === 'compaction' ? 'with a summary' : 'with a shorter copy';
  return `${head}: ${what} at seq ${c.replacementSeq} replaced ${replacedPhrase(c)} (${formatCompactionTokens(c)}) ${with_}.`;
}
