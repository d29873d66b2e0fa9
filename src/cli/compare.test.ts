/** `seqscope compare` as a user runs it: the bin over two files, its output and exit status. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesize } from '../synth/synthesizer';
import { encodeZstd, formatJsonl } from '../synth/write';
import { closedToolTurn, headerRecord, logBytes, turnEnd, turnStart, utf8 } from '../testing/builders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'seqscope.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
const f = (name: string) => path.join(dir, name);
let changedSeq = -1;
beforeAll(async () => {
  expect(run('--help').status).toBe(0);
  dir = mkdtempSync(path.join(tmpdir(), 'seqscope-compare-'));
  const s = synthesize({ seed: 4, events: 2500, contextTokens: 9000 });
  const text = formatJsonl(s.header, s.events);
  writeFileSync(f('a.jsonl'), text);
  writeFileSync(f('a-copy.jsonl.zstd'), await encodeZstd(s.header, s.events));
  const lines = text.split('\n');
  const k = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('{"type":"tool/result"') && l.includes('"surfaceOp":"append"'));
  const rec = JSON.parse(lines[k]);
  rec.data.message.content[0].content = [{ type: 'text', text: 'a different output' }];
  changedSeq = rec.seq;
  lines[k] = JSON.stringify(rec);
  writeFileSync(f('b.jsonl'), lines.join('\n'));
  // refused: a line that is not JSON between committed events
  writeFileSync(f('bad.jsonl'), utf8(`${JSON.stringify(headerRecord('bad'))}\n${JSON.stringify(turnStart(0, 1))}\nxx\n${JSON.stringify(turnEnd(2, 1))}\n`));
  writeFileSync(f('small.jsonl'), logBytes(closedToolTurn()));
  writeFileSync(f('notes.txt'), 'not a log at all');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seqscope compare', () => {
  it('exit 0 and says so when the runs do not diverge (the same run, plain and zstd)', () => {
    const r = run('compare', f('a.jsonl'), f('a-copy.jsonl.zstd'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('The runs do not diverge');
    expect(r.stdout).toMatch(/turns\s+\d+ →\s+\d+\s+\(±0\)/);
  });

  it('exit 1 with the first divergence in a sentence, then the deltas', () => {
    const r = run('compare', f('a.jsonl'), f('b.jsonl'));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`First divergence (tool-result): At turn `);
    expect(r.stdout).toContain(`the tool result differs: seq ${changedSeq} in A, seq ${changedSeq} in B.`);
    expect(r.stdout).toContain('Deltas (A → B):');
  });

  it('--json: one document with firstDivergence, differences and deltas', () => {
    const r = run('compare', '--json', f('a.jsonl'), f('b.jsonl'));
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.firstDivergence).toEqual({ a: changedSeq, b: changedSeq, kind: 'tool-result' });
    expect(doc.differences).toHaveLength(1);
    expect(doc.differences[0]).toMatchObject({ kind: 'tool-result', a: changedSeq, b: changedSeq, count: 1 });
    expect(doc.deltas.turns.delta).toBe(0);
    const same = JSON.parse(run('compare', f('a.jsonl'), f('a.jsonl'), '--json').stdout);
    expect(same.firstDivergence).toBeNull();
    expect(same.differences).toEqual([]);
  });

  it('exit 2 when either log is refused or unusable: the sentence names the run, the file and why', () => {
    const bad = run('compare', f('small.jsonl'), f('bad.jsonl'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`^seqscope: Run B \\(${f('bad.jsonl').replace(/[.\\/]/g, '\\$&')}\\) is refused \\(corrupt\\): Line 3\\b`));
    expect(bad.stdout).toBe('');
    const missing = run('compare', f('nope.jsonl'), f('small.jsonl'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`Run A (${f('nope.jsonl')}) could not be read`);
    const text = run('compare', f('small.jsonl'), f('notes.txt'), '--json');
    expect(text.status).toBe(2);
    expect(JSON.parse(text.stdout)).toMatchObject({ ok: false });
    expect(text.stderr).toContain(`Run B (${f('notes.txt')}) is refused (corrupt): Line 1`);
  });

  it('exit 2 on a usage error', () => {
    const r = run('compare', f('a.jsonl'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('compare needs two session logs, A and B.');
    expect(run('compare', f('a.jsonl'), f('b.jsonl'), '--fast').status).toBe(2);
  });
});
