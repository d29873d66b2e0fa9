/**
 * Where the tests find DSH's conformance corpus and fixture logs: the copies vendored under
 * testdata/ (see testdata/README.md), so that a clone on its own tests itself. SEQSCOPE_CONFORMANCE
 * and SEQSCOPE_FIXTURES point the same tests at another copy (`.ci/run` uses them to check
 * the workplace's shared corpus, the newest, when it sits beside the clone). Node-only: tests, fuzzer and benches.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The conformance corpus: NAME.jsonl[.zstd] with DSH's verdict in NAME.expected.json, and index.json. */
export const CONFORMANCE_DIR = path.resolve(REPO_ROOT, process.env.SEQSCOPE_CONFORMANCE ?? 'testdata/conformance');

/** DSH's own test logs and derived samples (dsh-test-logs/, derived-samples/). */
export const FIXTURES_DIR = path.resolve(REPO_ROOT, process.env.SEQSCOPE_FIXTURES ?? 'testdata/fixtures');

/** One conformance file's path. */
export const conformanceFile = (name: string): string => path.join(CONFORMANCE_DIR, name);

/**
 * Every log file under the conformance corpus and the fixtures, sorted, whose name matches `ext`
 * (default: plain and zstd logs; pass one with `zip` to take the ZIPs too).
 */
export function corpusLogFiles(ext = /\.(jsonl|zstd|zst)$/): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (ext.test(f.name)) out.push(p);
    }
  };
  walk(CONFORMANCE_DIR);
  walk(FIXTURES_DIR);
  return out.sort();
}
