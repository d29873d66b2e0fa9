import { describe, expect, it } from 'vitest';
import { plural, statusLine } from './status-line';

const counts = (o: Partial<{ events: number; surface: number; messages: number; transcript: number; turn: number }>) =>
  ({ seq: 0, events: 1, surface: 1, messages: 1, transcript: 1, turn: 1, ...o });

describe('statusLine', () => {
  it('puts every noun in the number its count asks for', () => {
    expect(plural(1, 'message')).toBe('1 message');
    expect(plural(0, 'message')).toBe('0 messages');
    expect(plural(1200, 'event')).toBe('1,200 events');
    expect(statusLine(0, 5, counts({}))).toBe('Seq 0 of 4 · 1 event · turn 1 · 1 surface node (1 message) · 1 in transcript');
    expect(statusLine(3, 5, counts({ events: 4, surface: 2, messages: 2 }), 2)).toBe('Seq 3 of 4 · 4 events · turn 1 · 2 surface nodes (2 messages) · 1 in transcript · selected 2');
  });

  it('never shows a negative seq for a log with no event', () => {
    expect(statusLine(0, 0, counts({ events: 0 }))).toBe('No events could be read');
  });
});
