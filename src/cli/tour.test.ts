import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateTour, type Tour } from '../core/tour';
import { runTour } from './tour';

const session = resolve(__dirname, '../../public/demo/demo.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'seqscope-tour-'));

async function run(...args: string[]) {
  const out: string[] = [], err: string[] = [];
  const code = await runTour(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

function write(name: string, value: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
}

describe('seqscope tour', () => {
  it('builtin prints a valid tour of the session, and check passes it (exit 0)', async () => {
    const b = await run('builtin', session);
    expect(b.code).toBe(0);
    const tour = JSON.parse(b.out.join('\n'));
    expect(validateTour(tour).ok).toBe(true);
    expect(tour.session.sha256).toBe(createHash('sha256').update(readFileSync(session)).digest('hex'));
    const c = await run('check', session, write('builtin.tour.json', tour), '--json');
    expect(c.code).toBe(0);
    expect(JSON.parse(c.out[0])).toMatchObject({ ok: true, steps: tour.steps.length, problems: [] });
  });

  it('exit 1 naming each problem: a seq past the end, an empty caption, another session', async () => {
    const tour: Tour = { version: 1, session: { id: 'someone-else' }, steps: [{ seq: 3000, view: 'log', caption: 'last' }, { seq: 3001, view: 'log', caption: '' }] };
    const c = await run('check', session, write('bad.tour.json', tour));
    expect(c.code).toBe(1);
    expect(c.out[0]).toMatch(/3 problems/);
    expect(c.out.slice(1)).toEqual([
      expect.stringMatching(/^ {2}session-id-mismatch: The tour is for session someone-else, but this session is session-/),
      "  seq-out-of-range: Step 2 is at seq 3001, past the session's last seq 3000.",
      '  caption-missing: Step 2 (seq 3001) has no caption.',
    ]);
  });

  it('exit 1 for a file that is not a tour, with the reason', async () => {
    const notJson = await run('check', session, write('x.tour.json', '{"version":'));
    expect(notJson.code).toBe(1);
    expect(notJson.out[0]).toMatch(/not a readable JSON file/);
    const wrong = await run('check', session, write('y.tour.json', { version: 1, session: { id: 'x' }, steps: [{ seq: 1, view: 'nope', caption: 'c' }] }), '--json');
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.out[0])).toMatchObject({ ok: false, code: 'tour-invalid', message: 'Step 1: "view" must be one of log, surface, transcript, compare, diff.' });
  });

  it('exit 2 on a usage error or an unreadable session', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('check', session)).code).toBe(2);
    expect((await run('check', session, 'a', 'b')).code).toBe(2);
    expect((await run('check', session, write('z.tour.json', {}), '--fast')).code).toBe(2);
    const missing = await run('check', join(dir, 'missing.jsonl'), write('ok.tour.json', { version: 1, session: { id: 'x' }, steps: [] }));
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/could not read/);
  });
});

describe('the seqscope bin', () => {
  it('checks the committed example tour against the demo session (exit 0) and a broken copy (exit 1)', () => {
    const root = resolve(__dirname, '../..');
    const bin = (...args: string[]) => spawnSync(process.execPath, [join(root, 'bin', 'seqscope.js'), ...args], { encoding: 'utf8', timeout: 120_000, cwd: root });
    const ok = bin('tour', 'check', 'public/demo/demo.jsonl', 'e2e/tours/demo.tour.json');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('e2e/tours/demo.tour.json: ok, 5 steps play on public/demo/demo.jsonl\n');
    const tour = JSON.parse(readFileSync(join(root, 'e2e/tours/demo.tour.json'), 'utf8'));
    tour.steps[1].seq = 5000;
    const bad = bin('tour', 'check', 'public/demo/demo.jsonl', write('broken.tour.json', tour));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("seq-out-of-range: Step 2 is at seq 5000, past the session's last seq 3000.");
  });
});
