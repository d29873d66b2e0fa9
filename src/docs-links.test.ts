/**
 * The front door and the docs link only to what exists: every relative link (and image) in
 * README.md, docs/*.md and bench/README.md names a file of the checkout, and every `#fragment` a
 * heading of its page. The README keeps the two commands CI and a newcomer run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBytes } from './io/load';
import { otlpJsonOfSession } from './io/trace/session-trace';
import { anchorsOf, findDeadLinks, slugOf } from './testing/doc-links';
import { traceFamily } from './testing/trace-logs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pages = [
  join(ROOT, 'README.md'),
  join(ROOT, 'bench', 'README.md'),
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f)),
];

describe('documentation links', () => {
  it('every relative link in README.md, docs/*.md and bench/README.md resolves', () => {
    const dead = findDeadLinks(ROOT, pages).map((d) => `${d.page}:${d.line}: ${d.target}: ${d.reason}`);
    expect(dead).toEqual([]);
  });

  it('the README stays a front door: at most 100 lines, with `npm start` and `npm test` (the command .ci/run calls)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(101);
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^npm test$/m);
  });

  it('the README shows a screenshot of the Runs view (issue 26), the one e2e/runs.spec.ts writes (with SEQSCOPE_DOC_SHOTS=1)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/^!\[The Runs view[^\]]*\]\(docs\/runs\.png\)$/m);
    expect(readFileSync(join(ROOT, 'e2e', 'runs.spec.ts'), 'utf8')).toContain("docShot(page, 'runs')");
    expect(readFileSync(join(ROOT, 'e2e', 'helpers.ts'), 'utf8')).toContain('writeFileSync(`docs/${name}.png`, png)');
  });

  it('the README shows the fleet view and the stats command (issue 27)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/^!\[The fleet view[^\]]*\]\(docs\/fleet\.png\)$/m);
    expect(readme).toContain('`seqscope stats ~/.dsh --jobs 2`');
  });

  it('the README says how to look at a session in Jaeger and in Perfetto (issue 28), under the service name the spans carry', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toMatch(/docker run [^`]*jaegertracing\/all-in-one`/);
    expect(readme).toMatch(/`seqscope export \S+ --otlp --endpoint http:\/\/127\.0\.0\.1:4318\/v1\/traces`/);
    expect(readme).toMatch(/--perfetto \S+\.json` and drop the file on https:\/\/ui\.perfetto\.dev/);
    const service = /open http:\/\/127\.0\.0\.1:16686 \(service `([^`]+)`\)/.exec(readme)?.[1];
    const doc = JSON.parse(otlpJsonOfSession(await loadBytes(traceFamily().root, { now: 0 }))) as { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] } }[] };
    expect(doc.resourceSpans[0].resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue).toBe(service);
  });

  it('finds a missing file, a missing heading and a missing image, but not links in code or with a scheme', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-links-'));
    try {
      mkdirSync(join(dir, 'docs'));
      writeFileSync(join(dir, 'docs', 'a.md'), '# A page\n\n## `seqscope stats` and grep\n\n## Again\n## Again\n');
      writeFileSync(join(dir, 'README.md'), [
        '[ok](docs/a.md) [ok](docs/a.md#a-page) [ok](docs/a.md#seqscope-stats-and-grep) [ok](docs/a.md#again-1)',
        '[gone](docs/b.md) and ![gone](docs/b.png)',
        '[no heading](docs/a.md#nowhere) [self](#nope)',
        '`[in code](nowhere.md)` [web](https://example.com/x.md) [mail](mailto:a@b.c)',
        '```', '[fenced](nowhere.md)', '```',
      ].join('\n'));
      const dead = findDeadLinks(dir, [join(dir, 'README.md')]);
      expect(dead.map((d) => [d.line, d.target])).toEqual([[2, 'docs/b.md'], [2, 'docs/b.png'], [3, 'docs/a.md#nowhere'], [3, '#nope']]);
      expect(dead[0].reason).toBe('docs/b.md does not exist');
      expect(dead[2].reason).toBe('docs/a.md has no heading #nowhere');
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Live follow: a file still being written')).toBe('live-follow-a-file-still-being-written');
    expect(slugOf('`seqscope bundle` and `seqscope unbundle`')).toBe('seqscope-bundle-and-seqscope-unbundle');
    expect([...anchorsOf('# X\n```\n# not a heading\n```\n# X\n')]).toEqual(['x', 'x-1']);
  });
});
