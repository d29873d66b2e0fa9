import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractBundle } from '../io/bundle-file';
import { formatBundleTemplate } from '../io/bundle-template';
import { sniffFormat } from '../io/sniff';
import { bundleCsp } from '../security-headers';
import { runBundle } from './bundle';

const demo = resolve(__dirname, '../../public/demo');
const dir = mkdtempSync(join(tmpdir(), 'seqscope-bundle-'));
const templatePath = join(dir, 'template.html');
writeFileSync(templatePath, formatBundleTemplate({
  html: '<!doctype html><html><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>',
  boot: 'void 0;', js: 'void 1;', css: '', cspFor: (s) => bundleCsp(s.map((x) => createHash('sha256').update(x).digest('base64'))),
}));

async function run(args: string[], template = templatePath) {
  const out: string[] = [], err: string[] = [];
  const code = await runBundle(args, { out: (l) => out.push(l), err: (l) => err.push(l), templatePath: template });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('seqscope bundle / unbundle', () => {
  it('packs a plain log as zstd, with where to open and a tour; unbundle gives the plain file back byte for byte', async () => {
    const tour = join(dir, 't.tour.json');
    const id = JSON.parse(readFileSync(join(demo, 'demo.jsonl'), 'utf8').split('\n')[0]).id;
    writeFileSync(tour, JSON.stringify({ version: 1, session: { id }, steps: [{ seq: 5, view: 'log', caption: 'here' }] }));
    const out = join(dir, 'demo.html');
    const b = await run(['bundle', join(demo, 'demo.jsonl'), '--at', '20', '--view', 'surface', '--select', '19', '--a', '3', '--b', '20', '--tour', tour, '-o', out]);
    expect(b).toMatchObject({ code: 0, err: '' });
    const x = extractBundle(new Uint8Array(readFileSync(out)));
    expect(sniffFormat(x.log)).toBe('zstd');
    expect(x.meta).toMatchObject({ name: 'demo.jsonl', packed: 'zstd', open: { cursor: 20, view: 'surface', sel: 19, a: 3, b: 20 }, tour: { steps: [{ seq: 5 }] } });
    expect(x.log.length).toBeLessThan(readFileSync(join(demo, 'demo.jsonl')).length / 2);
    const plain = join(dir, 'back.jsonl');
    expect((await run(['unbundle', out, '-o', plain])).code).toBe(0);
    expect(readFileSync(plain).equals(readFileSync(join(demo, 'demo.jsonl')))).toBe(true);
    const frames = join(dir, 'back.jsonl.zstd');
    expect((await run(['unbundle', out, '-o', frames])).code).toBe(0);
    expect(Buffer.from(x.log).equals(readFileSync(frames))).toBe(true);
  });

  it('carries a .jsonl.zstd as it is', async () => {
    const out = join(dir, 'z.html');
    expect((await run(['bundle', join(demo, 'demo.jsonl.zstd'), '-o', out])).code).toBe(0);
    const back = join(dir, 'z.jsonl.zstd');
    expect((await run(['unbundle', out, '-o', back])).code).toBe(0);
    expect(readFileSync(back).equals(readFileSync(join(demo, 'demo.jsonl.zstd')))).toBe(true);
    expect(extractBundle(new Uint8Array(readFileSync(out))).meta.packed).toBeUndefined();
  });

  it('refuses a place past the end, a tour of another session, a file that is not a log, and a bundle of a bundle (exit 1)', async () => {
    const out = join(dir, 'x.html');
    const past = await run(['bundle', join(demo, 'demo.jsonl'), '--at', '999999', '-o', out]);
    expect(past).toMatchObject({ code: 1 });
    expect(past.err).toMatch(/--at 999999 is past the end of .*demo\.jsonl \(its last seq is \d+\)/);
    const tour = join(dir, 'other.tour.json');
    writeFileSync(tour, JSON.stringify({ version: 1, session: { id: 'someone-else' }, steps: [{ seq: 1, view: 'log', caption: '' }] }));
    const other = await run(['bundle', join(demo, 'demo.jsonl'), '--tour', tour, '-o', out]);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/the tour does not fit/);
    const png = join(dir, 'a.png');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]));
    expect((await run(['bundle', png, '-o', out])).err).toMatch(/is a PNG image, not a session log/);
    await run(['bundle', join(demo, 'demo.jsonl'), '-o', out]);
    expect((await run(['bundle', out, '-o', join(dir, 'y.html')])).err).toMatch(/already a bundle/);
    expect((await run(['unbundle', join(demo, 'demo.jsonl'), '-o', join(dir, 'n.jsonl')])).err).toMatch(/not a Seqscope bundle/);
  });

  it('--redact carries the redacted copy as zstd, named and marked as redacted', async () => {
    const key = 'sk-' + '0123456789abcdef'.repeat(2);
    const src = join(dir, 'secret.jsonl');
    writeFileSync(src, readFileSync(join(demo, 'tool-round.jsonl'), 'utf8').replace('Run the full test suite once more.', `Use ${key}.`));
    const out = join(dir, 'secret.html');
    const b = await run(['bundle', src, '--redact', '-o', out]);
    expect(b.code).toBe(0);
    expect(readFileSync(out, 'latin1')).not.toContain(key);
    const x = extractBundle(new Uint8Array(readFileSync(out)));
    expect(x.meta).toMatchObject({ name: 'secret.redacted.jsonl.zstd', redacted: { rules: expect.arrayContaining(['deepseek-api-key']) } });
    const back = join(dir, 'secret.redacted.jsonl');
    expect((await run(['unbundle', out, '-o', back])).code).toBe(0);
    const { unpackLog } = await import('../io/bundle-pack');
    const plain = new TextDecoder().decode(await unpackLog(new Uint8Array(readFileSync(back))));
    expect(plain).toContain('[REDACTED:deepseek-api-key]');
    expect(plain).not.toContain(key);
  });

  it('says clearly when the viewer is not built, and what a usage error is (exit 2)', async () => {
    const missing = await run(['bundle', join(demo, 'demo.jsonl'), '-o', join(dir, 'm.html')], join(dir, 'nope', 'template.html'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/is not built .*missing.*npm run build/);
    expect((await run(['bundle', join(demo, 'demo.jsonl')])).code).toBe(2);
    expect((await run(['bundle', join(demo, 'demo.jsonl'), '--view', 'nope', '-o', 'x.html'])).err).toMatch(/--view needs one of log, surface/);
    expect((await run(['unbundle', 'a.html'])).code).toBe(2);
  });
});
