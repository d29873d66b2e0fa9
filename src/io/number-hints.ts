/**
 * Text hints that a JSON line may parse to -0 or ±Infinity; a hit is confirmed on the parsed value
 * (decisions §3.5). A literal rounds to -0 only below 2.5e-324 in magnitude, so it starts "-0" or
 * has an exponent of 3+ digits. It overflows only past 1.8e308: with an exponent of 3+ digits, or
 * with an integer part of 210+ digits (JSON allows no leading zeros, so D integer digits and an
 * exponent of at most 99 stay below 1e(D+99)). Cheap scans only: they run over every line.
 */

const EXPONENT_HINT = /\d[eE][+-]?\d{3}/;
/** A run of digits this long (or longer) is hinted: shorter than the 210 that can overflow. */
export const LONG_DIGITS = 200;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * The start of the first run of LONG_DIGITS+ digits at or after `from`, or -1. Looks at every
 * LONG_DIGITS-th character only: any such run holds one of them (a run of that length covers every
 * residue), and a digit found there is widened to its run.
 */
function nextLongDigits(text: string, from: number): number {
  for (let p = from + LONG_DIGITS - 1; p < text.length; p += LONG_DIGITS) {
    if (!isDigit(text.charCodeAt(p))) continue;
    let a = p, b = p + 1;
    while (a > from && isDigit(text.charCodeAt(a - 1))) a--;
    while (b < text.length && isDigit(text.charCodeAt(b))) b++;
    if (b - a >= LONG_DIGITS) return a;
    p = b; // a later run starts after b, so it holds one of b + k·LONG_DIGITS (k ≥ 1)
  }
  return -1;
}

/** The hint for one line. */
export const mayHoldNonJsonNumber = (line: string) => line.indexOf('-0') >= 0 || EXPONENT_HINT.test(line) || nextLongDigits(line, 0) >= 0;

const isWordChar = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/** `-0` after a character that is not a letter, digit or `_` (where a JSON number can start), not inside ids and dates. */
function nextNegZero(text: string, from: number): number {
  for (let i = text.indexOf('-0', from); i >= 0; i = text.indexOf('-0', i + 1)) if (i === 0 || !isWordChar(text.charCodeAt(i - 1))) return i + 1;
  return -1;
}

/** The position of the last char of the first match at or after `from`, or -1 (a RegExp scan, which is cheaper than any char loop in JS). */
const regexHint = (re: RegExp) => (text: string, from: number): number => {
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? m.index + m[0].length - 1 : -1;
};

/**
 * Finders of the piece-wide hints: each returns a position inside its first match that lies
 * wholly at or after `from` (-1 when none). No match holds an LF except `-0`'s preceding character,
 * so a position inside a match names the line the match belongs to.
 */
export const PIECE_HINTS: readonly ((text: string, from: number) => number)[] = [nextNegZero, regexHint(new RegExp(EXPONENT_HINT.source, 'g')), nextLongDigits];

/** Where each number hint next matches in a piece of lines, searched forward as lines go by. */
export class PieceHints {
  private readonly next: number[];
  constructor(private readonly text: string) {
    this.next = PIECE_HINTS.map(() => -1);
  }
  /** True when a hint matches inside the line [from, to); lines are asked about in order. */
  within(from: number, to: number): boolean {
    let hit = false;
    for (let i = 0; i < PIECE_HINTS.length; i++) {
      if (this.next[i] !== -1 && this.next[i] < from) this.next[i] = -1;
      if (this.next[i] === -1) {
        const p = PIECE_HINTS[i](this.text, from);
        this.next[i] = p < 0 ? this.text.length : p;
      }
      if (this.next[i] < to) hit = true;
    }
    return hit;
  }
}
