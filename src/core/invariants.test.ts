import { describe, expect, it } from 'vitest';
import {
  assistantMessage, closedToolTurn, endSeed, replaceOp, requestHeader, stepEnd, stepStart, textChunk, todoWrite, toolCall,
  toolResult, toolResultData, turnEnd, turnStart, userMessage,
} from '../testing/builders';
import { EventLog } from './event-log';
import { collectInvariantDiagnostics } from './invariants';
import type { SessionEvent } from './types';

const codes = (events: SessionEvent[]) => {
  const l = new EventLog();
  for (const e of events) l.push(e);
  return collectInvariantDiagnostics(l).map((d) => [d.seq, d.code]);
};

describe('invariant diagnostics (core.md §11, decisions §3.15)', () => {
  it('accepts a well-formed turn, step and tool sequence', () => {
    expect(codes([...closedToolTurn(), ...closedToolTurn(8, 2)])).toEqual([]);
  });
  it('reports a turn started while another is open, and a wrong turn number', () => {
    expect(codes([turnStart(0, 1), turnStart(1, 3)])).toEqual([[1, 'turn-open'], [1, 'turn-number']]);
  });
  it('reports a mismatched turn/end and a turn/end with a step still open', () => {
    expect(codes([turnStart(0, 1), turnEnd(1, 2)])).toEqual([[1, 'turn-mismatch']]);
    expect(codes([turnStart(0, 1), stepStart(1, 1, 1), turnEnd(2, 1)])).toEqual([[2, 'step-open']]);
  });
  it('reports nested steps and wrong step numbers', () => {
    expect(codes([turnStart(0, 1), stepStart(1, 1, 1), stepStart(2, 1, 2)])).toContainEqual([2, 'step-open']);
    expect(codes([turnStart(0, 1), stepStart(1, 1, 3)])).toEqual([[1, 'step-number']]);
  });
  it('requires step-scoped events to name the open step', () => {
    expect(codes([turnStart(0, 1), textChunk(1, 'x', { step: 1 })])).toEqual([[1, 'open-step']]);
    expect(codes([turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', 'x', [], { step: 2 })])).toEqual([[2, 'open-step']]);
  });
  it('reports an unpaired tool result and lets a not-started repair result through', () => {
    expect(codes([turnStart(0, 1), stepStart(1, 1, 1), toolResult(2, 'r', 'c', 'x')])).toEqual([[2, 'unpaired-result']]);
    const repaired = { ...toolResult(2, 'r', 'c', 'x', { isError: true }), data: { ...toolResultData('r', 'c', 'x', { isError: true }), error: { code: 'TOOL_NOT_STARTED' } } };
    expect(codes([turnStart(0, 1), stepStart(1, 1, 1), repaired])).toEqual([]);
  });
  it('does not let a result in a later step satisfy an earlier call', () => {
    const events = [turnStart(0, 1), stepStart(1, 1, 1), toolCall(2, 'c', 1, 1), stepEnd(3, 1, 1), stepStart(4, 1, 2), toolResult(5, 'r', 'c', 'x', { step: 2 })];
    expect(codes(events)).toEqual([[5, 'unpaired-result']]);
  });
  it('reports request/header and request/context outside a turn but allows user/message and unknown types', () => {
    expect(codes([requestHeader(0)])).toEqual([[0, 'outside-turn']]);
    expect(codes([userMessage(0, 'u', 'x'), { type: 'x/plugin', seq: 1, time: 0, data: {} }])).toEqual([]);
    expect(codes([turnStart(0, 1), todoWrite(1), requestHeader(2), turnEnd(3, 1)])).toEqual([]);
  });
  it('accepts a tool-result replacement inside a later turn and reports one outside any turn', () => {
    const t1 = closedToolTurn();
    const rw = (seq: number) => toolResult(seq, 'r1', 'c1', 'short', { op: replaceOp(5, 5), src: [5] });
    expect(codes([...t1, turnStart(8, 2), rw(9), turnEnd(10, 2)])).toEqual([]);
    expect(codes([...t1, rw(8)])).toEqual([[8, 'replace-outside-turn']]);
  });
  it('accepts end-seed whether or not a turn is open', () => {
    expect(codes([turnStart(0, 1), endSeed(1), turnEnd(2, 1), endSeed(3)])).toEqual([]);
  });
});
