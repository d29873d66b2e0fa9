import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOUR_MAX_STEPS, checkTourAgainst, validateTour, type Tour } from './tour';

const schema = JSON.parse(readFileSync(resolve(__dirname, '../../schema/tour.schema.json'), 'utf8'));
const schemaCheck = new Ajv2020({ allErrors: true }).compile(schema);

const good: Tour = {
  version: 1, session: { id: 's-1', sha256: 'a'.repeat(64) }, title: 'A walk',
  steps: [{ seq: 0, view: 'log', caption: 'start' }, { seq: 5, view: 'diff', a: 2, b: 5, selection: 4, caption: 'diff', dwellMs: 100 }],
};

/** Each case differs from `good` in one way that the contract forbids. */
const bad: [string, unknown][] = [
  ['not an object', []],
  ['null', null],
  ['version 2', { ...good, version: 2 }],
  ['version as string', { ...good, version: '1' }],
  ['no session', { version: 1, steps: [] }],
  ['empty session id', { ...good, session: { id: '' } }],
  ['numeric session id', { ...good, session: { id: 7 } }],
  ['short sha256', { ...good, session: { id: 'x', sha256: 'abc' } }],
  ['upper-case sha256', { ...good, session: { id: 'x', sha256: 'A'.repeat(64) } }],
  ['extra session field', { ...good, session: { id: 'x', path: '/etc' } }],
  ['extra top field', { ...good, script: 'alert(1)' }],
  ['steps not an array', { ...good, steps: {} }],
  ['negative seq', { ...good, steps: [{ seq: -1, view: 'log', caption: 'x' }] }],
  ['fractional seq', { ...good, steps: [{ seq: 1.5, view: 'log', caption: 'x' }] }],
  ['seq as string', { ...good, steps: [{ seq: '3', view: 'log', caption: 'x' }] }],
  ['unknown view', { ...good, steps: [{ seq: 1, view: 'Log', caption: 'x' }] }],
  ['missing caption', { ...good, steps: [{ seq: 1, view: 'log' }] }],
  ['caption not a string', { ...good, steps: [{ seq: 1, view: 'log', caption: ['x'] }] }],
  ['caption too long', { ...good, steps: [{ seq: 1, view: 'log', caption: 'x'.repeat(4001) }] }],
  ['negative a', { ...good, steps: [{ seq: 1, view: 'diff', a: -2, caption: 'x' }] }],
  ['dwell too long', { ...good, steps: [{ seq: 1, view: 'log', caption: 'x', dwellMs: 600_001 }] }],
  ['extra step field', { ...good, steps: [{ seq: 1, view: 'log', caption: 'x', html: '<b>' }] }],
  ['title too long', { ...good, title: 't'.repeat(201) }],
  ['too many steps', { ...good, steps: Array.from({ length: TOUR_MAX_STEPS + 1 }, () => ({ seq: 0, view: 'log', caption: 'x' })) }],
];

describe('validateTour', () => {
  it('accepts a valid tour and returns a fresh copy of it', () => {
    const r = validateTour(JSON.parse(JSON.stringify(good)));
    expect(r).toEqual({ ok: true, tour: good });
    expect(schemaCheck(good)).toBe(true);
  });

  it.each(bad)('refuses %s with one sentence, as the JSON Schema does', (_name, value) => {
    const r = validateTour(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('tour-invalid');
      expect(r.message).toMatch(/^[A-Z"].*\.$/);
    }
    expect(schemaCheck(value)).toBe(false);
  });

  it('drops nothing it names and keeps no prototype key: __proto__ is an unknown field', () => {
    const hostile = JSON.parse('{"version":1,"session":{"id":"x"},"steps":[],"__proto__":{"polluted":true}}');
    const r = validateTour(hostile);
    expect(r.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('checkTourAgainst', () => {
  it('passes a tour whose steps fit the session', () => {
    expect(checkTourAgainst(good, { id: 's-1', sha256: 'a'.repeat(64), length: 6 })).toEqual([]);
  });

  it('names every step past the end, every missing caption and a session that does not match', () => {
    const tour: Tour = { version: 1, session: { id: 's-1', sha256: 'a'.repeat(64) }, steps: [
      { seq: 3, view: 'log', caption: 'ok' }, { seq: 6, view: 'log', caption: ' ' }, { seq: 1, view: 'diff', a: 0, b: 9, caption: 'b past' },
    ] };
    const problems = checkTourAgainst(tour, { id: 's-2', sha256: 'b'.repeat(64), length: 6 });
    expect(problems.map((p) => [p.step, p.code])).toEqual([
      [0, 'session-id-mismatch'], [0, 'session-sha256-mismatch'], [2, 'seq-out-of-range'], [2, 'caption-missing'], [3, 'mark-out-of-range'],
    ]);
    expect(problems[2].message).toBe("Step 2 is at seq 6, past the session's last seq 5.");
  });
});
