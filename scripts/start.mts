/**
 * `npm start [-- DIR] [--port N]` after scripts/start.sh has installed what is missing: builds the
 * viewer and the CLI only when their sources changed since the last build (a stamp of the
 * sources' sizes and mtimes, kept in dist/), then runs `seqscope serve`. Without --port (or PORT)
 * the server takes the next free port when 4173 is taken; an explicit port is strict.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm run build` reads: a change to any of these makes the build stale. */
const SOURCES = ['src', 'public', 'index.html', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'vite.bundle.config.ts', 'scripts/build-cli.mjs'];
/** What the build writes, and where the stamp is kept. */
const OUTPUTS = ['dist/index.html', 'dist-cli/seqscope.mjs'];
export const STAMP = 'dist/.sources-stamp';

function walk(root: string, rel: string, out: string[]): void {
  let st;
  try { st = statSync(path.join(root, rel)); } catch { return; }
  if (st.isDirectory()) {
    for (const name of readdirSync(path.join(root, rel)).sort()) walk(root, path.join(rel, name), out);
  } else if (st.isFile() && !rel.endsWith('.test.ts')) out.push(`${rel.split(path.sep).join('/')}\t${st.size}\t${Math.floor(st.mtimeMs)}`);
}

/** A hash of every source file's path, size and mtime (tests left out: the build does not read them). */
export function sourcesStamp(root: string): string {
  const lines: string[] = [];
  for (const s of SOURCES) walk(root, s, lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** Is the last build's output there, built from the sources as they are now? */
export function isBuildFresh(root: string): boolean {
  if (!OUTPUTS.every((o) => existsSync(path.join(root, o)))) return false;
  try { return readFileSync(path.join(root, STAMP), 'utf8').trim() === sourcesStamp(root); } catch { return false; }
}

/** Records the sources a build was made from (call after it succeeds; the stamp is taken before it starts). */
export function writeStamp(root: string, stamp: string): void {
  writeFileSync(path.join(root, STAMP), stamp + '\n');
}

/** `serve`'s arguments: PORT from the environment makes the port explicit (strict), as --port does. */
export function serveArgs(args: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return env.PORT && !args.includes('--port') ? ['serve', '--port', env.PORT, ...args] : ['serve', ...args];
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (isBuildFresh(root)) console.error('seqscope: no source changed since the last build; serving it.');
  else {
    const stamp = sourcesStamp(root);
    const b = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) return b.status ?? 1;
    writeStamp(root, stamp);
  }
  const child = spawn(process.execPath, [path.join(root, 'bin', 'seqscope.js'), ...serveArgs(process.argv.slice(2), process.env)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main().then((code) => { process.exitCode = code; });
