/**
 * What the Node tools that drive the built app in Chromium share (e2e config, the browser bench,
 * the browser fuzzer, the demo recorder): Debian's Chromium with network-quiet flags, a build that
 * is redone only when its sources are newer, and `vite preview` on 127.0.0.1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser the tests drive (e2e, the browser fuzzer): Debian's headless shell of the same
 * Chromium (same Blink and V8, no browser UI layer), when installed. A fresh page of the app costs
 * it well under half the CPU time full Chromium takes (2.8 against 6.1 CPU-seconds a fresh
 * context, the demo loaded, on this two-core machine), and the e2e suite is CPU-bound. The
 * benches keep full Chromium, so their figures stay comparable with earlier ones.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH
  ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
/** No sandbox (root in CI), no GPU, and no network but this machine's loopback. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
export function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of readdirSync(p)) m = Math.max(m, newest(join(p, e)));
  return m;
}

/** Builds the app into dist/ unless dist is newer than everything it is built from. */
export function ensureBuild(log: (line: string) => void = (l) => console.error(l)): void {
  const index = join(ROOT, 'dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newest(join(ROOT, p))));
  if (built > sources) { log('reusing the build in dist/'); return; }
  log('building the app …');
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'], cwd: ROOT });
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const a = s.address(); const port = typeof a === 'object' && a ? a.port : 0; s.close(() => res(port)); });
  });
}

/** Serves dist/ (or `outDir`, a build kept elsewhere) with `vite preview` on 127.0.0.1 (a free port unless one is given); stopped on exit. */
export async function servePreview(port?: number, outDir?: string): Promise<{ base: string; stop(): void }> {
  const p = port ?? await freePort();
  const server = spawn(bin('vite'), ['preview', '--host', '127.0.0.1', '--port', String(p), '--strictPort', ...(outDir ? ['--outDir', outDir] : [])], { stdio: 'ignore', cwd: ROOT });
  const stop = () => { try { server.kill(); } catch { /* gone */ } };
  process.on('exit', stop);
  const base = `http://127.0.0.1:${p}`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(base)).ok) break; } catch { /* not yet */ }
    if (i > 300) { stop(); throw new Error('vite preview did not start'); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop };
}
