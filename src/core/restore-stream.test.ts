import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { logBytes, logOnly, turnEnd, turnStart, userMessage } from '../testing/builders';

const verdictOf = async (events: unknown[]) => (await loadBytes(logBytes(events), { now: 0 })).verdict;

describe('RestoreStream: which pass refuses first (DSH runs them over the whole log in turn)', () => {
  it('refuses an event with no type as unsupported: the type gate reads the type as it is', async () => {
    const { type: _drop, ...untyped } = logOnly(1) as Record<string, unknown>;
    const v = await verdictOf([turnStart(0, 1), untyped, turnEnd(2, 1)]);
    expect(v).toMatchObject({ ok: false, kind: 'unsupported', code: 'unknown-type', seq: 1 });
  });

  it('refuses a bad message shape before an earlier unknown type: messages are checked while normalizing', async () => {
    const bad = userMessage(2, '', 'no id');
    const v = await verdictOf([turnStart(0, 1), logOnly(1, 'acme/audit'), bad, turnEnd(3, 1)]);
    expect(v).toMatchObject({ ok: false, kind: 'corrupt', code: 'message-shape', seq: 2 });
  });

  it('refuses an unknown type before a surface error at an earlier seq: the gate runs before admission', async () => {
    const orphanReplace = userMessage(1, 'r', 'x', { op: { op: 'replace', start: 9, end: 9 }, src: [0] });
    const v = await verdictOf([turnStart(0, 1), orphanReplace, logOnly(2, 'acme/audit'), turnEnd(3, 1)]);
    expect(v).toMatchObject({ ok: false, kind: 'unsupported', seq: 2 });
  });

  it('accepts an unknown type marked ignorable and keeps it in the log', async () => {
    const r = await loadBytes(logBytes([turnStart(0, 1), { ...logOnly(1, 'acme/audit'), ignorable: true }, turnEnd(2, 1)]), { now: 0 });
    expect(r.verdict).toEqual({ ok: true });
    expect(r.session!.log.typeAt(1)).toBe('acme/audit');
  });
});
