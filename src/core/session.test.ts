import { describe, expect, it } from 'vitest';
import {
  assistantMessage, closedToolTurn, endSeed, replaceOp, requestHeader, sessionHeader, stepStart, textChunk, todoWrite,
  toolResult, toolResultData, turnStart, userMessage, userMsgData,
} from '../testing/builders';
import { EventLog } from './event-log';
import { restoreSession } from './restore-stream';
import { Session } from './session';
import type { SessionEvent } from './types';

const H = sessionHeader();
const types = (s: Session) => s.events().map((e) => e.type);

describe('Session seeds and the end-seed marker (core.md §6.3)', () => {
  it('leaves a fresh session empty with firstLiveSeq 0', () => {
    const s = Session.create(H);
    expect(s.length).toBe(0);
    expect(s.firstLiveSeq).toBe(0);
  });

  it('marks an explicitly empty seed with end-seed at seq 0', () => {
    const s = Session.create(H, []);
    expect(types(s)).toEqual(['session/end-seed']);
    expect(s.firstLiveSeq).toBe(0);
    const again = Session.create(H, s.events());
    expect(again.length).toBe(1);
    expect(again.firstLiveSeq).toBe(1);
  });

  it('appends a marker after a non-empty seed that does not end in one', () => {
    const s = Session.create(H, closedToolTurn());
    expect(s.length).toBe(9);
    expect(s.firstLiveSeq).toBe(8);
    expect(s.events()[8]).toMatchObject({ type: 'session/end-seed', seq: 8, data: {} });
  });

  it('does not add a second marker when the seed already ends in one', () => {
    const seed = [...closedToolTurn(), endSeed(8)];
    const s = Session.create(H, seed);
    expect(s.length).toBe(9);
    expect(s.firstLiveSeq).toBe(9);
  });

  it('inspects only the last event: an earlier marker does not prevent a new one', () => {
    const seed = [turnStart(0, 1), endSeed(1), todoWrite(2)];
    const s = Session.create(H, seed);
    expect(types(s)).toEqual(['turn/start', 'session/end-seed', 'todo/write', 'session/end-seed']);
    expect(s.firstLiveSeq).toBe(3);
  });

  it('restore appends the marker at the stored length and reports it', () => {
    const log = new EventLog();
    for (const e of closedToolTurn()) log.push(e);
    const r = restoreSession(H, log, { now: 5 });
    expect(r.failure).toBeUndefined();
    expect(r.endSeedAppended).toBe(true);
    expect(r.session.firstLiveSeq).toBe(8);
    expect(r.session.log.event(8)).toEqual({ type: 'session/end-seed', seq: 8, time: 5, data: {} });
  });

  it('replays identically from a seeded event log', () => {
    const s = Session.create(H, closedToolTurn());
    const replay = Session.create(H, s.events());
    expect(replay.messages()).toEqual(s.messages());
    expect(replay.events()).toEqual(s.events());
  });
});

describe('Session seed validation', () => {
  it('rejects a non-JSON seed event', () => {
    expect(() => Session.create(H, [{ ...turnStart(0, 1), data: { turn: 1n } }])).toThrow(/losslessly JSON-serializable/);
  });
  it('rejects a non-contiguous seq', () => {
    expect(() => Session.create(H, [turnStart(0, 1), stepStart(2, 1, 1)])).toThrow(/contiguous|seq/);
  });
  it('rejects a surface-eligible seed event without surfaceOp', () => {
    const { surfaceOp: _op, ...bare } = userMessage(0, 'u', 'hi');
    expect(() => Session.create(H, [bare])).toThrow(/requires a surfaceOp marker/);
  });
  it('rejects surfaceOp on a non-surface seed event with seed context', () => {
    expect(() => Session.create(H, [{ ...turnStart(0, 1), surfaceOp: 'append' }])).toThrow(/Invalid seed event at index 0.*not surface-eligible/);
  });
  it('rejects invalid envelope fields', () => {
    const base = turnStart(0, 1) as Record<string, unknown>;
    const bad = [{ ...base, extra: 1 }, { ...base, type: 1 }, { ...base, seq: '0' }, { ...base, seq: 0.5 }, { ...base, seq: -1 }, { ...base, time: '1' }, { ...base, time: 1.5 }, { type: 'turn/start', seq: 0, time: 1 }, { ...base, ignorable: false }, { ...base, ignorable: 'yes' }];
    for (const b of bad) expect(() => Session.create(H, [b])).toThrow(/invalid event envelope/);
    const ok = Session.create(H, [{ ...base, ignorable: true }]);
    expect(ok.events()[0].ignorable).toBe(true);
  });
  it('rejects malformed message shapes with their own fragments', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...userMessage(0, 'u', 'x'), data: null }, /lacks an identified message/],
      [{ ...userMessage(0, 'u', 'x'), data: { ...userMsgData('u', 'x'), role: 'assistant' } }, /role "user"/],
      [{ ...userMessage(0, 'u', 'x'), data: { ...userMsgData('u', 'x'), source: null } }, /invalid source/],
      [{ ...userMessage(0, 'u', 'x'), data: { ...userMsgData('u', 'x'), content: 'x' } }, /invalid content/],
      [{ ...assistantMessage(0, 'a', 'x'), data: { message: { id: 'a', role: 'assistant', source: { kind: 'user' }, content: [] } } }, /model source/],
      [{ ...toolResult(0, 'r', 'c', 'x'), data: { message: { id: 'r', role: 'user', source: { kind: 'user' }, content: [] } } }, /tool source/],
      [{ ...toolResult(0, 'r', 'c', 'x'), data: { message: { id: 'r', role: 'user', source: { kind: 'tool', callId: 'c' }, content: [{ type: 'text', text: 'x' }] } } }, /one tool-result block/],
      [{ ...toolResult(0, 'r', 'c', 'x'), data: { message: { id: 'r', role: 'user', source: { kind: 'tool', callId: 'c' }, content: [{ type: 'tool-result', toolCallId: 'd', content: [] }] } } }, /mismatched tool call ids/],
    ];
    for (const [e, re] of cases) expect(() => Session.create(H, [e])).toThrow(re);
  });
  it('accepts an unknown type with null data in a seed', () => {
    expect(() => Session.create(H, [{ type: 'x/unknown', seq: 0, time: 0, data: null }])).not.toThrow();
  });
  it('rejects request headers without provider/model or with bad effort/adapterDefaults', () => {
    expect(() => Session.create(H, [requestHeader(0, { model: 'm' })])).toThrow(/lacks provider\/model/);
    expect(() => Session.create(H, [{ ...requestHeader(0), data: { header: 'x' } }])).toThrow(/lacks provider\/model/);
    expect(() => Session.create(H, [requestHeader(0, { provider: 'p', model: 'm', reasoningEffort: '' })])).toThrow(/invalid reasoningEffort/);
    expect(() => Session.create(H, [requestHeader(0, { provider: 'p', model: 'm', reasoningEffort: 'opaque' })])).not.toThrow();
    expect(() => Session.create(H, [requestHeader(0, { provider: 'p', model: 'm', maxTokens: 5 }, { adapterDefaults: { maxTokens: true } })])).not.toThrow();
    for (const ad of [null, [], { other: true }, { maxTokens: false }, { reasoningEffort: true }]) {
      expect(() => Session.create(H, [requestHeader(0, { provider: 'p', model: 'm', maxTokens: 5 }, { adapterDefaults: ad })])).toThrow(/invalid adapterDefaults/);
    }
  });
  it('reads each seed array entry once', () => {
    let reads = 0;
    const seed: unknown[] = [];
    Object.defineProperty(seed, 0, { get() { reads++; return turnStart(0, reads); }, enumerable: true });
    seed.length = 1;
    const s = Session.create(H, seed);
    expect(reads).toBe(1);
    expect(s.events()[0].data).toEqual({ turn: 1 });
  });
  it('snapshots the seed so later mutation of the original is not seen', () => {
    const seed = [turnStart(0, 1)];
    const s = Session.create(H, seed);
    (seed[0].data as { turn: number }).turn = 9;
    expect(s.events()[0].data.turn).toBe(1);
  });
  it('rejects invalid header fields', () => {
    const bad: unknown[] = [{ ...H, version: 1 }, { ...H, createdAt: '1' }, { ...H, cwd: 1 }, { ...H, cwd: 'rel/dir' }, { ...H, parentSession: 1 }, { ...H, seedLength: 0.5 }, { ...H, seedLength: -1 }, { ...H, seedLength: '1' }];
    for (const h of bad) expect(() => Session.create(h as never)).toThrow(/Session header/);
    for (const cwd of ['/a', 'C:\\x', 'C:/x', '\\\\srv\\share']) expect(() => Session.create({ ...H, cwd })).not.toThrow();
  });
  it('detaches and freezes the supplied header', () => {
    const h = { ...H };
    const s = Session.create(h);
    (h as { id: string }).id = 'changed';
    expect(s.id).toBe('s1');
    expect(Object.isFrozen(s.header)).toBe(true);
    expect(Reflect.set(s.header, 'id', 'x')).toBe(false);
  });
});

describe('Session.append', () => {
  it('rejects non-JSON data and leaves the log empty', () => {
    const s = Session.create(H);
    // eslint-disable-next-line no-sparse-arrays
    for (const d of [1n, () => 1, Symbol('x'), new Map(), undefined, Infinity, [1, , 2], { a: { b: 1n } }]) {
      expect(() => s.append('todo/write', d)).toThrow(/non-JSON-serializable/);
    }
    const cyc: Record<string, unknown> = {};
    cyc.c = cyc;
    expect(() => s.append('todo/write', cyc)).toThrow(/non-JSON-serializable/);
    expect(s.length).toBe(0);
  });
  it('rejects a surface-eligible append without surfaceOp and leaves the log unchanged', () => {
    const s = Session.create(H);
    expect(() => s.append('user/message', userMsgData('u', 'x'))).toThrow(/requires a surfaceOp marker/);
    expect(s.length).toBe(0);
  });
  it('rejects surfaceOp on a non-surface append', () => {
    const s = Session.create(H);
    expect(() => s.append('todo/write', {}, { surfaceOp: 'append' })).toThrow(/not surface-eligible and cannot carry surfaceOp/);
  });
  it('rejects invalid surface metadata shapes', () => {
    const s = Session.create(H);
    s.append('turn/start', { turn: 1 });
    expect(() => s.append('user/message', userMsgData('u', 'x'), { surfaceOp: 'invalid' as never })).toThrow(/invalid surfaceOp/);
    expect(() => s.append('user/message', userMsgData('u', 'x'), { surfaceOp: { op: 'replace', start: -1, end: 0 } })).toThrow(/invalid replace surfaceOp/);
    expect(() => s.append('user/message', userMsgData('u', 'x'), { surfaceOp: 'append', sourceEventSeqs: [0, -1] })).toThrow(/non-negative safe integers/);
    class Op { op = 'replace'; start = 0; end = 0; }
    expect(() => s.append('user/message', userMsgData('u', 'x'), { surfaceOp: new Op() as never })).toThrow(/non-JSON-serializable surface metadata/);
    expect(s.length).toBe(1);
  });
  it('validates message shapes on append too (decisions §3.1)', () => {
    const s = Session.create(H);
    expect(() => s.append('user/message', { ...userMsgData('u', 'x'), role: 'assistant' }, { surfaceOp: 'append' })).toThrow(/role "user"/);
  });
  it('rejects the legacy request/header-delta type and the fallback reason', () => {
    const s = Session.create(H);
    expect(() => s.append('request/header-delta', {})).toThrow(/header-delta/);
    expect(() => s.append('request/header', { header: { config: { provider: 'p', model: 'm' } }, reason: 'fallback' })).toThrow(/fallback/);
  });
  it('snapshots and deep-freezes appended events', () => {
    const s = Session.create(H);
    const data = { todos: [{ t: 'a' }] };
    const e = s.append('todo/write', data);
    data.todos.push({ t: 'b' });
    expect(s.events()[0].data.todos).toHaveLength(1);
    expect(Object.isFrozen(e.data.todos[0])).toBe(true);
    expect(() => { (e.data.todos as unknown[]).push(1); }).toThrow(TypeError);
  });
  it('todo/write produces no surface node and no message', () => {
    const s = Session.create(H);
    s.append('todo/write', { todos: [] });
    expect(s.surfaceSeqs()).toEqual([]);
    expect(s.messages()).toEqual([]);
  });
  it('hands out frozen messages that the caller cannot use to change the log', () => {
    const s = Session.create(H, [userMessage(0, 'u', 'hi')]);
    const msgs = s.messages();
    expect(() => { (msgs[0].content as unknown[]).push(1); }).toThrow(TypeError);
    msgs.reverse();
    expect(s.messages()).toHaveLength(1);
  });
});

describe('surface fold (core.md §4)', () => {
  const base = (): SessionEvent[] => [userMessage(0, 'u0', 'a'), userMessage(1, 'u1', 'b'), userMessage(2, 'u2', 'c')];
  it('folds append markers in order and skips non-surface events', () => {
    const s = Session.create(H, [turnStart(0, 1), userMessage(1, 'u', 'x'), textChunk(2, 't'), assistantMessage(3, 'a', 'y')]);
    expect(s.surfaceSeqs()).toEqual([1, 3]);
    expect(s.messages().map((m) => m.role)).toEqual(['user', 'assistant']);
  });
  it('replace splices the range and puts the replacer at its position', () => {
    const s = Session.create(H, [...base(), userMessage(3, 'r', 'sum', { op: replaceOp(0, 1), src: [0, 1] })]);
    expect(s.surfaceSeqs()).toEqual([3, 2]);
    expect(s.fold.gen).toBe(1);
  });
  it('a single-node replace keeps surrounding order', () => {
    const s = Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(1, 1), src: [1] })]);
    expect(s.surfaceSeqs()).toEqual([0, 3, 2]);
  });
  it('nested replaces record their history', () => {
    const s = Session.create(H, [...base(), userMessage(3, 'r1', 'x', { op: replaceOp(0, 0), src: [0] }), userMessage(4, 'r2', 'y', { op: replaceOp(3, 1), src: [3, 1] })]);
    expect(s.surfaceSeqs()).toEqual([4, 2]);
    expect(s.fold.replacements.map((r) => [r.seq, r.shadowed])).toEqual([[3, [0]], [4, [3, 1]]]);
  });
  it('rejects replace endpoints that are not on the surface or out of order', () => {
    expect(() => Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(42, 0), src: [0] })])).toThrow(/start seq 42 not found/);
    expect(() => Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(0, 42), src: [0] })])).toThrow(/end seq 42 not found/);
    expect(() => Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(1, 0), src: [0, 1] })])).toThrow(/start seq 1.*after end seq 0/);
  });
  it('requires sourceEventSeqs to cover every shadowed node', () => {
    expect(() => Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(0, 1), src: [0] })])).toThrow(/missing 1/);
    expect(() => Session.create(H, [...base(), userMessage(3, 'r', 'x', { op: replaceOp(0, 0) })])).toThrow(/missing 0/);
  });
  it('checks sourceEventSeqs shape rules', () => {
    const mk = (src: unknown, e = userMessage(1, 'u', 'x')) => () => Session.create(H, [turnStart(0, 1), { ...e, sourceEventSeqs: src }]);
    expect(mk('x')).toThrow(/must be an array/);
    expect(mk([])).toThrow(/must not be empty/);
    expect(mk([], assistantMessage(1, 'a', 'x'))).not.toThrow();
    expect(mk([0, 0])).toThrow(/duplicates/);
    expect(mk(['0'])).toThrow(/non-negative safe integers/);
    expect(mk([0.5])).toThrow(/non-negative safe integers/);
    expect(mk([1])).toThrow(/must reference earlier events/);
    expect(() => Session.create(H, [{ ...turnStart(0, 1), sourceEventSeqs: [0] }])).toThrow(/cannot carry sourceEventSeqs/);
  });
  it('leaves the fold unchanged when a candidate append is refused', () => {
    const s = Session.create(H, base());
    const nodes = s.fold.nodes;
    expect(() => s.append('user/message', userMsgData('r', 'x'), { surfaceOp: replaceOp(0, 0) })).toThrow(/missing 0/);
    expect(s.fold.nodes).toBe(nodes);
    expect(s.surfaceSeqs()).toEqual([0, 1, 2]);
    s.append('user/message', userMsgData('n', 'x'), { surfaceOp: 'append' });
    expect(s.surfaceSeqs()).toEqual([0, 1, 2, 4]);
  });
  it('skips a surface node whose assistant message has empty content', () => {
    const s = Session.create(H, [assistantMessage(0, 'a', '')]);
    expect(s.surfaceSeqs()).toEqual([0]);
    expect(s.messages()).toEqual([]);
  });
  it('rebuilds derived messages after a replace and keeps old arrays unchanged', () => {
    const s = Session.create(H, base());
    const before = s.messages();
    s.append('user/message', userMsgData('r', 'x'), { surfaceOp: replaceOp(0, 1), sourceEventSeqs: [0, 1] });
    expect(before).toHaveLength(3);
    expect(s.messages().map((m) => m.id)).toEqual(['r', 'u2']);
  });
});

describe('tool-result rewrites (core.md §4.4)', () => {
  const seed = (): SessionEvent[] => [...closedToolTurn().slice(0, 7)];
  const rewrite = (data: unknown, op = replaceOp(5, 5), src = [5]) => ({ ...toolResult(7, 'r1', 'c1', 'x', { op, src }), data });
  it('accepts a replacement that changes only the result content', () => {
    const s = Session.create(H, [...seed(), rewrite(toolResultData('r1', 'c1', 'shortened'))]);
    expect(s.surfaceSeqs()).toEqual([1, 3, 7]);
  });
  it('rejects a replacement spanning several nodes or targeting a non-result', () => {
    expect(() => Session.create(H, [...seed(), rewrite(toolResultData('r1', 'c1', 'x'), replaceOp(3, 5), [3, 5])])).toThrow(/exactly one current node/);
    expect(() => Session.create(H, [...seed(), rewrite(toolResultData('r1', 'c1', 'x'), replaceOp(3, 3), [3])])).toThrow(/must target a current tool\/result/);
  });
  it('rejects changes outside the content: call id, message id, isError, extra fields', () => {
    const d = toolResultData('r1', 'c1', 'x');
    const other = toolResultData('r1', 'c2', 'x');
    expect(() => Session.create(H, [...seed(), rewrite(other)])).toThrow(/may change only content/);
    expect(() => Session.create(H, [...seed(), rewrite(toolResultData('r9', 'c1', 'x'))])).toThrow(/may change only content/);
    expect(() => Session.create(H, [...seed(), rewrite(toolResultData('r1', 'c1', 'x', { isError: true }))])).toThrow(/may change only content/);
    expect(() => Session.create(H, [...seed(), rewrite({ ...d, meta: [1] })])).toThrow(/may change only content/);
  });
});
