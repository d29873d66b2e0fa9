import { describe, expect, it } from 'vitest';
import { eventCounts, readableDate } from './format';

describe('library and toolbar counts and dates', () => {
  it('says which event count is stored and which was added on load', () => {
    expect(eventCounts(405, 400)).toBe('405 events (400 stored, 5 added on load)');
    expect(eventCounts(400, 400)).toBe('400 events');
    expect(eventCounts(3001, 3000)).toBe('3,001 events (3,000 stored, 1 added on load)');
  });

  it('writes dates for people, not as raw ISO strings', () => {
    expect(readableDate(Date.UTC(2026, 0, 8, 17, 42, 1), 'UTC')).toBe('8 Jan 2026, 17:42');
    expect(readableDate(Number.NaN)).toBe('NaN');
  });
});
