import { describe, expect, it } from 'vitest';
import { assistantMessage, closedToolTurn, stepEnd, stepStart, toolCall, toolResult, turnEnd, turnStart, userMessage } from '../testing/builders';
import { EventLog } from './event-log';
import { NOT_STARTED_TEXT, OUTCOME_UNKNOWN_TEXT, interruptedTurnClosers } from './repair';
import type { SessionEvent } from './types';

const logOf = (events: SessionEvent[]) => { const l = new EventLog(); for (const e of events) l.push(e); return l; };
const closers = (events: SessionEvent[]) => interruptedTurnClosers(logOf(events));
const shape = (cs: SessionEvent[]) => cs.map((c) => [c.type, c.seq]);

describe('interruptedTurnClosers (core.md §9)', () => {
  it('returns nothing for a balanced log or an empty log', () => {
    expect(closers(closedToolTurn())).toEqual([]);
    expect(closers([])).toEqual([]);
  });
  it('closes an open turn with no open step with turn/end {interrupted} at last + 1', () => {
    const cs = closers([turnStart(0, 1), userMessage(1, 'u', 'x')]);
    expect(shape(cs)).toEqual([['turn/end', 2]]);
    expect(cs[0].data).toEqual({ turn: 1, reason: { kind: 'interrupted' } });
    expect(cs[0].time).toBe(1001);
  });
  it('closes an open step before the turn', () => {
    expect(shape(closers([turnStart(0, 1), stepStart(1, 1, 1)]))).toEqual([['step/end', 2], ['turn/end', 3]]);
  });
  it('marks a requested tool call with no recorded call as not started', () => {
    const cs = closers([turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'c1' }])]);
    expect(shape(cs)).toEqual([['tool/result', 3], ['step/end', 4], ['turn/end', 5]]);
    const r = cs[0] as SessionEvent & Record<string, unknown>;
    expect(r.surfaceOp).toBe('append');
    expect(r.sourceEventSeqs).toBeUndefined();
    expect(r.data.error.code).toBe('TOOL_NOT_STARTED');
    expect(r.data.message.id).toBe('interrupted-tool-result-c1-3');
    expect(r.data.message.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'c1', isError: true });
    expect(r.data.message.content[0].content[0].text).toBe(NOT_STARTED_TEXT);
  });
  it('marks a started call as outcome unknown, citing its tool/call', () => {
    const cs = closers([turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'c1' }]), toolCall(3, 'c1')]);
    const r = cs[0] as SessionEvent & Record<string, unknown>;
    expect(r.sourceEventSeqs).toEqual([3]);
    expect(r.data.error).toEqual({ name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' });
    expect(r.data.message.content[0].content[0].text).toBe(OUTCOME_UNKNOWN_TEXT);
    expect(r.data.message.source).toEqual({ kind: 'tool', callId: 'c1' });
  });
  it('does not synthesize a result for a call that already has one', () => {
    const events = [turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'c1' }]), toolCall(3, 'c1'), toolResult(4, 'r', 'c1', 'ok')];
    expect(shape(closers(events))).toEqual([['step/end', 5], ['turn/end', 6]]);
  });
  it('does not synthesize a result after the owning step closed', () => {
    const events = [turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'c1' }]), stepEnd(3, 1, 1)];
    expect(shape(closers(events))).toEqual([['turn/end', 4]]);
  });
  it('synthesizes only for the still-open turn, one per unanswered call in log order', () => {
    const events = [turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'old' }]), turnEnd(3, 1),
      turnStart(4, 2), stepStart(5, 2, 1), assistantMessage(6, 'b', '', [{ id: 'x' }, { id: 'y' }], { turn: 2 })];
    const cs = closers(events);
    expect(cs.filter((c) => c.type === 'tool/result').map((c) => c.data.message.source.callId)).toEqual(['x', 'y']);
    expect(cs.at(-1)!.data.turn).toBe(2);
  });
  it('handles a tool/call without an assistant request gracefully', () => {
    expect(shape(closers([turnStart(0, 1), stepStart(1, 1, 1), toolCall(2, 'z')]))).toEqual([['step/end', 3], ['turn/end', 4]]);
  });
  it('is deterministic and does not mutate the log', () => {
    const events = [turnStart(0, 1), stepStart(1, 1, 1), assistantMessage(2, 'a', '', [{ id: 'c1' }])];
    const log = logOf(events);
    expect(interruptedTurnClosers(log)).toEqual(interruptedTurnClosers(log));
    expect(log.length).toBe(3);
  });
});
