import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceHints, mayHoldNonJsonNumber } from './number-hints';

/** The piece hints' meaning for one line, by RegExp: `-0` not after a letter, digit or `_`, a 3-digit exponent, 17 digits in a row. */
const lineHint = (line: string) => /(^|\W)-0/.test(line) || /\d[eE][+-]?\d{3}/.test(line) || /\d{17}/.test(line);

describe('PieceHints', () => {
  it('flags exactly the lines a per-line RegExp flags, over lines of digits, exponents, signs and words', () => {
    const char = fc.constantFrom('0', '1', '9', '5', 'e', 'E', '+', '-', 'a', '_', ':', ',', '"', ' ', '.');
    const line = fc.oneof(
      fc.array(char, { maxLength: 60 }).map((cs) => cs.join('')),
      fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 30 })).map(([pad, n]) => 'x'.repeat(pad) + '7'.repeat(n) + ','),
    );
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
      const text = lines.join('\n');
      const h = new PieceHints(text);
      let pos = 0;
      const got = lines.map((l) => { const r = h.within(pos, pos + l.length); pos += l.length + 1; return r; });
      expect(got).toEqual(lines.map(lineHint));
    }), { numRuns: 3000, seed: 17 });
  });
  it('flags a run of exactly 17 digits and an exponent of 3 digits wherever they fall, and not 16 digits or 2', () => {
    for (let pad = 0; pad < 40; pad++) {
      const lines = ['a'.repeat(pad) + '1'.repeat(17), 'b'.repeat(pad) + '1'.repeat(16), 'c'.repeat(pad) + '1e+400', 'd'.repeat(pad) + '1e40', '-0', 'id-0f'];
      const h = new PieceHints(lines.join('\n'));
      let pos = 0;
      expect(lines.map((l) => { const r = h.within(pos, pos + l.length); pos += l.length + 1; return r; }), `pad ${pad}`).toEqual([true, false, true, false, true, false]);
    }
  });
  it('is never stricter than the per-line hint of the UTF-8 path', () => {
    for (const l of ['{"n":-0}', '{"n":1e400}', '{"n":-1E-999}', `{"n":${'9'.repeat(400)}}`]) expect([mayHoldNonJsonNumber(l), lineHint(l)]).toEqual([true, true]);
  });
});
