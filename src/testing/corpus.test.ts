/**
 * A clone tests itself: the corpus the tests read is the vendored one, and no test, bench or tool
 * reaches for the workplace's shared folder beside the clone on its own (only .ci/run does, by setting
 * SEQSCOPE_CONFORMANCE / SEQSCOPE_FIXTURES).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, FIXTURES_DIR, REPO_ROOT } from './corpus';

// a quoted path that climbs out of the repository into the folder named `shared` (spelled in pieces, so this file does not match itself)
const SHARED_PATH = new RegExp(`['"\`][^'"\`\\n]*\\.\\./(?:\\.\\./)*${'sha' + 'red'}(?:/|['"\`])`);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? files(p) : /\.(ts|tsx|mts|mjs|js)$/.test(d.name) ? [p] : [];
  });
}

describe('the test corpus', () => {
  it('is vendored in the repository', () => {
    expect(existsSync(path.join(REPO_ROOT, 'testdata/conformance/index.json'))).toBe(true);
    expect(existsSync(path.join(REPO_ROOT, 'testdata/fixtures/dsh-test-logs/index.tsv'))).toBe(true);
    expect(existsSync(path.join(CONFORMANCE_DIR, 'index.json'))).toBe(true);
    expect(existsSync(FIXTURES_DIR)).toBe(true);
  });

  it('is reached only through src/testing/corpus.ts, never by a path out of the repository to the shared folder', () => {
    const roots = ['src', 'e2e', 'bench', 'scripts'].map((d) => path.join(REPO_ROOT, d)).filter(existsSync);
    const offenders = roots.flatMap(files)
      .filter((f) => SHARED_PATH.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(REPO_ROOT, f));
    expect(offenders).toEqual([]);
  });
});
