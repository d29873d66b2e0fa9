#!/usr/bin/env node
// The `seqscope` command: runs the bundled CLI, dist-cli/seqscope.mjs (built by `npm run build`).
// When the bundle is missing, or in a checkout older than the sources it is built from, it is
// built first (progress on stderr, so stdout stays the command's own output).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist-cli', 'seqscope.mjs');
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

if (stale()) {
  process.stderr.write('seqscope: building the CLI bundle (dist-cli/seqscope.mjs)…\n');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { stdio: ['ignore', 2, 2] });
  if (r.status !== 0) { process.stderr.write('seqscope: could not build the CLI bundle.\n'); process.exit(2); }
}
await import(pathToFileURL(bundle).href);
