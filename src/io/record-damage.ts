import { SessionError } from '../core/errors';
import { stringifyJson } from '../core/json';

/** A record DSH stops reading at or after: kept so that the viewer can list it (decisions §1). */
export interface DroppedRecord {
  readonly line: number;
  /** Why it was not preserved: the first bad record, or a record after it. */
  readonly reason: 'unparsable' | 'seq-gap' | 'after-damage';
  readonly text: string;
  /** The parsed value, when the line is JSON. */
  readonly value?: unknown;
  /** The line's length when `text` was cut short (and ends with `…`). */
  readonly length?: number;
}

/** The first record DSH does not preserve: preservation stops here. */
export interface FirstBad {
  readonly line: number;
  readonly kind: 'unparsable' | 'seq-gap';
  readonly expected: number;
  readonly got: unknown;
  /** Where the bad record starts in the scanned plaintext, in bytes. */
  readonly byteOffset: number;
}

/** Characters kept of the first bad line (1 Mi); lines after it keep 4 Ki. */
const DAMAGE_KEEP = 1 << 20;
const AFTER_DAMAGE_KEEP = 4096;

/**
 * `d` as it is kept in the dropped list: the damage itself keeps up to DAMAGE_KEEP characters (the
 * Inspector shows and copies it), later lines AFTER_DAMAGE_KEEP; a cut text ends with `…` and
 * records the line's length.
 */
export function cappedDropped(d: DroppedRecord): DroppedRecord {
  const cap = d.reason === 'after-damage' ? AFTER_DAMAGE_KEEP : DAMAGE_KEEP;
  return d.text.length > cap ? { ...d, text: d.text.slice(0, cap) + '…', length: d.text.length } : d;
}

/** True when a parsed record is a `turn/end`: one after the damage makes it committed. */
export function isTurnEnd(v: unknown): boolean {
  return typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'turn/end';
}

/** The committed-damage refusal: the first bad record, with a `turn/end` on `turnEndLine` after it. */
export function committedDamageError(b: FirstBad, turnEndLine: number): SessionError {
  const why = b.kind === 'unparsable'
    ? `Line ${b.line} (seq ${b.expected}) is unparsable, and a turn/end follows on line ${turnEndLine}, so the damage is in committed history.`
    : `Line ${b.line} breaks seq contiguity (expected seq ${b.expected}, got ${describe(b.got)}) in committed history (a turn/end is on line ${turnEndLine}).`;
  return new SessionError(b.kind === 'unparsable' ? 'committed-unparsable' : 'committed-seq-gap', why, { line: b.line, seq: b.expected });
}

function describe(v: unknown): string {
  if (v === undefined) return 'no seq';
  // iterative: a hostile seq may nest deeper than JSON.stringify's recursion allows
  const s = stringifyJson(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
