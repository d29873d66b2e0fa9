/**
 * `seqscope check` in a CI job: the words for a sub-agent, the closing tally, exit codes that tell
 * a refused log (1) from a path that could not be read (2), output cut short by `head`, and JSON
 * records that stay small unless `--full` asks for their arrays.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { describeCompaction } from '../core/compaction-format';
import { compactionsOf } from '../io/compactions';
import { loadBytes } from '../io/load';
import { closedToolTurn, headerRecord, logBytes, turnEnd, turnStart, utf8 } from '../testing/builders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'seqscope.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });
const lines = (out: string) => out.split('\n').filter((l) => l.trim() !== '');

let dir: string, good: string, bad: string, child: string, many: string;
beforeAll(() => {
  expect(run('--help').status).toBe(0);
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-ci-'));
  mkdirSync(path.join(dir, 'logs'));
  good = path.join(dir, 'logs', 'a.jsonl');
  bad = path.join(dir, 'logs', 'b.jsonl');
  child = path.join(dir, 'logs', 'c.jsonl');
  writeFileSync(good, logBytes(closedToolTurn(), headerRecord('s-a')));
  writeFileSync(bad, utf8(`${JSON.stringify(headerRecord('s-b'))}\n${JSON.stringify(turnStart(0, 1))}\nxx\n${JSON.stringify(turnEnd(2, 1))}\n`));
  writeFileSync(child, logBytes(closedToolTurn(), headerRecord('s-c', { parentSession: 's-a', origin: 'subagent', delegationDepth: 1 })));
  many = path.join(dir, 'many');
  mkdirSync(many);
  for (let i = 0; i < 60; i++) writeFileSync(path.join(many, `m${String(i).padStart(2, '0')}.jsonl`), logBytes(closedToolTurn(), headerRecord(`m${i}`)));
});
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

describe('seqscope check for CI', () => {
  it('calls a sub-agent a sub-agent of its parent, not a fork, and a fork a fork', () => {
    const r = run('check', child);
    expect(r.stdout).toContain(', sub-agent of s-a');
    expect(r.stdout).not.toContain('forked from');
    const fork = path.join(dir, 'fork.jsonl');
    writeFileSync(fork, logBytes(closedToolTurn(), headerRecord('s-f', { parentSession: 's-a' })));
    expect(run('check', fork).stdout).toContain(', forked from s-a');
  });
  it('ends a readable run with one tally line; --json prints only records', () => {
    const r = run('check', path.join(dir, 'logs'));
    expect(r.status).toBe(1);
    expect(lines(r.stdout).at(-1)).toBe('3 checked: 2 ok, 1 refused');
    const missing = path.join(dir, 'nope.jsonl');
    expect(lines(run('check', good, missing).stdout).at(-1)).toBe('2 checked: 1 ok, 0 refused, 1 unreadable');
    expect(lines(run('check', path.join(dir, 'logs'), '--json').stdout).every((l) => JSON.parse(l).file !== undefined)).toBe(true);
  });
  it('exits 2 for a path that cannot be read (even beside a refused log) and 1 for a refused log alone', () => {
    const missing = path.join(dir, 'nope.jsonl');
    const r = run('check', missing);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain(`${missing}: could not read: ENOENT`);
    expect(run('check', bad, missing).status).toBe(2);
    expect(run('check', missing, bad, '--jobs', '2').status).toBe(2);
    expect(run('check', bad).status).toBe(1);
    expect(run('check', good).status).toBe(0);
  });
  it('keeps each --json record small, with counts for its arrays, and the arrays with --full or --digests', () => {
    const small = JSON.parse(run('check', good, '--json', '--at', '3').stdout);
    const full = JSON.parse(run('check', good, '--json', '--full', '--at', '3').stdout);
    for (const k of ['surfaceSeqs', 'transcriptSeqs', 'replacementSeqs', 'messageIds']) {
      expect(small, k).not.toHaveProperty(k);
      expect(Array.isArray(full[k]), k).toBe(true);
    }
    expect(full.surfaceSeqs.length).toBeGreaterThan(0);
    expect(small).toMatchObject({ surfaceCount: full.surfaceSeqs.length, transcriptCount: full.transcriptSeqs.length, replacementCount: full.replacementSeqs.length, messageCount: full.messageIds.length });
    expect(small.at).toEqual({ seq: 3, surfaceCount: full.at.surfaceSeqs.length, transcriptCount: full.at.transcriptSeqs.length, messageCount: full.at.messageCount });
    const { surfaceSeqs, transcriptSeqs, replacementSeqs, messageIds, at, compactions, ...rest } = full;
    void surfaceSeqs; void transcriptSeqs; void replacementSeqs; void messageIds; void at; void compactions;
    expect(small, 'every other field is the same').toMatchObject(rest);
    const compared = JSON.parse(run('check', good, '--json', '--digests').stdout);
    expect(compared.surfaceSeqs, '--digests prints the whole conformance record').toEqual(full.surfaceSeqs);
    expect(compared.messageIds).toEqual(full.messageIds);
    expect(typeof compared.messagesDigest).toBe('string');
    const usage = run('check', good, '--full');
    expect([usage.status, usage.stderr.split('\n')[0]]).toEqual([2, 'seqscope: --full needs --json (it keeps the arrays in each JSON record).']);
  });
  it('stops quietly when its reader closes the pipe (| head)', async () => {
    const p = spawn(process.execPath, [bin, 'check', many], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    p.stdout.once('data', () => { p.stdout.destroy(); });
    const code = await new Promise<number | null>((resolve) => p.on('close', (c) => resolve(c)));
    expect(err).toBe('');
    expect(code).toBe(0);
  });
  it('names each compaction by the core definition: the summary lists them, --json counts them, --full gives each', async () => {
    const demo = path.join(root, 'public', 'demo', 'demo.jsonl');
    const list = compactionsOf(await loadBytes(new Uint8Array(readFileSync(demo)), { now: 0 }));
    const comps = list.filter((c) => c.kind === 'compaction');
    expect(comps.length).toBeGreaterThan(0);
    const text = run('check', demo).stdout;
    expect(text).toContain(`  ${comps.length} compactions, ${list.length - comps.length} prunes:`);
    for (const c of comps.slice(0, 3)) expect(text).toContain(`\n    ${describeCompaction(c)}\n`);
    const small = JSON.parse(run('check', demo, '--json').stdout);
    expect([small.compactionCount, small.pruneCount, small.compactions]).toEqual([comps.length, list.length - comps.length, undefined]);
    const full = JSON.parse(run('check', demo, '--json', '--full').stdout);
    expect(full.compactions.map((c: { kind: string; seq: number; replacementSeq: number; dshTokens?: number }) => [c.kind, c.seq, c.replacementSeq, c.dshTokens])).toEqual(list.map((c) => [c.kind, c.seq, c.replacementSeq, c.recordedTokens]));
  });
});
