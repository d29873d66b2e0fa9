import type { EventLog } from './event-log';
import { isPlainRecord } from './errors';
import { NO_TOKENS, type TokenFigure } from './tokens';
import { isCompactionCheckpoint } from './transcript';
import type { SessionEvent } from './types';

/**
 * The one definition of a compaction and a prune (core.md §1.7, §11), read by every view, the
 * built-in tour and the CLI.
 *
 * A compaction is the run of events DSH writes for one `compactionId`: `compaction/start`, its
 * `compaction/summary`, the checkpoint (a `user/message` replace whose source is the compact
 * plugin) and `compaction/end`. A prune is a `compaction/prune` and the `tool/result` replace that
 * comes right after it.
 *
 * "The seq of the compaction" (`seq`) is where it starts: its `compaction/start` (for a prune, its
 * `compaction/prune`), the first of its events in the Log. Its replacement (`replacementSeq`: the
 * checkpoint, or the pruned copy) is where the Surface changes: the seq to move the cursor to
 * in order to see its effect. Captions name both when they differ.
 */
export interface Compaction {
  readonly kind: 'compaction' | 'prune';
  /** The seq of the compaction: its first event (`compaction/start`; `compaction/prune` for a prune). */
  readonly seq: number;
  /** Its last event in the log (`compaction/end`, or a prune's replacement); undefined while it is still open. */
  readonly endSeq?: number;
  /** The replacement event that changes the Surface; undefined for a compaction that ended without one. */
  readonly replacementSeq?: number;
  /** The `compaction/summary` (compactions only). */
  readonly summarySeq?: number;
  readonly compactionId?: string;
  /** What the replacement replaced: the Surface nodes it shadowed, ascending. */
  readonly replaced: readonly number[];
  /** DSH's own figure: `shadowedTokenCount` on the summary or prune event, when recorded. */
  readonly recordedTokens?: number;
  /** Our figure for the replaced nodes' messages (usage where the log has it, else characters ÷ 4). */
  readonly estimatedTokens: TokenFigure;
  /** `compaction/end`'s error, when it failed. */
  readonly error?: string;
}

/** What the spans are read from: the log and its replacements. */
export interface CompactionSpanSource {
  readonly log: Pick<EventLog, 'length' | 'typeAt' | 'rawAt' | 'factsAt'>;
  /** Compaction checkpoint seqs, ascending. */
  readonly checkpointSeqs: ArrayLike<number>;
  /** Every Surface replacement seq, ascending. */
  readonly replacementSeqs: ArrayLike<number>;
}

/** What the full derivation reads besides: what each replacement shadowed, and message tokens. */
export interface CompactionSource extends CompactionSpanSource {
  shadowedBy(seq: number): readonly number[];
  tokensOf(seqs: Iterable<number>): TokenFigure;
}

/** A compaction's or prune's parts, without what it replaced (no lineage needed). */
export type CompactionSpan = Omit<Compaction, 'replaced' | 'estimatedTokens'>;

interface Draft {
  kind: 'compaction' | 'prune';
  seq: number;
  endSeq?: number;
  replacementSeq?: number;
  summarySeq?: number;
  compactionId?: string;
  recordedTokens?: number;
  error?: string;
}

/** The types whose data `deriveCompactionSpans` reads for every record of the log. */
const SPAN_TYPES: ReadonlySet<unknown> = new Set(['compaction/start', 'compaction/summary', 'compaction/end', 'compaction/prune']);
/** Types of the records a checkpoint's citation can match (`begin` is called only for these). */
const CITABLE_TYPES: ReadonlySet<string> = new Set(['compaction/start', 'compaction/summary', 'user/message']);

/**
 * What `deriveCompactionSpans` reads of an event, as a reduced copy of it (`data` with only the
 * fields read; a checkpoint's `sourceEventSeqs` with only the seqs a span can start at, in order),
 * or undefined for an event it does not read. A loader keeps it (EventLog.keepFacts) while it holds
 * the parsed event, so the spans never read those lines again (on a disk-backed 1.3 M-event log,
 * 1.8 s of FileReaderSync reads in a Chromium worker for each overview built). `typeAt`: the
 * log's type column, for the seqs before `e`.
 */
export function compactionFacts(e: SessionEvent, typeAt: (seq: number) => string): Readonly<{ data: Record<string, unknown>; sourceEventSeqs?: number[] }> | undefined {
  if (isCompactionCheckpoint(e)) {
    const source = (e.data as { source: Record<string, unknown> }).source;
    const cites = Array.isArray(e.sourceEventSeqs)
      ? e.sourceEventSeqs.filter((x): x is number => Number.isSafeInteger(x) && x >= 0 && x < e.seq && CITABLE_TYPES.has(typeAt(x)))
      : undefined;
    return { data: { source: Object.hasOwn(source, 'compactionId') ? { compactionId: source.compactionId } : {} }, ...(cites ? { sourceEventSeqs: cites } : {}) };
  }
  if (!SPAN_TYPES.has(e.type)) return undefined;
  const d = e.data, data: Record<string, unknown> = {};
  if (isPlainRecord(d)) for (const k of ['compactionId', 'shadowedTokenCount', 'error']) if (Object.hasOwn(d, k)) data[k] = d[k];
  return { data };
}

/** The event at seq as the spans read it: the facts kept at load, else its line. */
const eventOf = (log: CompactionSource['log'], seq: number): { data?: unknown; sourceEventSeqs?: unknown } | undefined => log.factsAt(seq) ?? log.rawAt(seq);

const dataOf = (log: CompactionSource['log'], seq: number): Readonly<Record<string, unknown>> => {
  const d = eventOf(log, seq)?.data;
  return isPlainRecord(d) ? d : {};
};
const idOf = (d: Readonly<Record<string, unknown>>) => (typeof d.compactionId === 'string' ? d.compactionId : undefined);
const countOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** Is `x` in the ascending `sorted`? */
function has(sorted: ArrayLike<number>, x: number): boolean {
  let lo = 0, hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === x) return true;
    if (sorted[mid] < x) lo = mid + 1; else hi = mid - 1;
  }
  return false;
}

/**
 * Every compaction and prune of a log, by `seq` ascending, with what each replaced and its tokens.
 */
export function deriveCompactions(src: CompactionSource): Compaction[] {
  return deriveCompactionSpans(src).map((d): Compaction => {
    const replaced = d.replacementSeq === undefined ? [] : [...src.shadowedBy(d.replacementSeq)].sort((a, b) => a - b);
    return { ...d, replaced, estimatedTokens: replaced.length ? src.tokensOf(replaced) : NO_TOKENS };
  });
}

/**
 * The parts of every compaction and prune, by `seq` ascending. Parts are matched by
 * `compactionId` (and a checkpoint also by the start and summary it cites); a compaction whose
 * start is not in the log (a seeded or foreign log) starts at the earliest part present.
 */
export function deriveCompactionSpans(src: CompactionSpanSource): CompactionSpan[] {
  const { log } = src;
  const drafts: Draft[] = [];
  const open = new Map<string, Draft>();
  const at = new Map<number, Draft>();
  const begin = (seq: number, id: string | undefined): Draft => {
    const d: Draft = { kind: 'compaction', seq, compactionId: id };
    drafts.push(d);
    at.set(seq, d);
    if (id !== undefined) open.set(id, d);
    return d;
  };
  let c = 0;
  for (let s = 0; s < log.length; s++) {
    const t = log.typeAt(s);
    if (t === 'compaction/start') begin(s, idOf(dataOf(log, s)));
    else if (t === 'compaction/summary') {
      const d = dataOf(log, s), id = idOf(d);
      const x = (id !== undefined ? open.get(id) : undefined) ?? begin(s, id);
      x.summarySeq = s;
      x.recordedTokens = countOf(d.shadowedTokenCount);
      at.set(s, x);
    } else if (t === 'compaction/end') {
      const d = dataOf(log, s), id = idOf(d);
      const x = id !== undefined ? open.get(id) : undefined;
      if (!x) continue;
      x.endSeq = s;
      if (typeof d.error === 'string') x.error = d.error;
      open.delete(id!);
    } else if (t === 'compaction/prune') {
      const p: Draft = { kind: 'prune', seq: s, recordedTokens: countOf(dataOf(log, s).shadowedTokenCount) };
      if (s + 1 < log.length && log.typeAt(s + 1) === 'tool/result' && has(src.replacementSeqs, s + 1)) { p.replacementSeq = s + 1; p.endSeq = s + 1; }
      drafts.push(p);
    }
    while (c < src.checkpointSeqs.length && src.checkpointSeqs[c] < s) c++;
    if (c < src.checkpointSeqs.length && src.checkpointSeqs[c] === s) {
      const e = eventOf(log, s)!;
      const source = isPlainRecord(e.data) && isPlainRecord(e.data.source) ? e.data.source : {};
      const id = idOf(source);
      const cited = Array.isArray(e.sourceEventSeqs) ? e.sourceEventSeqs.find((x) => at.has(x)) : undefined;
      const x = (id !== undefined ? open.get(id) : undefined) ?? (cited !== undefined ? at.get(cited) : undefined) ?? begin(s, id);
      x.replacementSeq = s;
    }
  }
  drafts.sort((a, b) => a.seq - b.seq);
  return drafts.map((d): CompactionSpan => ({
    kind: d.kind, seq: d.seq,
    ...(d.endSeq !== undefined ? { endSeq: d.endSeq } : {}),
    ...(d.replacementSeq !== undefined ? { replacementSeq: d.replacementSeq } : {}),
    ...(d.summarySeq !== undefined ? { summarySeq: d.summarySeq } : {}),
    ...(d.compactionId !== undefined ? { compactionId: d.compactionId } : {}),
    ...(d.recordedTokens !== undefined ? { recordedTokens: d.recordedTokens } : {}),
    ...(d.error !== undefined ? { error: d.error } : {}),
  }));
}

/** The last seq of a compaction as far as the log goes (its end, else its replacement, else its last known part). */
export function lastSeqOf(c: CompactionSpan): number {
  return Math.max(c.seq, c.endSeq ?? -1, c.replacementSeq ?? -1, c.summarySeq ?? -1);
}

/**
 * The compaction or prune that `seq` belongs to: one of its events, or between its first and last.
 * `list` is `deriveCompactions`' answer (ascending by seq).
 */
export function compactionAt<C extends CompactionSpan>(list: readonly C[], seq: number): C | undefined {
  let lo = 0, hi = list.length - 1, ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].seq <= seq) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  // spans may nest (a prune inside an open compaction): the innermost that holds seq wins
  for (let i = ans; i >= 0; i--) if (lastSeqOf(list[i]) >= seq) return list[i];
  return undefined;
}

/** The compaction or prune whose replacement is `seq` (a checkpoint or a pruned copy). */
export function compactionByReplacement<C extends CompactionSpan>(list: readonly C[], seq: number): C | undefined {
  const c = compactionAt(list, seq);
  if (c?.replacementSeq === seq) return c;
  return list.find((x) => x.replacementSeq === seq);
}
