/**
 * Small event builders for tests: each returns one plain event in the writer's key order
 * (`type, seq, time, data, sourceEventSeqs?, surfaceOp?`). Times default to 1000 + seq.
 */
import type { SessionEvent, SessionHeader, SurfaceOp } from '../core/types';

type Ev = SessionEvent & Record<string, unknown>;
export interface Meta { op?: SurfaceOp; src?: number[]; time?: number }

const T0 = 1000;
function ev(type: string, seq: number, data: unknown, m: Meta = {}): Ev {
  const e: Record<string, unknown> = { type, seq, time: m.time ?? T0 + seq, data };
  if (m.src !== undefined) e.sourceEventSeqs = m.src;
  if (m.op !== undefined) e.surfaceOp = m.op;
  return e as Ev;
}

export const replaceOp = (start: number, end: number): SurfaceOp => ({ op: 'replace', start, end });

export function sessionHeader(id = 's1', extra: Partial<SessionHeader> = {}): SessionHeader {
  return { version: 0, id, createdAt: 1, delegationDepth: 0, ...extra };
}
/** The JSONL header record (line 1). */
export function headerRecord(id = 's1', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'session', version: 0, id, createdAt: 1, delegationDepth: 0, ...extra };
}

export const turnStart = (seq: number, turn: number, m?: Meta) => ev('turn/start', seq, { turn }, m);
export const turnEnd = (seq: number, turn: number, reason: unknown = { kind: 'completed' }, m?: Meta) => ev('turn/end', seq, { turn, reason }, m);
export const stepStart = (seq: number, turn: number, step: number, m?: Meta) => ev('step/start', seq, { turn, step }, m);
export const stepEnd = (seq: number, turn: number, step: number, m?: Meta) => ev('step/end', seq, { turn, step }, m);
export const endSeed = (seq: number, m?: Meta) => ev('session/end-seed', seq, {}, m);
export const todoWrite = (seq: number, todos: unknown[] = [], m?: Meta) => ev('todo/write', seq, { todos }, m);
export const logOnly = (seq: number, type = 'session/title', data: unknown = { title: 't' }, m?: Meta) => ev(type, seq, data, m);

export function userMsgData(id: string, text: string, source: Record<string, unknown> = { kind: 'user' }) {
  return { id, role: 'user', source, content: [{ type: 'text', text }] };
}
export function userMessage(seq: number, id: string, text: string, m: Meta = {}): Ev {
  return ev('user/message', seq, userMsgData(id, text), { op: 'append', ...m });
}
/** A compaction checkpoint: a user/message replace whose source is the compact plugin. */
export function compactionCheckpoint(seq: number, id: string, text: string, op: SurfaceOp, src: number[]): Ev {
  return ev('user/message', seq, userMsgData(id, text, { kind: 'plugin', plugin: 'compact' }), { op, src });
}
export function compactionSummary(seq: number, summary = 'summary'): Ev {
  return ev('compaction/summary', seq, { summary });
}

export interface ToolCallSpec { id: string; name?: string; input?: unknown }
export function assistantMsgData(id: string, text: string, calls: ToolCallSpec[] = [], turn = 1, step = 1) {
  const content: unknown[] = text === '' && calls.length === 0 ? [] : text === '' ? [] : [{ type: 'text', text }];
  for (const c of calls) content.push({ type: 'tool-call', id: c.id, name: c.name ?? 'bash', input: c.input ?? {} });
  return { turn, step, message: { id, role: 'assistant', source: { kind: 'model', provider: 'p', model: 'm' }, content } };
}
export function assistantMessage(seq: number, id: string, text: string, calls: ToolCallSpec[] = [], m: Meta & { turn?: number; step?: number } = {}): Ev {
  return ev('assistant/message', seq, assistantMsgData(id, text, calls, m.turn, m.step), { op: 'append', ...m });
}
export const toolCall = (seq: number, callId: string, turn = 1, step = 1, m?: Meta) => ev('tool/call', seq, { turn, step, callId, name: 'bash', input: {} }, m);

export function toolResultData(id: string, callId: string, text: string, opts: { isError?: boolean; turn?: number; step?: number } = {}) {
  const block: Record<string, unknown> = { type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }] };
  if (opts.isError !== undefined) block.isError = opts.isError;
  return { turn: opts.turn ?? 1, step: opts.step ?? 1, message: { id, role: 'user', source: { kind: 'tool', callId }, content: [block] } };
}
export function toolResult(seq: number, id: string, callId: string, text: string, m: Meta & { isError?: boolean; turn?: number; step?: number } = {}): Ev {
  return ev('tool/result', seq, toolResultData(id, callId, text, m), { op: 'append', ...m });
}

export function requestHeader(seq: number, config: Record<string, unknown> = { provider: 'p', model: 'm' }, extra: Record<string, unknown> = {}, m?: Meta): Ev {
  return ev('request/header', seq, { header: { config, ...extra } }, m);
}

export function textChunk(seq: number, text: string, o: { turn?: number; step?: number; index?: number; time?: number; kind?: 'text-delta' | 'reasoning-delta' } = {}): Ev {
  return ev('assistant/chunk', seq, { turn: o.turn ?? 1, step: o.step ?? 1, chunk: { type: o.kind ?? 'text-delta', index: o.index ?? 0, text } }, { time: o.time });
}
export function toolChunk(seq: number, args: string, o: { id?: string; name?: string; turn?: number; step?: number; index?: number; time?: number } = {}): Ev {
  const chunk: Record<string, unknown> = { type: 'tool-call-delta', index: o.index ?? 0, id: o.id ?? 'c1' };
  if (o.name !== undefined) chunk.name = o.name;
  chunk.argumentsDelta = args;
  return ev('assistant/chunk', seq, { turn: o.turn ?? 1, step: o.step ?? 1, chunk }, { time: o.time });
}

/** A small closed turn: user, assistant with one tool call, the call, its result, final answer. */
export function closedToolTurn(base = 0, turn = 1): Ev[] {
  const s = base;
  return [
    turnStart(s, turn),
    userMessage(s + 1, `u${turn}`, 'run ls'),
    stepStart(s + 2, turn, 1),
    assistantMessage(s + 3, `a${turn}`, 'calling', [{ id: `c${turn}` }], { turn }),
    toolCall(s + 4, `c${turn}`, turn, 1),
    toolResult(s + 5, `r${turn}`, `c${turn}`, 'out', { turn }),
    stepEnd(s + 6, turn, 1),
    turnEnd(s + 7, turn),
  ];
}

/** JSONL text: one record per line, each ending in LF. */
export function jsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r) + '\n').join('');
}
export const utf8 = (s: string) => new TextEncoder().encode(s);
/** Header + events as JSONL bytes. */
export function logBytes(events: readonly unknown[], header: Record<string, unknown> = headerRecord()): Uint8Array {
  return utf8(jsonl([header, ...events]));
}
