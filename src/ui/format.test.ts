import { describe, expect, it } from 'vitest';
import type { Message } from '../core/types';
import type { Card } from '../protocol/worker-protocol';
import { formatBytes, messageKind, prettyArgs, relTime, turnJump } from './format';

describe('format', () => {
  it('names a card by its message: role, tool for a tool result, none without one, loading before it arrives', () => {
    const card = (message: unknown): Card => ({ seq: 1, type: 't', message: message as Message | null, replaced: [], text: '' });
    expect(messageKind(undefined)).toBe('loading');
    expect(messageKind(card(null))).toBe('none');
    expect(messageKind(card({ role: 'assistant', content: [] }))).toBe('assistant');
    expect(messageKind(card({ role: 'user', source: { kind: 'tool' }, content: [] }))).toBe('tool');
    expect(messageKind(card({ role: 'user', source: { kind: 'user' }, content: [] }))).toBe('user');
  });
  it('formats sizes and relative times', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(relTime(0)).toBe('+0:00.000');
    expect(relTime(61_234)).toBe('+1:01.234');
    expect(relTime(-5)).toBe('−0:00.005');
    expect(relTime(3_723_000)).toBe('+1:02:03');
  });
  it('pretty-prints tool arguments and leaves non-JSON alone', () => {
    expect(prettyArgs('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyArgs('not json')).toBe('not json');
  });
  it('jumps between turns and clamps at the ends', () => {
    const t = Int32Array.from([0, 10, 20]);
    expect(turnJump(t, 5, 1, 30)).toBe(10);
    expect(turnJump(t, 20, 1, 30)).toBe(30);
    expect(turnJump(t, 15, -1, 30)).toBe(10);
    expect(turnJump(t, 0, -1, 30)).toBe(0);
  });
});

describe('seq ranges (issue 14)', () => {
  it('sorts, merges contiguous seqs into ranges and caps the list', async () => {
    const { formatSeqRanges, seqRanges } = await import('./format');
    expect(seqRanges([1304, 1297, 1759, 1305, 1306, 1297])).toEqual([[1297, 1297], [1304, 1306], [1759, 1759]]);
    expect(formatSeqRanges([1304, 1297, 1759, 1305])).toBe('1297, 1304–1305, 1759');
    expect(formatSeqRanges(Array.from({ length: 113 }, (_, i) => 8 + i))).toBe('8–120');
    expect(formatSeqRanges([1, 3, 5, 7], 2)).toBe('1, 3, … (2 more ranges)');
  });
  it('writes epoch times as UTC dates', async () => {
    const { dateTime } = await import('./format');
    expect(dateTime(1768288583014)).toBe('2026-01-13 07:16:23.014 UTC');
    expect(dateTime(Number.NaN)).toBe('NaN');
  });
});
