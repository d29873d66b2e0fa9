import { isPlainRecord } from './errors';
import type { CanonicalHeader, HeaderChange } from './request-header';
import type { Tour, TourStep } from './tour';

/** What a built-in tour is derived from: facts the loader and the core already hold. */
export interface TourFacts {
  readonly sessionId: string;
  readonly sha256?: string;
  /** Events in the log, synthesized ones included. */
  readonly length: number;
  /** Compaction checkpoints, ascending. */
  readonly compactionSeqs: ArrayLike<number>;
  /** Every Surface replacement (checkpoints included), ascending. */
  readonly replacementSeqs: ArrayLike<number>;
  /** request/header seqs, ascending. */
  readonly headerSeqs: ArrayLike<number>;
  /** Crash-repair closers synthesized on load. */
  readonly closerSeqs: readonly number[];
  /** Fork or resume: the seeded prefix's length and the session it came from. */
  readonly seedLength?: number;
  readonly parentSession?: string;
  /** DSH's refusal, when it refuses the log. */
  readonly refusal?: { readonly message: string; readonly line?: number; readonly seq?: number };
  /** The nodes a replacement shadowed. */
  shadowedBy(seq: number): readonly number[];
  /** An event's type and data, for token counts and names (undefined past the log). */
  eventAt(seq: number): { readonly type: string; readonly data: unknown } | undefined;
  /** Characters of a node's message text, for estimates where the log records no token count. */
  messageChars(seq: number): number;
  /** The canonical header of a request/header event. */
  headerAt(seq: number): CanonicalHeader | undefined;
  diffHeaders(prev: CanonicalHeader | undefined, next: CanonicalHeader): HeaderChange[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "18k", "950", "1.2M": a token figure rounded for a caption. */
export function formatTokens(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(Math.round(n));
}

/** DSH's shadowedTokenCount on the compaction/summary or compaction/prune at `seq`, when recorded. */
function recordedTokens(f: TourFacts, seq: number, type: string): number | undefined {
  const e = f.eventAt(seq);
  if (!e || e.type !== type || !isPlainRecord(e.data)) return undefined;
  const n = e.data.shadowedTokenCount;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function tokensPhrase(f: TourFacts, shadowed: readonly number[], recorded: number | undefined): string {
  if (recorded !== undefined) return `about ${formatTokens(recorded)} tokens`;
  let chars = 0;
  for (const s of shadowed) chars += f.messageChars(s);
  return `about ${formatTokens(chars / 4)} tokens, estimated from characters ÷ 4`;
}

/** The summary a checkpoint cites: the compaction/summary just before it, as DSH writes them. */
function compactionStep(f: TourFacts, c: number): TourStep {
  const shadowed = f.shadowedBy(c);
  const summarySeq = c > 0 && f.eventAt(c - 1)?.type === 'compaction/summary' ? c - 1 : undefined;
  const tokens = tokensPhrase(f, shadowed, summarySeq === undefined ? undefined : recordedTokens(f, summarySeq, 'compaction/summary'));
  return {
    seq: c, view: 'compare', selection: c,
    caption: `Compaction at seq ${c} replaced ${plural(shadowed.length, 'message')} (${tokens}) with a summary.`,
  };
}

function pruneStep(f: TourFacts, r: number): TourStep {
  const shadowed = f.shadowedBy(r);
  const pruneSeq = r > 0 && f.eventAt(r - 1)?.type === 'compaction/prune' ? r - 1 : undefined;
  const tokens = tokensPhrase(f, shadowed, pruneSeq === undefined ? undefined : recordedTokens(f, pruneSeq, 'compaction/prune'));
  const what = shadowed.length === 1 ? `the tool result at seq ${shadowed[0]}` : plural(shadowed.length, 'message');
  return { seq: r, view: 'surface', selection: r, caption: `Prune at seq ${r} replaced ${what} (${tokens}) with a shorter copy.` };
}

function headerStep(f: TourFacts, prevSeq: number, seq: number): TourStep | undefined {
  const next = f.headerAt(seq);
  if (!next) return undefined;
  const changes = f.diffHeaders(f.headerAt(prevSeq), next);
  if (changes.length === 0) return undefined;
  const keys = changes.slice(0, 4).map((c) => c.key).join(', ');
  const more = changes.length > 4 ? `, and ${changes.length - 4} more` : '';
  return { seq, view: 'log', selection: seq, caption: `The request header changed at seq ${seq}: ${changes.length === 1 ? '1 field differs' : `${changes.length} fields differ`} (${keys}${more}).` };
}

/**
 * The built-in tour of a session: an opening step, then one step per compaction, prune, crash
 * repair, fork point, request-header change and refused record, in seq order; each caption says
 * what happened in numbers.
 */
export function deriveBuiltinTour(f: TourFacts): Tour {
  const last = Math.max(0, f.length - 1);
  const steps: TourStep[] = [];
  const compactions = new Set(Array.from(f.compactionSeqs));
  const replacements = f.replacementSeqs.length - compactions.size;
  steps.push({
    seq: 0, view: 'log',
    caption: `This session has ${plural(f.length, 'event')} (seq 0–${last}), ${plural(compactions.size, 'compaction')}, ${plural(replacements, 'prune')} and ${plural(Math.max(0, f.headerSeqs.length - 1), 'request-header change')}.`,
  });
  const seed = f.seedLength ?? 0;
  if (seed > 0 && seed <= f.length) {
    const from = f.parentSession ? `session ${f.parentSession}` : 'an earlier session';
    steps.push({ seq: seed - 1, view: 'log', selection: seed - 1, caption: `Fork point: seq 0–${seed - 1} (${plural(seed, 'event')}) are inherited from ${from}; this session's own events start at seq ${seed}.` });
  }
  for (let i = 1; i < f.headerSeqs.length; i++) {
    const s = headerStep(f, f.headerSeqs[i - 1], f.headerSeqs[i]);
    if (s) steps.push(s);
  }
  for (let i = 0; i < f.replacementSeqs.length; i++) {
    const r = f.replacementSeqs[i];
    steps.push(compactions.has(r) ? compactionStep(f, r) : pruneStep(f, r));
  }
  if (f.closerSeqs.length > 0) {
    const a = f.closerSeqs[0], b = f.closerSeqs[f.closerSeqs.length - 1];
    steps.push({ seq: b, view: 'log', selection: a, caption: `Crash repair: the log ended inside an open turn, so ${plural(f.closerSeqs.length, 'closer')} (seq ${a === b ? a : `${a}–${b}`}) were synthesized on load to close it, as DSH does.` });
  }
  if (f.refusal) {
    const seq = Math.min(last, f.refusal.seq ?? last);
    // the refusal sentence names its line and seq itself
    steps.push({ seq, view: 'log', selection: seq, caption: `DSH refuses this log: ${f.refusal.message}` });
  }
  steps.sort((x, y) => x.seq - y.seq);
  const tour: { -readonly [K in keyof Tour]: Tour[K] } = { version: 1, session: f.sha256 ? { id: f.sessionId, sha256: f.sha256 } : { id: f.sessionId }, title: 'Built-in tour', steps };
  return tour;
}
