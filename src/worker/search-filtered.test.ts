import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import { SessionQueries } from './queries';

async function queries(seed: number) {
  const r = synthesize({ seed, events: 3000, contextTokens: 6000 });
  const res = await loadBytes(new TextEncoder().encode(formatJsonl(r.header, r.events)), { now: 0 });
  return { q: new SessionQueries(res), log: res.session!.log, errors: r.stats.toolErrors };
}

function all(q: SessionQueries, query: string, budgetMs = Infinity, cap = 1e9) {
  const hits: number[] = [];
  for (let from = 0; from >= 0;) {
    const b = q.searchFrom(query, from, budgetMs, cap);
    if (b.error) throw new Error(b.error.message);
    hits.push(...b.hits); from = b.next;
  }
  return hits;
}

type Data = { name?: string; callId?: string; message?: { source?: { callId?: string }; content?: { isError?: boolean }[] } };

describe('filtered search', () => {
  it('is:error finds exactly the failed tool results (as many as the overview counts)', async () => {
    const { q, log, errors } = await queries(7);
    expect(errors).toBeGreaterThan(0);
    const want: number[] = [];
    for (let s = 0; s < log.length; s++) {
      const e = log.rawAt(s);
      if (e.type === 'tool/result' && (e.data as Data).message?.content?.[0]?.isError === true) want.push(s);
    }
    expect(all(q, 'is:error')).toEqual(want);
    expect(q.overviewStats().toolErrors).toBe(want.length);
    // in batches of two hits and with a zero time budget, the same hits
    expect(all(q, 'is:error', 0, 2)).toEqual(want);
  });

  it('tool:NAME finds that tool\'s calls and results; type: narrows by type or family', async () => {
    const { q, log } = await queries(3);
    const names = new Map<string, string>();
    for (let s = 0; s < log.length; s++) { const e = log.rawAt(s); if (e.type === 'tool/call') names.set((e.data as Data).callId!, (e.data as Data).name!); }
    const name = [...names.values()][0];
    const calls: number[] = [], results: number[] = [];
    for (let s = 0; s < log.length; s++) {
      const e = log.rawAt(s), d = e.data as Data;
      if (e.type === 'tool/call' && d.name === name) calls.push(s);
      if (e.type === 'tool/result' && e.surfaceOp === 'append' && names.get(d.message?.source?.callId ?? '') === name) results.push(s);
    }
    expect(calls.length).toBeGreaterThan(0);
    expect(all(q, `tool:${name.toUpperCase()}`)).toEqual([...calls, ...results].sort((a, b) => a - b));
    expect(all(q, `tool:${name} type:tool/result`)).toEqual(results);
    const turns: number[] = [];
    for (let s = 0; s < log.length; s++) if (log.typeAt(s).startsWith('turn/')) turns.push(s);
    expect(all(q, 'type:turn')).toEqual(turns);
  });

  it('a /regex/ is tested on each event\'s JSON, case-insensitively; with text, both must hold', async () => {
    const { q, log } = await queries(11);
    const json = (s: number) => log.lineAt(s) ?? JSON.stringify(log.rawAt(s));
    const want: number[] = [];
    for (let s = 0; s < log.length; s++) if (/"turn":[23],/i.test(json(s))) want.push(s);
    expect(want.length).toBeGreaterThan(0);
    expect(all(q, '/"TURN":[23],/')).toEqual(want);
    expect(all(q, '/"turn":[23],/ step/end')).toEqual(want.filter((s) => json(s).includes('step/end')));
  });

  it('a bad regex or filter answers one sentence and no hits', async () => {
    const { q } = await queries(1);
    expect(q.searchFrom('/(a/', 0).error).toMatchObject({ code: 'search-regex' });
    expect(q.searchFrom('/(a/', 0).error!.message).toMatch(/^\/\(a\/ is not a regular expression Seqscope can run \(RE2 syntax/);
    expect(q.searchFrom('/(?=x)y/', 0).error?.code).toBe('search-regex');
    expect(q.searchFrom('is:nope', 0)).toMatchObject({ next: -1, error: { code: 'search-syntax' } });
  });

  it('a catastrophic-backtracking pattern runs in linear time over a long line', () => {
    const long = 'a'.repeat(200_000) + '!';
    const ev = { type: 'feedback/record', seq: 0, time: 1, data: { note: long } };
    return loadBytes(new TextEncoder().encode(`${JSON.stringify({ type: 'session', version: 0, id: 's', createdAt: 1, cwd: '/', delegationDepth: 0 })}\n${JSON.stringify(ev)}\n`), { now: 0 }).then((res) => {
      const q = new SessionQueries(res);
      // a backtracking engine would not finish (a+)+$ against this line in our lifetime; RE2 does in one pass
      expect(q.searchFrom('/(a+)+b/', 0, Infinity).hits).toEqual(new Int32Array(0));
      expect(q.searchFrom('/(a+)+!/', 0, Infinity).hits).toEqual(Int32Array.from([0]));
    });
  });
});

describe('the errors-only filter', () => {
  it('lists the call and the result of each failed tool call', async () => {
    const { q } = await queries(7);
    const results = all(q, 'is:error');
    const seqs = q.filter(['is:error']);
    expect(seqs.length).toBe(results.length * 2);
    for (const r of results) expect(seqs).toContain(r);
    const calls = [...seqs].filter((s) => !results.includes(s));
    expect(calls.every((s) => q.rowsOf([s])[0].type === 'tool/call')).toBe(true);
    // beside a family, both
    expect(q.filter(['is:error', 'turn']).length).toBe(seqs.length + q.filter(['turn']).length);
  });
});
