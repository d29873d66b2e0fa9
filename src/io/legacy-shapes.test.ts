/**
 * Legacy v0 shapes are checked before they are upgraded (persistence.md §4.6): an old
 * `steering/message`, `turn/start` or `turn/end` whose fields do not have the old shape makes
 * DSH refuse the log as corrupt, naming the seq; we name the physical line too.
 */
import { describe, expect, it } from 'vitest';
import { closedToolTurn, logBytes } from '../testing/builders';
import { loadBytes } from './load';

/** A closed tool turn (seqs 0–7) with the event at `seq` given `type` and `data`. */
function withEvent(seq: number, type: string, data: unknown): Uint8Array {
  const events = closedToolTurn().map((e) => ({ ...e })) as Record<string, unknown>[];
  events[seq] = { ...events[seq], type, data };
  return logBytes(events);
}

const refusal = (type: string, seq: number) => ({
  ok: false, kind: 'corrupt', code: 'legacy-malformed', line: seq + 2, seq,
  message: `Line ${seq + 2}, seq ${seq}: Session "s1" contains a malformed pre-react-loop ${type} at seq ${seq}.`,
});

const TEXT = [{ type: 'text', text: 'run ls' }];
const USER = { kind: 'user' };

describe('malformed pre-react-loop shapes are refused before any upgrade', () => {
  const steering: [string, unknown][] = [
    ['a turn that is a string', { turn: '1', content: TEXT, source: USER }],
    ['a fractional turn', { turn: 1.5, content: TEXT, source: USER }],
    ['a turn past the safe integers', { turn: 2 ** 53, content: TEXT, source: USER }],
    ['no turn', { content: TEXT, source: USER }],
    ['an extra key beside content and source', { turn: 1, content: TEXT, source: USER, id: 'x' }],
    ['content without source', { turn: 1, content: TEXT }],
    ['a wrapped message with a string turn', { turn: 'one', message: { id: 'u', role: 'user', content: TEXT, source: USER } }],
    ['a wrapped message beside another key', { turn: 1, message: { id: 'u', role: 'user', content: TEXT, source: USER }, extra: true }],
    ['a wrapped message that is not an object', { turn: 1, message: 'hi' }],
    ['data that is an array', [1, 2]],
    ['data that is null', null],
  ];
  for (const [what, data] of steering) {
    it(`steering/message with ${what}`, async () => {
      expect((await loadBytes(withEvent(1, 'steering/message', data), { now: 0 })).verdict).toEqual(refusal('steering/message', 1));
    });
  }

  const turnStart: [string, unknown][] = [
    ['a string turn', { turn: '1', trigger: { kind: 'user' } }],
    ['turn 0', { turn: 0, trigger: { kind: 'user' } }],
    ['an empty trigger kind', { turn: 1, trigger: { kind: '' } }],
    ['a trigger that is a string', { turn: 1, trigger: 'user' }],
    ['an extra key', { turn: 1, trigger: { kind: 'user' }, step: 1 }],
  ];
  for (const [what, data] of turnStart) {
    it(`turn/start with a trigger and ${what}`, async () => {
      expect((await loadBytes(withEvent(0, 'turn/start', data), { now: 0 })).verdict).toEqual(refusal('turn/start', 0));
    });
  }

  const turnEnd: [string, unknown][] = [
    ['a string turn', { turn: '1', reason: { kind: 'completed' } }],
    ['a fractional turn', { turn: 1.5, reason: { kind: 'completed' } }],
    ['no reason', { turn: 1 }],
    ['a reason that is a string', { turn: 1, reason: 'completed' }],
    ['a reason kind that is a number', { turn: 1, reason: { kind: 3 } }],
    ['an extra key', { turn: 1, reason: { kind: 'completed' }, step: 1 }],
    ['a bare aborted reason with an extra key', { turn: 1, reason: { kind: 'aborted', why: 'x' } }],
    ['a disposed reason with an extra key', { turn: 1, reason: { kind: 'disposed', at: 1 } }],
    ['an old error reason without a step', { turn: 1, reason: { kind: 'error', message: 'boom' } }],
    ['an old error reason with a negative step', { turn: 1, reason: { kind: 'error', step: -1, message: 'boom' } }],
    ['an old error reason with a numeric code', { turn: 1, reason: { kind: 'error', step: 1, message: 'boom', code: 5 } }],
    ['an old error failure with a numeric message', { turn: 1, reason: { kind: 'error', step: 1, failure: { message: 5, code: 'X' } } }],
    ['an old error failure with an unknown key', { turn: 1, reason: { kind: 'error', step: 1, failure: { message: 'm', code: 'X', extra: 1 } } }],
  ];
  for (const [what, data] of turnEnd) {
    it(`turn/end with ${what}`, async () => {
      expect((await loadBytes(withEvent(7, 'turn/end', data), { now: 0 })).verdict).toEqual(refusal('turn/end', 7));
    });
  }
});

describe('well-formed pre-react-loop shapes still upgrade', () => {
  const load = (seq: number, type: string, data: unknown) => loadBytes(withEvent(seq, type, data), { now: 0 });

  it('a flat steering/message becomes a user/message with a legacy id', async () => {
    const r = await load(1, 'steering/message', { turn: 1, content: TEXT, source: USER });
    expect(r.verdict).toEqual({ ok: true });
    expect(r.session!.log.rawAt(1)).toMatchObject({ type: 'user/message', data: { id: 'legacy-message:s1:1', role: 'user', content: TEXT, source: USER } });
  });
  it('a wrapped steering/message is unwrapped, and a pre-identity message inside it gains a legacy id', async () => {
    const r = await load(1, 'steering/message', { turn: 1, message: { content: TEXT, source: USER } });
    expect(r.verdict).toEqual({ ok: true });
    expect(r.session!.log.rawAt(1)).toMatchObject({ type: 'user/message', data: { id: 'legacy-message:s1:1', role: 'user' } });
  });
  it('an old error failure with its optional fields becomes an error reason', async () => {
    const failure = { message: 'm', code: 'X', status: 500, requestId: 'r' };
    const r = await load(7, 'turn/end', { turn: 1, reason: { kind: 'error', step: 1, failure } });
    expect(r.verdict).toEqual({ ok: true });
    expect(r.session!.log.rawAt(7).data).toEqual({ turn: 1, reason: { kind: 'error', error: failure } });
  });
  it('a turn/end reason of an unknown kind passes through with any keys', async () => {
    const r = await load(7, 'turn/end', { turn: 1, reason: { kind: 'refusal', note: 'x' } });
    expect(r.verdict).toEqual({ ok: true });
  });
});
