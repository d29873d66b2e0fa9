import { lastSeqOf, type Compaction } from './compaction';
import { describeCompaction, formatCount, formatTokenSource } from './compaction-format';
import type { CanonicalHeader, HeaderChange } from './request-header';
import type { TokenFigure } from './tokens';
import type { Tour, TourStep } from './tour';

/** What a built-in tour is derived from: facts the loader and the core already hold. */
export interface TourFacts {
  readonly sessionId: string;
  readonly sha256?: string;
  /** Events in the log, synthesized ones included. */
  readonly length: number;
  /** Every compaction and prune (the one definition, ./compaction.ts). */
  readonly compactions: readonly Compaction[];
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
  /** Summed token figures of the messages of nodes `seqs`. */
  tokensOf(seqs: Iterable<number>): TokenFigure;
  /** The canonical header of a request/header event. */
  headerAt(seq: number): CanonicalHeader | undefined;
  diffHeaders(prev: CanonicalHeader | undefined, next: CanonicalHeader): HeaderChange[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function compactionStep(c: Compaction): TourStep {
  // the step shows the compaction's effect: the cursor at its replacement (where the Surface changes)
  const seq = c.replacementSeq ?? lastSeqOf(c);
  return { seq, view: c.kind === 'compaction' ? 'compare' : 'surface', selection: seq, caption: describeCompaction(c) };
}

/** A replacement that is neither a checkpoint nor a prune's copy (a regenerated message). */
function replacementStep(f: TourFacts, r: number): TourStep {
  const shadowed = f.shadowedBy(r);
  return { seq: r, view: 'surface', selection: r, caption: `Replacement at seq ${r} replaced ${plural(shadowed.length, 'message')} (≈${formatCount(f.tokensOf(shadowed).tokens)} tokens ${formatTokenSource(f.tokensOf(shadowed))}).` };
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
  const compactions = f.compactions.filter((c) => c.kind === 'compaction').length;
  const prunes = f.compactions.length - compactions;
  const byCompaction = new Set(f.compactions.map((c) => c.replacementSeq));
  const others = Array.from(f.replacementSeqs).filter((r) => !byCompaction.has(r));
  steps.push({
    seq: 0, view: 'log',
    caption: `This session has ${plural(f.length, 'event')} (seq 0–${last}), ${plural(compactions, 'compaction')}, ${plural(prunes, 'prune')}${others.length ? `, ${plural(others.length, 'other replacement')}` : ''} and ${plural(Math.max(0, f.headerSeqs.length - 1), 'request-header change')}.`,
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
  for (const c of f.compactions) steps.push(compactionStep(c));
  for (const r of others) steps.push(replacementStep(f, r));
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
