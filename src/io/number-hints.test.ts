import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG_DIGITS, PieceHints, mayHoldNonJsonNumber } from './number-hints';

/** The piece hints' meaning for one line, by RegExp: `-0` not after a letter, digit or `_`, a 3-digit exponent, LONG_DIGITS digits in a row. */
const lineHint = (line: string) => /(^|\W)-0/.test(line) || /\d[eE][+-]?\d{3}/.test(line) || new RegExp(`\\d{${LONG_DIGITS}}`).test(line);

/** Each line's piece hint, asked in order as the scanner does. */
function pieceHints(lines: readonly string[]): boolean[] {
  const h = new PieceHints(lines.join('\n'));
  let pos = 0;
  return lines.map((l) => { const r = h.within(pos, pos + l.length); pos += l.length + 1; return r; });
}

describe('PieceHints', () => {
  it('flags exactly the lines a per-line RegExp flags, over lines of digits, exponents, signs and words', () => {
    const char = fc.constantFrom('0', '1', '9', '5', 'e', 'E', '+', '-', 'a', '_', ':', ',', '"', ' ', '.');
    const line = fc.oneof(
      fc.array(char, { maxLength: 60 }).map((cs) => cs.join('')),
      // Runs of digits around LONG_DIGITS, several to a line, at any offset.
      fc.array(fc.tuple(fc.integer({ min: 0, max: 450 }), fc.integer({ min: 0, max: 2 * LONG_DIGITS + 50 })), { minLength: 1, maxLength: 4 })
        .map((runs) => runs.map(([pad, n]) => 'x'.repeat(pad) + '7'.repeat(n)).join(',')),
    );
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
      expect(pieceHints(lines)).toEqual(lines.map(lineHint));
      expect(lines.map(mayHoldNonJsonNumber).filter((x, i) => !x && lineHint(lines[i]))).toEqual([]);
    }), { numRuns: 3000, seed: 17 });
  });
  it('flags a run of exactly LONG_DIGITS digits and an exponent of 3 digits wherever they fall, and not one digit fewer or 2', () => {
    for (let pad = 0; pad < 2 * LONG_DIGITS + 3; pad += pad < 40 ? 1 : 7) {
      const lines = ['a'.repeat(pad) + '1'.repeat(LONG_DIGITS), 'b'.repeat(pad) + '1'.repeat(LONG_DIGITS - 1), 'c'.repeat(pad) + '1e+400', 'd'.repeat(pad) + '1e40', '-0', 'id-0f', `${'2'.repeat(LONG_DIGITS - 1)},${'3'.repeat(LONG_DIGITS - 1)}`];
      expect(pieceHints(lines), `pad ${pad}`).toEqual([true, false, true, false, true, false, false]);
    }
  });
  it('flags every number literal that JSON.parse turns into -0 or ±Infinity', () => {
    const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const literal = fc.tuple(fc.boolean(), fc.oneof(fc.constant('0'), fc.tuple(fc.constantFrom(...'123456789'), digits(0, 320)).map(([a, b]) => a + b)),
      fc.option(digits(1, 30)), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 4))))
      .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${exp === null ? '' : exp.join('')}`);
    fc.assert(fc.property(literal, fc.integer({ min: 0, max: 9 }), (lit, pad) => {
      const v = JSON.parse(lit) as number;
      if (Number.isFinite(v) && !Object.is(v, -0)) return;
      const line = `{"${'k'.repeat(pad)}":${lit}}`;
      expect([mayHoldNonJsonNumber(line), pieceHints(['{}', line])[1]], lit).toEqual([true, true]);
    }), { numRuns: 20000, seed: 5 });
    // The bound itself: the fewest integer digits that overflow with a 2-digit exponent.
    expect(JSON.parse(`${'9'.repeat(LONG_DIGITS + 10)}e99`)).toBe(Infinity);
    expect(Number.isFinite(JSON.parse(`${'9'.repeat(209)}e99`))).toBe(true);
  });
  it('is never stricter than the per-line hint of the UTF-8 path', () => {
    for (const l of ['{"n":-0}', '{"n":1e400}', '{"n":-1E-999}', `{"n":${'9'.repeat(400)}}`]) expect([mayHoldNonJsonNumber(l), lineHint(l)]).toEqual([true, true]);
  });
});
