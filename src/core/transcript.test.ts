import { describe, expect, it } from 'vitest';
import { compactionCheckpoint, compactionSummary, replaceOp, sessionHeader, todoWrite, userMessage } from '../testing/builders';
import { Session } from './session';
import { transcript } from './transcript';

/** u0 u1 u2, a summary, a compaction checkpoint replacing u0..u1, then u6. */
function compacted() {
  return Session.create(sessionHeader(), [
    userMessage(0, 'u0', 'a'), userMessage(1, 'u1', 'b'), userMessage(2, 'u2', 'c'), compactionSummary(3),
    compactionCheckpoint(4, 'cp', 'summary text', replaceOp(0, 1), [0, 1, 3]), todoWrite(5), userMessage(6, 'u6', 'd'),
  ]);
}

describe('transcript (core.md §5.3)', () => {
  it('lists append-origin messages in log order with a compaction marker citing its summary', () => {
    const s = compacted();
    expect(transcript(s.log)).toEqual([
      { kind: 'message', seq: 0 }, { kind: 'message', seq: 1 }, { kind: 'message', seq: 2 },
      { kind: 'compaction', seq: 4, summarySeq: 3 }, { kind: 'message', seq: 6 },
    ]);
    expect(s.surfaceSeqs()).toEqual([4, 2, 6]);
  });
  it('stops at the cursor and marks a checkpoint without a summary plainly', () => {
    const s = Session.create(sessionHeader(), [userMessage(0, 'u0', 'a'), compactionCheckpoint(1, 'cp', 'x', replaceOp(0, 0), [0])]);
    expect(transcript(s.log)).toEqual([{ kind: 'message', seq: 0 }, { kind: 'compaction', seq: 1 }]);
    expect(transcript(s.log, 0)).toEqual([{ kind: 'message', seq: 0 }]);
  });
  it('does not treat a non-compact replace as a compaction marker', () => {
    const s = Session.create(sessionHeader(), [userMessage(0, 'u0', 'a'), userMessage(1, 'r', 'x', { op: replaceOp(0, 0), src: [0] })]);
    expect(transcript(s.log)).toEqual([{ kind: 'message', seq: 0 }]);
  });
});

describe('LineageIndex', () => {
  it('indexes what each event cites, what cites it, and replacement chains', () => {
    const s = Session.create(sessionHeader(), [
      userMessage(0, 'u0', 'a'), userMessage(1, 'r1', 'b', { op: replaceOp(0, 0), src: [0] }), userMessage(2, 'r2', 'c', { op: replaceOp(1, 1), src: [1, 0] }),
    ]);
    const li = s.lineage();
    expect(li.sources(2)).toEqual([1, 0]);
    expect(li.dependents(0)).toEqual([1, 2]);
    expect(li.shadowedBy(2)).toEqual([1]);
    expect(li.replacerOf(0)).toBe(1);
    expect(li.replacementChain(0)).toEqual([0, 1, 2]);
    expect(li.sources(99)).toEqual([]);
    expect(li.dependents(2)).toEqual([]);
  });
});

describe('Timeline', () => {
  it('answers surface, transcript and message counts at any cursor without refolding', () => {
    const s = compacted();
    const t = s.timeline();
    expect(t.surfaceAt(-1)).toEqual([]);
    expect(t.surfaceAt(2)).toEqual([0, 1, 2]);
    expect(t.surfaceAt(3)).toEqual([0, 1, 2]);
    expect(t.surfaceAt(4)).toEqual([4, 2]);
    expect(t.surfaceAt(6)).toEqual([4, 2, 6]);
    expect(t.transcriptAt(4)).toEqual([0, 1, 2]);
    expect(t.messageCountAt(4)).toBe(2);
    expect(t.messagesAt(6).map((m) => m.id)).toEqual(['cp', 'u2', 'u6']);
    expect(t.isShadowedAt(0, 3)).toBe(false);
    expect(t.isShadowedAt(0, 4)).toBe(true);
    expect(Array.from(t.compactionSeqs)).toEqual([4]);
    expect(t.countsAt(5)).toMatchObject({ events: 6, surface: 2, transcript: 3, messages: 2, turn: 0 });
  });
});
