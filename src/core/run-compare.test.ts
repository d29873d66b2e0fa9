import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesizeFork } from '../synth/fork';
import { synthesize } from '../synth/synthesizer';
import { formatJsonl } from '../synth/write';
import { alignedSeq } from './run-align';
import { compareRuns, formatDifference, type RunComparison } from './run-compare';
import type { Session } from './session';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test records

const base = synthesize({ seed: 5, events: 5000, contextTokens: 9000 });
const baseText = formatJsonl(base.header, base.events);

async function session(text: string): Promise<Session> {
  const r = await loadBytes(new TextEncoder().encode(text), { now: 0 });
  expect(r.verdict).toEqual({ ok: true });
  return r.session!;
}

async function compare(a: string, b: string): Promise<RunComparison> {
  return compareRuns(await session(a), await session(b));
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Rec);
const text = (recs: readonly Rec[]) => recs.map((r) => JSON.stringify(r) + '\n').join('');

/** The base log with the first record matching `pick` (after `skip` matches) changed by `edit`; returns the text and the seq. */
function mutate(pick: (r: Rec) => boolean, edit: (r: Rec) => void, skip = 0): { text: string; seq: number } {
  const recs = lines(baseText);
  const k = recs.findIndex((r) => pick(r) && skip-- === 0);
  expect(k).toBeGreaterThan(0);
  edit(recs[k]);
  return { text: text(recs), seq: recs[k].seq };
}

const isType = (t: string) => (r: Rec) => r.type === t && r.surfaceOp === 'append';

describe('compareRuns: one change each in a copy of a log', () => {
  it('identical runs: no divergence, no differences, every delta zero', async () => {
    const c = await compare(baseText, baseText);
    expect(c.alignment.firstDivergence).toBeNull();
    expect(c.alignment.differences).toEqual([]);
    expect(c.alignment.rows).toBe(c.a.length);
    expect(c.deltas.turns).toEqual({ a: base.stats.turns, b: base.stats.turns, delta: 0 });
    expect(c.deltas.compactions.a).toBe(base.stats.compactions);
    expect(c.deltas.prunes.a).toBe(base.stats.prunes);
    expect(c.a.kind.includes(4)).toBe(true);
  });

  it('only times, ids and usage changed: no divergence, but the wall time and tokens differ', async () => {
    const rename = (s: unknown) => (typeof s === 'string' ? `x-${s}` : s);
    const recs = lines(baseText).map((r, i) => {
      if (i === 0) return { ...r, id: 'other-session' };
      if ('time' in r) r.time = r.time * 2 - 1_700_000_000_000;
      if ('time0' in r) r.time0 = r.time0 * 2 - 1_700_000_000_000;
      const d = r.data;
      const msg = r.type === 'user/message' ? d : d?.message;
      if (msg && typeof msg === 'object') {
        msg.id = rename(msg.id);
        if (msg.source?.callId) msg.source.callId = rename(msg.source.callId);
        for (const b of msg.content ?? []) {
          if (b.type === 'tool-call') b.id = rename(b.id);
          if (b.type === 'tool-result') b.toolCallId = rename(b.toolCallId);
        }
      }
      if (r.type === 'tool/call') d.callId = rename(d.callId);
      if (d?.usage) d.usage.outputTokens += 7;
      if (d?.chunk?.type === 'usage') d.chunk.usage.outputTokens += 7;
      return r;
    });
    const c = await compare(baseText, text(recs));
    expect(c.alignment.firstDivergence).toBeNull();
    expect(c.deltas.wallMs.delta).toBeGreaterThan(0);
    expect(c.deltas.tokens.output.delta).not.toBe(0);
  });

  it('user text: the user message', async () => {
    const m = mutate(isType('user/message'), (r) => { r.data.content[0].text += ' (again)'; }, 2);
    const c = await compare(baseText, m.text);
    expect(c.alignment.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'user' });
    expect(c.alignment.differences).toHaveLength(1);
  });

  it('system prompt: the request header in force at the next step', async () => {
    const m = mutate((r) => r.type === 'request/header', (r) => { r.data.header.system += '\nBe brief.'; });
    const c = await compare(baseText, m.text);
    expect(c.alignment.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'header' });
    // every step the header stays in force at differs
    expect(c.alignment.differences.every((d) => d.kind === 'header' && d.a === m.seq)).toBe(true);
  });

  it('model text: the assistant message', async () => {
    const m = mutate((r) => isType('assistant/message')(r) && r.data.message.content.some((b: Rec) => b.type === 'text'), (r) => {
      r.data.message.content.find((b: Rec) => b.type === 'text').text = 'Something else entirely.';
    }, 3);
    const c = await compare(baseText, m.text);
    expect(c.alignment.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'assistant' });
  });

  it('tool arguments: the assistant message that made the call', async () => {
    const m = mutate((r) => isType('assistant/message')(r) && r.data.message.content.some((b: Rec) => b.type === 'tool-call'), (r) => {
      r.data.message.content.find((b: Rec) => b.type === 'tool-call').arguments = '{"command":"rm -rf build"}';
    }, 4);
    const c = await compare(baseText, m.text);
    expect(c.alignment.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'assistant' });
    expect(c.alignment.differences).toHaveLength(1);
  });

  it('tool result: its content, and separately its isError', async () => {
    const m = mutate(isType('tool/result'), (r) => { r.data.message.content[0].content = [{ type: 'text', text: 'changed output' }]; }, 5);
    const c = await compare(baseText, m.text);
    expect(c.alignment.firstDivergence).toEqual({ a: m.seq, b: m.seq, kind: 'tool-result' });
    const e = mutate((r) => isType('tool/result')(r) && r.data.message.content[0].isError !== true && r.data.error === undefined, (r) => { r.data.message.content[0].isError = true; }, 5);
    const ce = await compare(baseText, e.text);
    expect(ce.alignment.firstDivergence).toEqual({ a: e.seq, b: e.seq, kind: 'tool-result' });
    expect(ce.deltas.toolErrors.delta).toBe(1);
  });

  it('an extra compaction: a surface replacement A has no counterpart for, later items still equal', async () => {
    const recs = lines(baseText);
    const seqOf = (r: Rec) => (typeof r.seq === 'number' ? r.seq : r.seq0);
    const lastRepl = Math.max(...recs.filter((r) => typeof r.surfaceOp === 'object').map((r) => r.seq));
    const k = recs.findIndex((r) => (r.type === 'turn/start' || r.type === 'step/start') && r.seq > lastRepl);
    expect(k).toBeGreaterThan(0);
    const p = recs[k].seq;
    const target = [...recs.slice(0, k)].reverse().find((r) => isType('tool/result')(r) && r.seq > lastRepl)!;
    expect(target).toBeDefined();
    const shift = (s: number) => (s >= p ? s + 4 : s);
    const later = recs.slice(k).map((r) => {
      if (typeof r.seq === 'number') r.seq += 4; else r.seq0 += 4;
      if (Array.isArray(r.sourceEventSeqs)) r.sourceEventSeqs = r.sourceEventSeqs.map(shift);
      return r;
    });
    const t = recs[k - 1].time ?? recs[k - 1].time0;
    const cmd = { compactionId: 'cmp-x', sourceCommandId: 'cmd-x' };
    const extra = [
      { type: 'compaction/start', seq: p, time: t, data: { ...cmd, turn: null } },
      { type: 'compaction/summary', seq: p + 1, time: t, data: { ...cmd, summary: [{ type: 'text', text: 'an extra summary' }] } },
      { type: 'user/message', seq: p + 2, time: t, data: { id: 'm-x', role: 'user', content: [{ type: 'text', text: 'an extra summary' }], source: { kind: 'plugin', plugin: 'compact', ...cmd } }, sourceEventSeqs: [p, p + 1, target.seq], surfaceOp: { op: 'replace', start: target.seq, end: target.seq } },
      { type: 'compaction/end', seq: p + 3, time: t, data: { ...cmd, turn: null } },
    ];
    expect(seqOf(recs[k - 1])).toBeLessThan(p);
    const c = await compare(baseText, text([...recs.slice(0, k), ...extra, ...later]));
    expect(c.alignment.firstDivergence).toEqual({ a: null, b: p + 2, kind: 'surface' });
    expect(c.alignment.differences).toHaveLength(1);
    expect(c.deltas.compactions.delta).toBe(1);
  });

  it('a run cut short: end, at the first item B does not have', async () => {
    const recs = lines(baseText);
    const ends = recs.map((r, i) => (r.type === 'turn/end' ? i : -1)).filter((i) => i > 0);
    const cut = ends[Math.floor(ends.length / 2)];
    const c = await compare(baseText, text(recs.slice(0, cut + 1)));
    const nextUser = recs.slice(cut + 1).find((r) => r.type === 'user/message' || r.type === 'assistant/message' || r.type === 'tool/result')!;
    expect(c.alignment.firstDivergence).toEqual({ a: nextUser.seq, b: null, kind: 'end' });
    expect(c.alignment.differences).toHaveLength(1);
    expect(c.alignment.differences[0].count).toBe(c.a.length - c.b.length);
    expect(formatDifference(c.alignment.differences[0])).toMatch(/B has ended while A goes on from seq \d+/);
    // the other way round, B went on
    const back = await compare(text(recs.slice(0, cut + 1)), baseText);
    expect(back.alignment.firstDivergence).toEqual({ a: null, b: nextUser.seq, kind: 'end' });
  });
});

describe('compareRuns: attachments and what a replacement replaces', () => {
  const image = (hash: string) => ({ type: 'image', attachment: { attachmentId: `sha256:${hash.repeat(64)}`, mediaType: 'image/png', width: 1, height: 1, bytes: 69 } });
  const withImage = (hash: string) => mutate(isType('user/message'), (r) => { r.data.content.push(image(hash)); }, 1);

  it('a user message\'s attachment: the same image is equal, another one of the same size is a user divergence', async () => {
    const a = withImage('a');
    expect((await compare(a.text, withImage('a').text)).alignment.firstDivergence).toBeNull();
    // attachment ids are content addresses (sha256 of the bytes, persistence §5.1): another id is another image
    const c = await compare(a.text, withImage('b').text);
    expect(c.alignment.firstDivergence).toEqual({ a: a.seq, b: a.seq, kind: 'user' });
    expect(c.alignment.differences).toHaveLength(1);
  });

  it('a compaction at the same place with the same summary that replaces less: a surface divergence', async () => {
    const recs = lines(baseText);
    const k = recs.findLastIndex((r) => r.type === 'user/message' && typeof r.surfaceOp === 'object');
    const op = recs[k].surfaceOp as { start: number; end: number };
    // end the range at an earlier message of the surface it covered (an appended assistant message inside it)
    const end = recs.find((r) => isType('assistant/message')(r) && r.seq > op.start + 10 && r.seq < op.end - 10)!.seq;
    const b = recs.map((r, i) => (i === k ? { ...r, surfaceOp: { ...op, end } } : r));
    const c = await compare(baseText, text(b));
    expect(c.alignment.firstDivergence).toEqual({ a: recs[k].seq, b: recs[k].seq, kind: 'surface' });
    expect(c.alignment.differences).toHaveLength(1);
  });
});

describe('compareRuns: a fork and its parent', () => {
  it('diverges at or after the fork point, and every item before it is equal', async () => {
    const f = synthesizeFork({ seed: 9, events: 3000, contextTokens: 9000 });
    const c = await compare(formatJsonl(f.parent.header, f.parent.events), formatJsonl(f.child.header, f.child.events));
    const d = c.alignment.firstDivergence!;
    expect(d).not.toBeNull();
    expect(d.a === null || d.a > f.boundary).toBe(true);
    expect(d.b === null || d.b > f.boundary).toBe(true);
    const row = c.alignment.differences[0].row;
    for (let r = 0; r < row; r++) expect(c.alignment.equal[r]).toBe(1);
    // every item of the inherited seed is in an equal row
    const seedItems = [...c.a.at].filter((s) => s <= f.boundary).length;
    expect(row).toBeGreaterThanOrEqual(seedItems);
  });
});

describe('alignedSeq', () => {
  it('maps a seq of A to the aligned seq of B across a shift', async () => {
    const recs = lines(baseText);
    // B: the same run with 3 log-only events inserted after the header line, so B's seqs are A's + 3
    const shifted = recs.slice(1).map((r) => {
      const x = { ...r };
      if (typeof x.seq === 'number') x.seq += 3; else x.seq0 += 3;
      if (Array.isArray(x.sourceEventSeqs)) x.sourceEventSeqs = x.sourceEventSeqs.map((s: number) => s + 3);
      if (typeof x.surfaceOp === 'object') x.surfaceOp = { op: 'replace', start: x.surfaceOp.start + 3, end: x.surfaceOp.end + 3 };
      return x;
    });
    const pre = [0, 1, 2].map((s) => ({ type: 'session/title', seq: s, time: 1, data: { title: 't' } }));
    const a = await session(baseText), b = await session(text([recs[0], ...pre, ...shifted]));
    const c = compareRuns(a, b);
    expect(c.alignment.firstDivergence).toBeNull();
    for (const s of [10, 500, 2222, a.length - 1]) expect(alignedSeq(c.alignment, c.a, c.b, true, s, b.length)).toBe(s + 3);
    expect(alignedSeq(c.alignment, c.b, c.a, false, 2225, a.length)).toBe(2222);
  });
});
