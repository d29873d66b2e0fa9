import { isPlainRecord } from './errors';
import type { EventLog } from './event-log';
import { stringifyJson } from './json';
import type { RangeCounts, RangeTypeCount } from './range-counts';
import { canonicalHeader, diffHeaders, type CanonicalHeader, type HeaderChange } from './request-header';
import { diffLines, type DiffLine } from './text-diff';
import type { Timeline } from './timeline';
import type { TokenFigure } from './tokens';

export interface ToolChange {
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
}

/** How the request header in force at B differs from the one at A. */
export interface HeaderDelta {
  /** request/header seqs in force at A and at B (-1: none yet). */
  readonly seqA: number;
  readonly seqB: number;
  /** Config and adapterDefaults changes (system and tools are below). */
  readonly config: readonly HeaderChange[];
  /** The system prompt as a line diff, when it changed. */
  readonly system?: readonly DiffLine[];
  readonly tools: readonly ToolChange[];
}

/** What changed from moment A to moment B (decisions §5), from the Timeline's node intervals. */
export interface MomentDiff {
  readonly a: number;
  readonly b: number;
  /** S(B) \ S(A), in B's surface order. */
  readonly added: readonly number[];
  /** S(A) \ S(B), in A's surface order. */
  readonly removed: readonly number[];
  /** The added nodes that are replacements (object surfaceOp). */
  readonly replaced: readonly number[];
  readonly messagesA: number;
  readonly messagesB: number;
  /** Tokens of the added and removed messages: B's total minus A's is added − removed. */
  readonly tokensAdded: TokenFigure;
  readonly tokensRemoved: TokenFigure;
  readonly header: HeaderDelta;
  /** Events with seq in (min(A,B), max(A,B)], per type, with the first seq of each. */
  readonly events: readonly RangeTypeCount[];
}

function toolName(t: unknown, i: number): string {
  return isPlainRecord(t) && typeof t.name === 'string' ? t.name : `#${i}`;
}

function toolChanges(a: CanonicalHeader | undefined, b: CanonicalHeader | undefined): ToolChange[] {
  const before = new Map((a?.tools ?? []).map((t, i) => [toolName(t, i), stringifyJson(t)]));
  const after = new Map((b?.tools ?? []).map((t, i) => [toolName(t, i), stringifyJson(t)]));
  const out: ToolChange[] = [];
  for (const [name, json] of after) {
    const was = before.get(name);
    if (was === undefined) out.push({ name, change: 'added' });
    else if (was !== json) out.push({ name, change: 'changed' });
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ name, change: 'removed' });
  return out;
}

/** Canonical headers by seq, per log: a log has few headers and a diff reads two of them. */
const headerMemo = new WeakMap<EventLog, Map<number, CanonicalHeader | undefined>>();

function headerAt(log: EventLog, seq: number): CanonicalHeader | undefined {
  if (seq < 0) return undefined;
  let m = headerMemo.get(log);
  if (!m) headerMemo.set(log, (m = new Map()));
  if (!m.has(seq)) {
    const h = log.rawAt(seq).data?.header;
    m.set(seq, isPlainRecord(h) ? canonicalHeader(h) : undefined);
  }
  return m.get(seq);
}

function headerDelta(t: Timeline, log: EventLog, a: number, b: number): HeaderDelta {
  const seqA = t.headerSeqAt(a), seqB = t.headerSeqAt(b);
  if (seqA === seqB) return { seqA, seqB, config: [], tools: [] };
  const ha = headerAt(log, seqA), hb = headerAt(log, seqB);
  const config = hb ? diffHeaders(ha, hb).filter((c) => c.key !== 'system' && !c.key.startsWith('tools')) : [];
  const system = (ha?.system ?? '') !== (hb?.system ?? '') ? diffLines(ha?.system ?? '', hb?.system ?? '') : undefined;
  return { seqA, seqB, config, ...(system ? { system } : {}), tools: toolChanges(ha, hb) };
}

/**
 * The diff of two moments, read from the Timeline (never a refold): one pass over the node
 * intervals, the tokens each message was given as the log was indexed, the two header snapshots,
 * and the event counts of the range from the block table.
 */
export function diffMoments(t: Timeline, log: EventLog, counts: RangeCounts, a: number, b: number): MomentDiff {
  const { added, removed, messagesA, messagesB } = t.surfaceDiff(a, b);
  return {
    a, b, added, removed, replaced: added.filter((s) => t.isReplacement(s)), messagesA, messagesB,
    tokensAdded: t.tokensOf(added), tokensRemoved: t.tokensOf(removed),
    header: headerDelta(t, log, a, b),
    events: counts.between(Math.min(a, b) + 1, Math.max(a, b) + 1),
  };
}
