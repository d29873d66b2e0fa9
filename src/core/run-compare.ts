import type { ActivityIndex } from './activity';
import type { EventLog } from './event-log';
import type { LogIndex } from './log-index';
import { alignRuns, type Difference, type RunAlignment } from './run-align';
import { deriveRunDeltas, type RunDeltas } from './run-deltas';
import { deriveRunItems, type RunItems } from './run-items';

/** What comparing needs of a loaded run (a Session has all of it). */
export interface RunInput {
  readonly log: EventLog;
  readonly fold: { readonly replacements: readonly { readonly seq: number; readonly shadowed: readonly number[] }[] };
  readonly index: LogIndex;
  readonly activity: ActivityIndex;
}

export interface RunComparison {
  readonly a: RunItems;
  readonly b: RunItems;
  readonly alignment: RunAlignment;
  readonly deltas: RunDeltas;
}

/** Compares run A with run B (issue §1): items, their alignment, the first divergence, the deltas. */
export function compareRuns(a: RunInput, b: RunInput): RunComparison {
  const ia = deriveRunItems(a.log, a.index), ib = deriveRunItems(b.log, b.index);
  const shadowed = (r: RunInput) => new Map(r.fold.replacements.map((x) => [x.seq, x.shadowed]));
  const alignment = alignRuns({ log: a.log, items: ia, shadowed: shadowed(a) }, { log: b.log, items: ib, shadowed: shadowed(b) });
  const deltas = deriveRunDeltas({ log: a.log, activity: a.activity, items: ia }, { log: b.log, activity: b.activity, items: ib });
  return { a: ia, b: ib, alignment, deltas };
}

/** A difference as the JSON document lists it. */
export interface DifferenceRecord {
  readonly kind: Difference['kind'];
  readonly a: number | null;
  readonly b: number | null;
  readonly turn: number;
  readonly step: number;
  readonly index: number;
  readonly count: number;
}

/** The comparison as one JSON document: `{firstDivergence, differences, deltas}`. */
export function formatComparisonRecord(c: RunComparison): { firstDivergence: RunAlignment['firstDivergence']; differences: DifferenceRecord[]; deltas: RunDeltas } {
  return {
    firstDivergence: c.alignment.firstDivergence,
    differences: c.alignment.differences.map((d) => ({ kind: d.kind, a: d.a, b: d.b, turn: d.turn, step: d.step, index: d.index, count: d.count })),
    deltas: c.deltas,
  };
}

const NOUN: Record<Difference['kind'], string> = {
  user: 'user message', header: 'request header', assistant: 'assistant message', 'tool-result': 'tool result', surface: 'surface replacement', end: 'item',
};

/** Where a place is, in words: "turn 3, step 2" (turn 0 and step 0 are "before the first …"). */
export function formatPlace(turn: number, step: number): string {
  if (turn === 0) return 'before the first turn';
  return step === 0 ? `turn ${turn}, before its first step` : `turn ${turn}, step ${step}`;
}

/** One sentence for a difference (the first divergence, or any other). */
export function formatDifference(d: Difference): string {
  const at = formatPlace(d.turn, d.step);
  if (d.kind === 'end') {
    const more = d.a !== null ? 'A' : 'B', ended = d.a !== null ? 'B' : 'A', seq = d.a ?? d.b;
    return `At ${at}, ${ended} has ended while ${more} goes on from seq ${seq} (${d.count} more item${d.count === 1 ? '' : 's'}).`;
  }
  const noun = NOUN[d.kind];
  if (d.a === null) return `At ${at}, B has a ${noun} at seq ${d.b} that A has no counterpart for.`;
  if (d.b === null) return `At ${at}, A has a ${noun} at seq ${d.a} that B has no counterpart for.`;
  return `At ${at}, the ${noun} differs: seq ${d.a} in A, seq ${d.b} in B.`;
}
