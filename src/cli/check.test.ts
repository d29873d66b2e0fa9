/**
 * `seqscope check` as a user runs it: the bin (building its bundle when stale) over files and
 * folders, one verdict per file, in order, whatever the number of worker threads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { openBytes } from '../io/open';
import { encodeZstdFrames } from '../io/zstd-encode';
import { closedToolTurn, headerRecord, jsonl, logBytes, turnEnd, turnStart, utf8 } from '../testing/builders';
import { zstdCorpusCases } from '../testing/zstd-cases';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'seqscope.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });
const lines = (out: string) => out.split('\n').filter((l) => l.trim() !== '');

let dir: string;
let outside: string;
beforeAll(() => {
  // builds the bundle now if it is stale, so that the checks below see only the command's own output
  expect(run('--help').status).toBe(0);
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-check-'));
  outside = mkdtempSync(path.join(tmpdir(), 'seqscope-outside-'));
  writeFileSync(path.join(outside, 'elsewhere.jsonl'), logBytes(closedToolTurn()));
  mkdirSync(path.join(dir, '--home-a-proj--', 's1'), { recursive: true });
  mkdirSync(path.join(dir, '--home-a-proj--', 's2'), { recursive: true });
  mkdirSync(path.join(dir, '.hidden'));
  writeFileSync(path.join(dir, '--home-a-proj--', 's1', 'session.jsonl'), logBytes(closedToolTurn(), headerRecord('s1')));
  // committed damage: a bad line with a turn/end after it
  writeFileSync(path.join(dir, '--home-a-proj--', 's2', 'session.jsonl'), utf8(`${JSON.stringify(headerRecord('s2'))}\n${JSON.stringify(turnStart(0, 1))}\nxx\n${JSON.stringify(turnEnd(2, 1))}\n`));
  writeFileSync(path.join(dir, 'export.zip'), zipSync({ 'session.jsonl': logBytes(closedToolTurn(), headerRecord('root')), 'subagents/c1/session.jsonl': logBytes(closedToolTurn(), headerRecord('c1')) }));
  writeFileSync(path.join(dir, 'notes.txt'), 'not a log');
  writeFileSync(path.join(dir, '.hidden', 'session.jsonl'), logBytes(closedToolTurn()));
  symlinkSync(outside, path.join(dir, 'link-out'));
});
afterAll(() => { rmSync(dir, { recursive: true, force: true }); rmSync(outside, { recursive: true, force: true }); });

describe('seqscope check', () => {
  it('walks a folder for logs and ZIPs and prints one verdict per file (per session of a ZIP) with --jobs 2, in order', () => {
    const r = run('check', dir, '--jobs', '2', '--json');
    expect(r.stderr).toBe('');
    expect(r.status, 'a refused log makes the exit code 1').toBe(1);
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    expect(rows.map((x) => [path.relative(dir, x.file), x.entry, x.ok, x.header?.id ?? x.code])).toEqual([
      [path.join('--home-a-proj--', 's1', 'session.jsonl'), undefined, true, 's1'],
      [path.join('--home-a-proj--', 's2', 'session.jsonl'), undefined, false, 'committed-unparsable'],
      ['export.zip', 'session.jsonl', true, 'root'],
      ['export.zip', 'subagents/c1/session.jsonl', true, 'c1'],
    ]);
    expect(rows[1]).toMatchObject({ kind: 'corrupt', line: 3, seq: 1 });
    expect(rows.some((x) => 'messagesDigest' in x || 'seedDigest' in x), '--json alone prints no digests').toBe(false);
    const one = run('check', dir, '--json');
    expect(one.stdout, '--jobs 1 prints the same').toBe(r.stdout);
  });
  it('adds the digests with --digests, and prints a readable summary per file without --json', () => {
    const file = path.join(dir, '--home-a-proj--', 's1', 'session.jsonl');
    const d = JSON.parse(run('check', file, '--json', '--digests').stdout);
    expect(d.messagesDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(d.seedDigest).toMatch(/^[0-9a-f]{64}$/);
    const text = run('check', dir, '--jobs', '2');
    const heads = lines(text.stdout).filter((l) => !l.startsWith(' '));
    expect(heads).toEqual([
      `${file}: ok — DSH would load this log (jsonl)`,
      expect.stringMatching(/s2[/\\]session\.jsonl: refused \(corrupt\) — Line 3 \(seq 1\) is unparsable/),
      `${path.join(dir, 'export.zip')} › session.jsonl: ok — DSH would load this log (jsonl)`,
      `${path.join(dir, 'export.zip')} › subagents/c1/session.jsonl: ok — DSH would load this log (jsonl)`,
      '4 checked: 3 ok, 1 refused',
    ]);
  });
  it('judges zstd logs, whole and damaged, as the loader does (their frames are decoded in a worker thread)', async () => {
    const zdir = mkdtempSync(path.join(tmpdir(), 'seqscope-zstd-'));
    const cases = zstdCorpusCases();
    cases.forEach(([, b], i) => writeFileSync(path.join(zdir, `c${String(i).padStart(3, '0')}.jsonl.zstd`), b));
    const r = run('check', zdir, '--json');
    rmSync(zdir, { recursive: true });
    expect(r.stderr).toBe('');
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    const pick = (v: Record<string, unknown>) => ({ ok: v.ok, code: v.code, message: v.message, line: v.line, seq: v.seq });
    const want = await Promise.all(cases.map(async ([, b]) => pick((await loadBytes(b, { now: 0 })).verdict as Record<string, unknown>)));
    expect(rows.map(pick)).toEqual(want);
    expect(want.filter((v) => v.ok).length, 'some load and some are refused').toBeGreaterThan(0);
    expect(want.filter((v) => !v.ok).length).toBeGreaterThan(0);
  });
  it('calls a zstd log damaged at its start a damaged log, with the verdict the page gives for it', async () => {
    const zdir = mkdtempSync(path.join(tmpdir(), 'seqscope-zstd-start-'));
    const b = await encodeZstdFrames([headerRecord('z'), ...closedToolTurn(0, 1)].map((rec) => jsonl([rec])));
    b.fill(0, 0, 4);
    const file = path.join(zdir, 'session.jsonl.zstd');
    writeFileSync(file, b);
    const r = run('check', file, '--json');
    const text = run('check', file);
    rmSync(zdir, { recursive: true });
    const row = JSON.parse(lines(r.stdout)[0]) as Record<string, unknown>;
    const page = (await openBytes(b, { fileName: file, now: 0 })).result.verdict;
    expect({ ok: row.ok, kind: row.kind, code: row.code, message: row.message, line: row.line }).toEqual(page);
    expect(row.message).toContain('Corrupt Zstandard session log, damaged at its start: invalid frame magic at byte 0');
    expect(text.stdout).toContain('damaged at its start');
    expect(text.stdout).not.toContain('not valid JSON');
  });
  it('refuses bad usage with exit 2 and a sentence, and an unreadable file with exit 2 and a record', () => {
    const bad = run('check', dir, '--jobs', '0');
    expect([bad.status, bad.stderr.split('\n')[0]]).toEqual([2, 'seqscope: --jobs needs a whole number from 1 to 64.']);
    expect(run('check').status).toBe(2);
    expect(run('check', '--bogus', dir).stderr).toContain('unknown option --bogus.');
    const empty = mkdtempSync(path.join(tmpdir(), 'seqscope-empty-'));
    expect(run('check', empty).status, 'a folder without logs is a usage error').toBe(2);
    rmSync(empty, { recursive: true });
    const missing = run('check', path.join(dir, 'nope.jsonl'), '--json');
    expect(missing.status, 'a path that cannot be read is not a refused log').toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, code: 'read-failed' });
  });
});
