import { describe, expect, it } from 'vitest';
import { loadBytes, type LoadResult } from '../load';
import { closedToolTurn, headerRecord, jsonl, stepEnd, stepStart, turnEnd, turnStart, utf8 } from '../../testing/builders';
import { findSecrets, redactFile, redactLog } from './index';
import { concatBytes } from '../bytes';
import { verdictShape } from '../../testing/skeleton';

const hex = (n: number) => Array.from({ length: n }, (_, i) => '0123456789abcdef'[(i * 7 + 3) % 16]).join('');
const KEY = `sk-${hex(32)}`;
const SECRET_PARTS = [KEY.slice(0, 9), KEY.slice(9, 20), KEY.slice(20)];

/** A log with a credential planted in every place a string can be. */
function plantedLog(): string {
  const h = headerRecord('s1', { cwd: '/home/alice/app' });
  const ev = (type: string, seq: number, data: unknown, extra: Record<string, unknown> = {}) => ({ type, seq, time: 1000 + seq, data, ...extra });
  const msg = (id: string, role: string, content: unknown[], source: unknown) => ({ id, role, content, source });
  const records: unknown[] = [
    ev('request/header', 0, { header: { config: { provider: 'deepseek', model: 'deepseek-chat' }, system: `You run in /home/alice/app. Key: ${KEY}` }, reason: 'initial' }),
    ev('turn/start', 1, { turn: 1 }),
    ev('user/message', 2, msg('u1', 'user', [{ type: 'text', text: `use DEEPSEEK_API_KEY=${KEY} and mail alice@corp.example.com` }], { kind: 'user' }), { surfaceOp: 'append' }),
    ev('session/title', 3, { title: `Debug ${KEY}` }),
    ev('step/start', 4, { turn: 1, step: 1 }),
    // a credential across 3 deltas of a packed text row, then across 2 verbatim reasoning deltas
    { type: 'text-chunks', seq0: 5, time0: 1005, data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: [`see ${SECRET_PARTS[0]}`, SECRET_PARTS[1], `${SECRET_PARTS[2]} ok`] } },
    ev('assistant/chunk', 8, { turn: 1, step: 1, chunk: { type: 'block-end', index: 0, block: { type: 'text', text: `see ${KEY} ok` } } }),
    ev('assistant/chunk', 9, { turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 1, text: `hmm ${KEY.slice(0, 17)}` } }),
    ev('assistant/chunk', 10, { turn: 1, step: 1, chunk: { type: 'reasoning-delta', index: 1, text: `${KEY.slice(17)} done` } }),
    // tool-call arguments across 2 packed deltas
    { type: 'tool-call-chunks', seq0: 11, time0: 1011, data: { turn: 1, step: 1, index: 2, dt: [1], id: 'c1', name: 'bash', args: [`{"command":"curl -H 'Authorization: ${KEY.slice(0, 5)}`, `${KEY.slice(5)}'"}`] } },
    ev('assistant/message', 13, { turn: 1, step: 1, message: msg('a1', 'assistant', [
      { type: 'text', text: `see ${KEY} ok` }, { type: 'reasoning', text: `hmm ${KEY} done` },
      { type: 'tool-call', id: 'c1', name: 'bash', arguments: `{"command":"curl -H 'Authorization: ${KEY}'"}` },
    ], { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' }) }, { surfaceOp: 'append', sourceEventSeqs: [5, 6, 7, 8, 9, 10, 11, 12] }),
    ev('tool/call', 14, { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: `{"command":"curl -H 'Authorization: ${KEY}'"}` }),
    ev('tool/result', 15, { turn: 1, step: 1, message: msg('r1', 'user', [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: `HOME=/home/alice\nDEEPSEEK_API_KEY=${KEY}` }] }], { kind: 'tool', callId: 'c1' }) }, { surfaceOp: 'append', sourceEventSeqs: [14] }),
    ev('todo/write', 16, { todos: [{ content: `rotate ${KEY}`, status: 'pending' }] }),
    ev('hook/result', 17, { plugin: 'notes', output: { nested: [[{ deep: `token=${KEY}` }]] } }),
    ev('step/end', 18, { turn: 1, step: 1 }),
    ev('turn/end', 19, { turn: 1, reason: { kind: 'completed' } }),
  ];
  return jsonl([h, ...records]);
}

async function load(text: string | Uint8Array): Promise<LoadResult> {
  return loadBytes(typeof text === 'string' ? utf8(text) : text, { now: 0 });
}

describe('redactLog', () => {
  it('removes a credential from every place, streamed ones from each delta holding part of it, and keeps the verdict', async () => {
    const text = plantedLog();
    const before = await load(text);
    expect(before.verdict.ok).toBe(true);
    const { lines, report } = await redactLog(text);
    const out = lines.join('\n') + '\n';
    for (const piece of [hex(32), ...SECRET_PARTS.slice(1), 'alice']) expect(out, piece).not.toContain(piece);
    const after = await load(out);
    expect(verdictShape(after)).toEqual(verdictShape(before));
    expect(after.header!.cwd).toBe('/home/user/app');
    // the deltas concatenate to the redacted assembled text
    const ev = after.session!.events(0, after.session!.log.length) as { data: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- test records
    const msg = ev[13].data.message.content;
    expect(ev.slice(5, 8).map((e) => e.data.chunk.text).join('')).toBe(msg[0].text);
    expect(msg[0].text).toBe('see [REDACTED:deepseek-api-key] ok');
    expect(ev.slice(9, 11).map((e) => e.data.chunk.text).join('')).toBe(msg[1].text);
    expect(ev.slice(11, 13).map((e) => e.data.chunk.argumentsDelta).join('')).toBe(msg[2].arguments);
    expect(ev[8].data.chunk.block.text).toBe(msg[0].text);
    expect(report.byRule['deepseek-api-key']).toBeGreaterThanOrEqual(12);
    const streamed = report.findings.filter((f) => f.parts && f.parts.length > 1);
    expect(streamed.map((f) => f.parts!.map((p) => p.seq))).toEqual(expect.arrayContaining([[5, 6, 7], [9, 10], [11, 12]]));
  });

  it('never shows the credential in a finding', async () => {
    const findings = await findSecrets(plantedLog());
    expect(findings.length).toBeGreaterThan(10);
    const shown = JSON.stringify(findings);
    for (const piece of [hex(32), SECRET_PARTS[1], 'alice']) expect(shown).not.toContain(piece);
    for (const f of findings) expect(f.preview).toContain(`[REDACTED:${f.rule}]`);
    expect(findings.find((f) => f.path === 'cwd')).toMatchObject({ rule: 'home-user', line: 1, replacement: 'user' });
    expect(findings.find((f) => f.seq === 17)).toMatchObject({ path: 'data.output.nested[0][0].deep', line: 16 });
  });

  it('keeps what the user keeps: every occurrence of that text under that rule, streamed or assembled', async () => {
    const text = plantedLog();
    const findings = await findSecrets(text);
    const one = findings.find((f) => f.rule === 'deepseek-api-key' && f.seq === 2)!;
    const { lines, report } = await redactLog(text, { keep: [one.id] });
    const out = lines.join('\n');
    expect(out).toContain(hex(32));
    expect(out).not.toContain('alice');
    expect(report.kept).toBe(report.findings.filter((f) => f.rule === 'deepseek-api-key').length);
  });

  it('redacts the raw text of an unparsable line and of a torn tail, which stay unparsable and torn', async () => {
    const good = jsonl([headerRecord('s1'), ...closedToolTurn()]);
    const text = `${good}{"type":"tool/result" ${KEY} /home/bob/x\n${JSON.stringify({ type: 'step/end', seq: 8, time: 0, data: { turn: 1, step: 1, note: `\n${KEY}` } }).slice(0, -3)}`;
    const before = await load(text);
    expect(before.torn).toBeDefined();
    const r = await redactLog(text);
    expect(r.torn).toBe(true);
    const out = r.lines.join('\n');
    expect(out).not.toContain(hex(32));
    expect(out).not.toContain('bob');
    expect(r.report.findings.filter((f) => f.raw).map((f) => f.line)).toEqual([10, 10, 11]);
    expect(verdictShape(await load(out))).toEqual(verdictShape(before));
  });

  it('keeps a refusal: same sentence, same line', async () => {
    const text = jsonl([headerRecord('s1'), turnStart(0, 1)]) + `not json ${KEY}\n` + jsonl([stepStart(1, 1, 1), stepEnd(2, 1, 1), turnEnd(3, 1)]);
    const before = await load(text);
    expect(before.verdict.ok).toBe(false);
    const r = await redactLog(text);
    const after = await load(r.lines.join('\n') + '\n');
    expect(after.verdict).toEqual(before.verdict);
  });

  it('writes zstd input as zstd with the same frames, a torn final frame staying torn', async () => {
    const { encodeZstdFrames } = await import('../zstd-encode');
    const text = plantedLog();
    const nl = text.indexOf('\n');
    const body = text.slice(nl + 1).split('\n');
    const frames = [text.slice(0, nl + 1), body.slice(0, 6).join('\n') + '\n', body.slice(6, 12).join('\n') + '\n', body.slice(12).join('\n')];
    const z = await encodeZstdFrames(frames);
    const torn = z.subarray(0, z.length - 2);
    for (const input of [z, torn]) {
      const before = await load(input);
      const parts: Uint8Array[] = [];
      const report = await redactFile(input, (b) => parts.push(b));
      expect(report.encoding).toBe('zstd');
      const out = concatBytes(parts);
      const after = await load(out);
      expect(after.frames).toEqual(input === z ? before.frames : { ...before.frames, tornBytes: after.frames!.tornBytes });
      expect(verdictShape(after)).toEqual(verdictShape(before));
      expect(new TextDecoder().decode(out)).not.toContain(hex(32));
    }
  });
});
