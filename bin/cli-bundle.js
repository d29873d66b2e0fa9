// The CLI bundle, dist-cli/seqscope.mjs, built from the sources when it is missing or older than
// they are. Shared by bin/seqscope.js and the unit tests' global setup (which builds it once, before
// test files that run the CLI start side by side and would otherwise each build it into one folder).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const bundle = join(root, 'dist-cli', 'seqscope.mjs');
/** Everything the bundle is built from: a newer file here means the bundle is stale. */
const SOURCES = ['src/cli', 'src/io', 'src/core', 'src/security-headers.ts'];

function newerThan(path, t) {
  let st;
  try { st = statSync(path); } catch { return false; }
  if (!st.isDirectory()) return !path.endsWith('.test.ts') && st.mtimeMs > t;
  return readdirSync(path).some((name) => newerThan(join(path, name), t));
}

function stale() {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return SOURCES.some((p) => newerThan(join(root, p), built));
}

/** Builds the bundle when stale (progress on stderr); returns false when the build failed. */
export function ensureCliBundle() {
  if (!stale()) return true;
  process.stderr.write('seqscope: building the CLI bundle (dist-cli/seqscope.mjs)…\n');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { stdio: ['ignore', 2, 2] });
  return r.status === 0;
}
