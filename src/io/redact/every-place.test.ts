/**
 * Every rule's credential (src/testing/credentials.ts) in every place a string can be in a log:
 * the header, a request header's system prompt, a user message, a title, streamed text, reasoning
 * and tool-call arguments split across 2 and 3 deltas (packed rows and verbatim chunks) with their
 * assembled copies, a tool call, a tool result, a todo list, a plugin's nested output, an
 * unparsable line and a torn tail. The credential is gone from every one, the deltas still
 * concatenate to the assembled text, and the log keeps its verdict.
 */
import { describe, expect, it } from 'vitest';
import { loadBytes, type LoadResult } from '../load';
import { closedToolTurn, headerRecord, jsonl, utf8 } from '../../testing/builders';
import { verdictShape } from '../../testing/skeleton';
import { OWN_CASES, PRESET_CASES } from '../../testing/credentials';
import { TextScanner } from './text-scan';
import { redactLog, RULE_IDS } from './index';
import type { RedactOptions } from './types';

interface Case { readonly rule: string; readonly text: string; readonly secrets: readonly string[]; readonly options: RedactOptions }

const USER_STRING = OWN_CASES['user-string'].secret;
const OPTIONS: RedactOptions = { extraStrings: [USER_STRING] };

/** Preset cases: what the rule finds on its own is what must go. Own cases name their secret. */
async function allCases(): Promise<Case[]> {
  const out: Case[] = [];
  for (const [rule, text] of Object.entries(PRESET_CASES)) {
    const [spans] = await new TextScanner({ rules: [rule] }).scan([text]);
    out.push({ rule, text, secrets: spans.map((m) => text.slice(m.start, m.end)), options: OPTIONS });
  }
  for (const [rule, { text, secret }] of Object.entries(OWN_CASES)) out.push({ rule, text, secrets: [secret], options: OPTIONS });
  return out;
}

/** `text` cut into n pieces, every cut inside `secret`. */
function split(text: string, secret: string, n: number): string[] {
  const at = text.indexOf(secret);
  if (at < 0) throw new Error(`secret not in text: ${n}`);
  const cuts = Array.from({ length: n - 1 }, (_, i) => at + Math.max(1, Math.round((secret.length * (i + 1)) / n)));
  return [0, ...cuts].map((c, i) => text.slice(c, i + 1 < n ? cuts[i] : text.length));
}

const ev = (type: string, seq: number, data: unknown, extra: Record<string, unknown> = {}) => ({ type, seq, time: 1000 + seq, data, ...extra });
const msg = (id: string, role: string, content: unknown[], source: unknown) => ({ id, role, content, source });
const chunk = (seq: number, step: number, c: Record<string, unknown>) => ev('assistant/chunk', seq, { turn: 1, step, chunk: c });
const packed = (type: string, seq0: number, step: number, index: number, pieces: string[], tool?: { id: string; name: string }) => ({
  type, seq0, time0: 1000 + seq0,
  data: { turn: 1, step, index, dt: pieces.slice(1).map(() => 1), ...(tool ? { id: tool.id, name: tool.name, args: pieces } : { texts: pieces }) },
});

/** Seqs of events whose strings hold the credential (every one must have a finding). */
const PLANTED_SEQS = [0, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29];

/** A parsable log with `c.text` in every place; streamed copies cut inside the first secret. */
function plantedLog(c: Case): string {
  const T = c.text;
  const S = c.secrets[0];
  const args = JSON.stringify({ command: T });
  const argSecret = JSON.stringify(S).slice(1, -1);
  const ai = (step: number, text: string, reasoning: string, id: string, a: string, sources: number[]) => ev('assistant/message', step === 1 ? 13 : 28, {
    turn: 1, step, message: msg(`a${step}`, 'assistant', [{ type: 'text', text }, { type: 'reasoning', text: reasoning }, { type: 'tool-call', id, name: 'bash', arguments: a }],
      { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' }),
  }, { surfaceOp: 'append', sourceEventSeqs: sources });
  const toolArgs3 = split(args, argSecret, 3);
  const records: unknown[] = [
    headerRecord('s1', { cwd: '/home/alice/app', title: T }),
    ev('request/header', 0, { header: { config: { provider: 'deepseek', model: 'deepseek-chat' }, system: `You run here. ${T}` }, reason: 'initial' }),
    ev('turn/start', 1, { turn: 1 }),
    ev('user/message', 2, msg('u1', 'user', [{ type: 'text', text: T }], { kind: 'user' }), { surfaceOp: 'append' }),
    ev('session/title', 3, { title: T }),
    ev('step/start', 4, { turn: 1, step: 1 }),
    // step 1: packed text in 3 deltas, verbatim reasoning in 2, packed tool-call arguments in 2
    packed('text-chunks', 5, 1, 0, split(T, S, 3)),
    chunk(8, 1, { type: 'block-end', index: 0, block: { type: 'text', text: T } }),
    ...split(T, S, 2).map((p, k) => chunk(9 + k, 1, { type: 'reasoning-delta', index: 1, text: p })),
    packed('tool-call-chunks', 11, 1, 2, split(args, argSecret, 2), { id: 'c1', name: 'bash' }),
    ai(1, T, T, 'c1', args, [5, 6, 7, 8, 9, 10, 11, 12]),
    ev('tool/call', 14, { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: args }),
    ev('tool/result', 15, { turn: 1, step: 1, message: msg('r1', 'user', [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: T }] }], { kind: 'tool', callId: 'c1' }) }, { surfaceOp: 'append', sourceEventSeqs: [14] }),
    ev('todo/write', 16, { todos: [{ content: T, status: 'pending' }] }),
    ev('hook/result', 17, { plugin: 'notes', output: { nested: [[{ deep: T }]] } }),
    ev('step/end', 18, { turn: 1, step: 1 }),
    ev('step/start', 19, { turn: 1, step: 2 }),
    // step 2: verbatim text in 3 deltas, packed reasoning in 2, verbatim tool-call arguments in 3
    ...split(T, S, 3).map((p, k) => chunk(20 + k, 2, { type: 'text-delta', index: 0, text: p })),
    packed('reasoning-chunks', 23, 2, 1, split(T, S, 2)),
    ...toolArgs3.map((p, k) => chunk(25 + k, 2, { type: 'tool-call-delta', index: 2, id: 'c2', ...(k === 0 ? { name: 'bash' } : {}), argumentsDelta: p })),
    ai(2, T, T, 'c2', args, [20, 21, 22, 23, 24, 25, 26, 27]),
    ev('tool/call', 29, { turn: 1, step: 2, callId: 'c2', name: 'bash', arguments: args }),
    ev('tool/result', 30, { turn: 1, step: 2, message: msg('r2', 'user', [{ type: 'tool-result', toolCallId: 'c2', content: [{ type: 'text', text: 'ok' }] }], { kind: 'tool', callId: 'c2' }) }, { surfaceOp: 'append', sourceEventSeqs: [29] }),
    ev('step/end', 31, { turn: 1, step: 2 }),
    ev('turn/end', 32, { turn: 1, reason: { kind: 'completed' } }),
  ];
  return jsonl(records);
}

/** A log with the credential (as JSON text holds it) in an unparsable line and in its torn tail. */
function rawLog(c: Case): string {
  const quoted = JSON.stringify(c.text);
  const good = jsonl([headerRecord('s1'), ...closedToolTurn()]);
  return `${good}{"type":"tool/result" ${quoted}\n{"type":"step/end","seq":8,"time":0,"data":{"note":${quoted}`;
}

const load = (text: string): Promise<LoadResult> => loadBytes(utf8(text), { now: 0 });
/** A secret as it reads in JSON text (a newline as `\n`), and as it is. */
const forms = (s: string) => [...new Set([s, JSON.stringify(s).slice(1, -1)])];

type AnyEvent = { seq: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test records
const join = (evs: AnyEvent[], from: number, to: number, key: 'text' | 'argumentsDelta') => evs.slice(from, to).map((e) => e.data.chunk[key]).join('');

describe('every rule in every place', async () => {
  const cases = await allCases();

  it('covers every rule', () => {
    expect(cases.map((c) => c.rule).sort()).toEqual([...RULE_IDS].sort());
    for (const c of cases) expect(c.secrets.length, c.rule).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`${c.rule}: cut from every place, deltas agree with the assembled text, verdict kept`, async () => {
      const text = plantedLog(c);
      const before = await load(text);
      expect(before.verdict, 'the planted log loads').toMatchObject({ ok: true });
      const { lines, report } = await redactLog(text, c.options);
      const out = lines.join('\n') + '\n';
      for (const s of c.secrets) for (const f of forms(s)) expect(out, 'the credential survived').not.toContain(f);
      const found = new Set(report.findings.flatMap((f) => (f.parts ?? [f]).map((p) => p.seq ?? -1)));
      expect(PLANTED_SEQS.filter((s) => !found.has(s)), 'places without a finding').toEqual([]);
      expect(report.findings.some((f) => f.line === 1 && f.path === 'title'), 'the header').toBe(true);

      const after = await load(out);
      expect(verdictShape(after)).toEqual(verdictShape(before));
      const evs = after.session!.events(0, after.session!.log.length) as AnyEvent[];
      for (const [m, text0, reasoning0, args0] of [[13, 5, 9, 11], [28, 20, 23, 25]]) {
        const content = evs[m].data.message.content;
        expect(join(evs, text0, text0 + 3, 'text'), `text deltas of ${m}`).toBe(content[0].text);
        expect(join(evs, reasoning0, reasoning0 + 2, 'text'), `reasoning deltas of ${m}`).toBe(content[1].text);
        expect(join(evs, args0, args0 + (m === 13 ? 2 : 3), 'argumentsDelta'), `argument deltas of ${m}`).toBe(content[2].arguments);
        expect(content[2].arguments).toBe(evs[m + 1].data.arguments);
      }
      expect(evs[8].data.chunk.block.text).toBe(evs[13].data.message.content[0].text);
    });

    it(`${c.rule}: cut from an unparsable line and a torn tail, which stay so`, async () => {
      const text = rawLog(c);
      const before = await load(text);
      expect(before.torn).toBeDefined();
      const r = await redactLog(text, c.options);
      expect(r.torn).toBe(true);
      const out = r.lines.join('\n');
      for (const s of c.secrets) for (const f of forms(s)) expect(out, 'the credential survived').not.toContain(f);
      expect(r.report.findings.filter((f) => f.raw).map((f) => f.line).sort(), 'both raw lines').toEqual(expect.arrayContaining([10, 11]));
      expect(verdictShape(await load(out))).toEqual(verdictShape(before));
    });
  }
});
