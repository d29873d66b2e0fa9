/**
 * `npm start`: the build runs only when a source changed since the last one (scripts/start.mts),
 * and `seqscope serve` without --port takes the next free port when 4173 is taken (--port stays strict).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuildFresh, serveArgs, sourcesStamp, writeStamp } from '../../scripts/start.mts';
import { DEFAULT_PORT, parseArgs } from './args';
import { startServer, startServerWithFallback } from './serve';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
function checkout(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'seqscope-start-'));
  dirs.push(root);
  for (const d of ['src/core', 'public', 'dist', 'dist-cli']) mkdirSync(path.join(root, d), { recursive: true });
  writeFileSync(path.join(root, 'src/core/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  writeFileSync(path.join(root, 'dist/index.html'), 'built');
  writeFileSync(path.join(root, 'dist-cli/seqscope.mjs'), 'built');
  return root;
}

describe('npm start builds only when the sources changed', () => {
  it('is fresh after a build until a source changes, is added or goes away; a test file does not count', () => {
    const root = checkout();
    expect(isBuildFresh(root), 'never built: no stamp').toBe(false);
    writeStamp(root, sourcesStamp(root));
    expect(isBuildFresh(root)).toBe(true);
    writeFileSync(path.join(root, 'src/core/a.test.ts'), 'test');
    expect(isBuildFresh(root), 'a test file is not a source of the build').toBe(true);
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(root, 'src/core/a.ts'), later, later);
    expect(isBuildFresh(root), 'a source touched').toBe(false);
    writeStamp(root, sourcesStamp(root));
    writeFileSync(path.join(root, 'public/new.txt'), 'x');
    expect(isBuildFresh(root), 'a source added').toBe(false);
    rmSync(path.join(root, 'public/new.txt'));
    expect(isBuildFresh(root), 'back as it was').toBe(true);
    rmSync(path.join(root, 'dist-cli/seqscope.mjs'));
    expect(isBuildFresh(root), 'an output missing').toBe(false);
  });
  it('PORT from the environment is an explicit port', () => {
    expect(serveArgs(['dir'], {})).toEqual(['serve', 'dir']);
    expect(serveArgs(['dir'], { PORT: '5000' })).toEqual(['serve', '--port', '5000', 'dir']);
    expect(serveArgs(['--port', '6000'], { PORT: '5000' })).toEqual(['serve', '--port', '6000']);
  });
});

describe('seqscope serve and a port in use', () => {
  let taken: Server;
  const dist = () => { const d = checkout(); return path.join(d, 'dist'); };
  const body = (port: number) => new Promise<string>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => { let b = ''; res.on('data', (c) => { b += c; }); res.on('end', () => resolve(b)); }).on('error', reject);
  });
  afterAll(() => { taken?.close(); });
  it('takes the next free port when no --port was given, and refuses a taken explicit one', async () => {
    taken = createServer((_q, r) => r.end('someone else'));
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    const distDir = dist();
    const s = await startServerWithFallback({ distDir, port, portFallback: true });
    try {
      expect(s.port).not.toBe(port);
      expect(s.url).toBe(`http://127.0.0.1:${s.port}/`);
      expect(await body(s.port)).toBe('built');
    } finally { s.server.close(); }
    await expect(startServerWithFallback({ distDir, port, portFallback: false })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await expect(startServer({ distDir, port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
  it('falls back only when the port was not asked for', () => {
    expect(parseArgs(['serve'])).toEqual({ cmd: 'serve', opts: { dir: undefined, port: DEFAULT_PORT, portFallback: true } });
    expect(parseArgs(['serve', 'd', '--port', String(DEFAULT_PORT)])).toEqual({ cmd: 'serve', opts: { dir: 'd', port: DEFAULT_PORT, portFallback: false } });
  });
});
