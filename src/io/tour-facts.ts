import { isPlainRecord } from '../core/errors';
import { canonicalHeader, diffHeaders } from '../core/request-header';
import type { TourFacts } from '../core/tour-builtin';
import { compactionsOf } from './compactions';
import type { LoadResult } from './load';

/**
 * Characters of text in a message's content (text blocks and tool-result text), walked without
 * recursion and bounded, for the characters ÷ 4 token estimate.
 */
export function messageTextChars(message: unknown, maxNodes = 100_000): number {
  if (!isPlainRecord(message)) return 0;
  const stack: unknown[] = [message.content];
  let chars = 0, seen = 0;
  while (stack.length > 0 && seen++ < maxNodes) {
    const v = stack.pop();
    if (typeof v === 'string') chars += v.length;
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isPlainRecord(v)) {
      if (typeof v.text === 'string') chars += v.text.length;
      if (typeof v.arguments === 'string') chars += v.arguments.length;
      if (v.content !== undefined) stack.push(v.content);
    }
  }
  return chars;
}

/** The facts a built-in tour is derived from, read off a load (the CLI and the worker share it). */
export function deriveTourFacts(r: LoadResult, sha256?: string): TourFacts | undefined {
  const session = r.session, timeline = r.timeline, lineage = r.lineage;
  if (!session || !timeline) return undefined;
  const log = session.log;
  const n = log.length;
  const eventAt = (seq: number) => (seq >= 0 && seq < n ? log.event(seq) : undefined);
  const v = r.verdict;
  return {
    sessionId: session.id,
    sha256,
    length: n,
    compactions: compactionsOf(r),
    replacementSeqs: timeline.replacementSeqs,
    headerSeqs: timeline.headerSeqs,
    closerSeqs: r.closers.map((c) => c.seq),
    seedLength: r.header?.seedLength,
    parentSession: r.header?.parentSession,
    refusal: v.ok ? undefined : { message: v.message, line: v.line, seq: v.seq },
    shadowedBy: (seq) => lineage?.shadowedBy(seq) ?? [],
    tokensOf: (seqs) => timeline.tokensOf(seqs),
    headerAt: (seq) => {
      const e = eventAt(seq);
      return e && e.type === 'request/header' && isPlainRecord(e.data) && isPlainRecord(e.data.header) ? canonicalHeader(e.data.header) : undefined;
    },
    diffHeaders,
  };
}
