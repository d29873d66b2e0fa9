/**
 * `seqscope stats` and `seqscope grep` as a user runs them: the bin over a hand-built DSH home
 * (sub-agents two deep, a fork, a refused log, a file that is not a log), with worker threads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../core/types';
import { assistantMessage, endSeed, headerRecord, logBytes, stepEnd, stepStart, toolCall, toolResult, turnEnd, turnStart, userMessage, utf8 } from '../testing/builders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'seqscope.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });

const withUsage = (e: SessionEvent, u: Record<string, number>): SessionEvent => ({ ...e, data: { ...e.data, usage: u } });
const SECRET = 'sk-0123456789abcdef0123456789abcdef';
/** One turn: a prompt, a step spending `n` input tokens that calls `tool`, whose result fails when `fail`. */
function turn(base: number, t: number, n: number, o: { tool?: string; fail?: boolean; text?: string } = {}): SessionEvent[] {
  const call = `c${t}`;
  const calling = o.tool !== undefined;
  const tc = calling ? { ...toolCall(base + 4, call, t, 1), data: { turn: t, step: 1, callId: call, name: o.tool, arguments: '{}' } } : undefined;
  return [
    turnStart(base, t), userMessage(base + 1, `u${t}`, o.text ?? 'please build'), stepStart(base + 2, t, 1, { time: Date.UTC(2026, 10, 3) + base }),
    withUsage(assistantMessage(base + 3, `a${t}`, 'on it', calling ? [{ id: call, name: o.tool }] : [], { turn: t }), { inputTokens: n, outputTokens: 2, cacheReadTokens: 3 }),
    ...(tc ? [tc, toolResult(base + 5, `r${t}`, call, `exit 1 with ${SECRET} leaked`, { isError: o.fail, turn: t })] : []),
    stepEnd(base + (calling ? 6 : 4), t, 1), turnEnd(base + (calling ? 7 : 5), t),
  ];
}

let dir: string;
const put = (rel: string, bytes: Uint8Array) => { mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true }); writeFileSync(path.join(dir, rel), bytes); };
beforeAll(() => {
  expect(run('--help').status).toBe(0);
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-stats-'));
  const p = '--home-dev-api--';
  const rootEvents = turn(0, 1, 1, { tool: 'bash', fail: true });
  put(`a/${p}/root/session.jsonl`, logBytes(rootEvents, headerRecord('root', { cwd: '/home/dev/api' })));
  put(`a/${p}/sub/session.jsonl`, logBytes(turn(0, 1, 10, { tool: 'read' }), headerRecord('sub', { cwd: '/home/dev/api', parentSession: 'root', origin: 'subagent', delegationDepth: 1 })));
  put(`b/${p}/subsub/session.jsonl`, logBytes(turn(0, 1, 100), headerRecord('subsub', { cwd: '/home/dev/api', parentSession: 'sub', origin: 'subagent', delegationDepth: 2 })));
  put(`b/${p}/fork/session.jsonl`, logBytes([...rootEvents, endSeed(8), ...turn(9, 2, 1000)], headerRecord('fork', { cwd: '/home/dev/api', parentSession: 'root', seedLength: 8 })));
  // committed damage: a line that is not JSON, then a turn/end
  put(`b/${p}/broken/session.jsonl`, utf8(`${JSON.stringify(headerRecord('broken', { cwd: '/home/dev/api' }))}\n${JSON.stringify(turnStart(0, 1))}\nxx\n${JSON.stringify(turnEnd(2, 1))}\n`));
  put('b/page.jsonl', utf8('<!doctype html><html><body>not a log</body></html>\n'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Doc = { sessions: Record<string, any>[]; totals: Record<string, any>; skipped: { path: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const stats = (...args: string[]): Doc => {
  const r = run('stats', ...args, '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('seqscope stats', () => {
  it('prints one JSON document: each session with kind, parent, verdict, own and total; totals over loaded sessions', () => {
    const doc = stats(dir, '--jobs', '2');
    const by = (id: string) => doc.sessions.find((s) => s.id === id)!;
    expect(doc.sessions.map((s) => s.path).sort()).toEqual(['a/--home-dev-api--/root/session.jsonl', 'a/--home-dev-api--/sub/session.jsonl', 'b/--home-dev-api--/broken/session.jsonl', 'b/--home-dev-api--/fork/session.jsonl', 'b/--home-dev-api--/subsub/session.jsonl']);
    expect(Object.keys(by('root')).slice(0, 7)).toEqual(['id', 'path', 'kind', 'parent', 'verdict', 'own', 'total']);
    expect(by('root').own).toEqual({ turns: 1, steps: 1, toolCalls: 1, toolErrors: 1, tokens: { input: 1, output: 2, cacheRead: 3, cacheWrite: 0, reasoning: 0 } });
    expect(by('root').total.tokens.input).toBe(111);
    expect(by('sub')).toMatchObject({ kind: 'subagent', parent: 'root', total: { tokens: { input: 110 } } });
    expect(by('fork')).toMatchObject({ kind: 'fork', parent: 'root', own: { turns: 1, toolCalls: 0, toolErrors: 0, tokens: { input: 1000 } } });
    expect(by('broken')).toMatchObject({ verdict: 'corrupt', partial: true });
    expect(by('broken').message).toMatch(/^Line 3\b/);
    expect(doc.totals).toMatchObject({ turns: 4, steps: 4, toolCalls: 2, toolErrors: 1, tokens: { input: 1111 }, sessions: 4, partial: 1 });
    expect(doc.skipped.map((s) => s.path)).toEqual(['b/page.jsonl']);
    expect(stats(dir), '--jobs 1 prints the same').toEqual(doc);
  });

  it('merges shards: the figures of two halves of a folder add up to the whole', () => {
    const whole = stats(dir);
    const a = stats(path.join(dir, 'a')), b = stats(path.join(dir, 'b'));
    for (const k of ['turns', 'steps', 'toolCalls', 'toolErrors'] as const) expect(a.totals[k] + b.totals[k]).toBe(whole.totals[k]);
    expect(a.totals.tokens.input + b.totals.tokens.input).toBe(whole.totals.tokens.input);
    // in a shard the sub-sub-agent is elsewhere; merging the shards' documents gives the whole's totals and trees
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify(a));
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify(b));
    const merged = stats('--merge', path.join(dir, 'a.json'), path.join(dir, 'b.json'));
    expect(merged.totals).toEqual(whole.totals);
    expect(merged.sessions.find((s) => s.id === 'root')!.total).toEqual(whole.sessions.find((s) => s.id === 'root')!.total);
  });

  it('prints CSV and groups by project, day and model; costs only with a price table, named', () => {
    const csv = run('stats', dir, '--csv').stdout.trim().split('\n');
    expect(csv[0].split(',').slice(0, 8)).toEqual(['id', 'path', 'project', 'kind', 'parent', 'verdict', 'started', 'wallMs']);
    expect(csv.length).toBe(6);
    const byProject = run('stats', dir, '--csv', '--by', 'project').stdout.trim().split('\n');
    expect(byProject[1].split(',').slice(0, 3)).toEqual(['/home/dev/api', '4', '4']);
    expect(run('stats', dir, '--json').stdout).not.toMatch(/cost/);
    writeFileSync(path.join(dir, 'prices.json'), JSON.stringify({ name: 'my table', currency: 'USD', models: { m: { input: 1e6, output: 0 } } }));
    const priced = stats(dir, '--by', 'model', '--prices', path.join(dir, 'prices.json'));
    expect(priced.totals.cost).toMatchObject({ amount: 1111, currency: 'USD', table: 'my table', unpricedTokens: 4 * 3 });
    const bad = run('stats', dir, '--prices', path.join(dir, 'page.json'));
    expect(bad.status).toBe(2);
  });
});

describe('seqscope grep', () => {
  it('prints hits with path, seq and a masked excerpt, never the credential', () => {
    const r = run('grep', 'exit 1', dir, '--jobs', '2');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain('a/--home-dev-api--/root/session.jsonl:5: tool/result: exit 1 with [REDACTED:deepseek-api-key] leaked');
    expect(r.stdout).not.toContain(SECRET);
    expect(lines.length).toBe(3);
  });

  it('filters by family, tool and errors; takes /regex/; prints JSON per session', () => {
    expect(run('grep', 'exit', dir, '--tool', 'read').stdout.trim().split('\n').map((l) => l.split(':')[0])).toEqual(['a/--home-dev-api--/sub/session.jsonl']);
    expect(run('grep', 'exit', dir, '--errors').stdout.trim().split('\n').length).toBe(2);
    expect(run('grep', 'build', dir, '--type', 'tool').status).toBe(1);
    const j = run('grep', '/PLEASE\\s+b/i', dir, '--type', 'user', '--json').stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(j.map((s) => s.id)).toEqual(['root', 'sub', 'fork', 'subsub']);
    expect(j[0].hits[0]).toEqual({ seq: 1, type: 'user/message', excerpt: 'please build', start: 0, end: 8 });
    expect(run('grep', '/(/', dir).status).toBe(2);
  });
});
