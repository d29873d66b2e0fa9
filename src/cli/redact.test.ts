/**
 * `seqscope redact` as a user runs it: the bin over files on disk, exit codes, what it prints and
 * what it writes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { frameSpans } from '../io/zstd-encode';
import { closedToolTurn, headerRecord, logBytes } from '../testing/builders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'seqscope.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });

const HEX = '9e8d7c6b5a4f3e2d'.repeat(2);
const KEY = `sk-${HEX}`;
let dir: string;
const at = (name: string) => path.join(dir, name);

beforeAll(() => {
  expect(run('--help').status).toBe(0);
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-redact-'));
  const events = closedToolTurn();
  (events[5] as { data: { message: { content: { content: { text: string }[] }[] } } }).data.message.content[0].content[0].text = `DEEPSEEK_API_KEY=${KEY}\nowner: Acme Widgets`;
  writeFileSync(at('keys.jsonl'), logBytes(events, headerRecord('s1', { cwd: '/home/alice/proj' })));
  writeFileSync(at('clean.jsonl'), logBytes(closedToolTurn(), headerRecord('s2', { cwd: '/srv/app' })));
  writeFileSync(at('strings.txt'), '# company names\nAcme Widgets\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seqscope redact', () => {
  it('--check prints each finding masked and exits 1; a clean log exits 0', () => {
    const r = run('redact', at('keys.jsonl'), '--check');
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain(HEX);
    expect(r.stdout).not.toContain('alice');
    expect(r.stdout).toContain(`${at('keys.jsonl')}:1 cwd: home-user: /home/[REDACTED:home-user]/proj`);
    expect(r.stdout).toMatch(/:7 seq 5 data\.message\.content\[0\]\.content\[0\]\.text: deepseek-api-key: .*\[REDACTED:deepseek-api-key\]/);
    expect(r.stdout).toContain('2 findings (deepseek-api-key 1, home-user 1).');
    const clean = run('redact', at('clean.jsonl'), '--check');
    expect(clean.stdout).toContain('no credentials found');
    expect(clean.status).toBe(0);
    const json = run('redact', at('keys.jsonl'), '--check', '--json', '--strings', at('strings.txt'));
    expect(json.status).toBe(1);
    expect(json.stdout.trim().split('\n').map((l) => JSON.parse(l).rule).sort()).toEqual(['deepseek-api-key', 'home-user', 'user-string']);
  });

  it('writes a redacted .jsonl and .jsonl.zstd that DSH loads with the same events, and a report', async () => {
    const before = await loadBytes(new Uint8Array(readFileSync(at('keys.jsonl'))), { now: 0 });
    for (const out of ['out.jsonl', 'out.jsonl.zstd']) {
      const r = run('redact', at('keys.jsonl'), '-o', at(out), '--strings', at('strings.txt'), '--report', at(`${out}.report.json`));
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('3 redacted');
      const bytes = new Uint8Array(readFileSync(at(out)));
      const after = await loadBytes(bytes, { now: 0 });
      expect(after.encoding).toBe(out.endsWith('.zstd') ? 'zstd' : 'jsonl');
      expect(after.verdict).toEqual({ ok: true });
      expect(after.session!.log.length).toBe(before.session!.log.length);
      expect(after.header!.cwd).toBe('/home/user/proj');
      const text = JSON.stringify(after.session!.events(0, after.session!.log.length));
      expect(text).not.toContain(HEX);
      expect(text).not.toContain('Acme');
      expect(text).toContain('[REDACTED:user-string]');
      const report = JSON.parse(readFileSync(at(`${out}.report.json`), 'utf8'));
      expect(report).toMatchObject({ redacted: 3, kept: 0, byRule: { 'deepseek-api-key': 1, 'home-user': 1, 'user-string': 1 } });
      expect(JSON.stringify(report)).not.toContain(HEX);
      expect(run('redact', at(out), '--check').status, 'the copy has nothing left to find').toBe(0);
    }
  });

  it('writes .jsonl.zstd with libzstd\'s compressed blocks, and refuses (exit 2, coded, nothing written) when only stored blocks could be written', () => {
    const out = at('packed.jsonl.zstd');
    const r = run('redact', at('keys.jsonl'), '-o', out);
    expect(r.status, r.stderr).toBe(0);
    const z = new Uint8Array(readFileSync(out));
    const types = frameSpans(z).map((f) => (z[f.blocksStart] >> 1) & 3);
    expect(types.length).toBeGreaterThanOrEqual(2);
    expect(types).toContain(2);
    expect(z.length).toBeLessThan(readFileSync(at('keys.jsonl')).length);

    const stored = at('stored.jsonl.zstd');
    const refused = spawnSync(process.execPath, [bin, 'redact', at('keys.jsonl'), '-o', stored], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, SEQSCOPE_TEST_COMPRESSOR: 'stored' } });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('(redact-zstd-compressor)');
    expect(refused.stderr).toContain('stored (uncompressed) blocks');
    expect(refused.stderr).not.toContain(HEX);
    expect(existsSync(stored)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('stored.'))).toEqual([]);
  });

  it('exits 2 on bad usage and on a file it cannot read, writing nothing', () => {
    for (const args of [[], [at('keys.jsonl')], [at('keys.jsonl'), '-o', at('x.txt')], [at('keys.jsonl'), '--check', '-o', at('y.jsonl')], [at('keys.jsonl'), '-o', at('keys.jsonl')], [at('keys.jsonl'), '--bogus']]) {
      const r = run('redact', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: seqscope redact');
    }
    const missing = run('redact', at('nope.jsonl'), '-o', at('z.jsonl'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('could not read');
    expect(existsSync(at('z.jsonl'))).toBe(false);
    expect(run('redact', at('nope.jsonl'), '--check').status).toBe(2);
  });
});
