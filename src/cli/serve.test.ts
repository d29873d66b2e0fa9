/**
 * `seqscope serve`'s folder API and path safety, over real HTTP with raw request paths (fetch would
 * normalize `..` away before sending): traversal, encoded dots and slashes, symbolic links that
 * lead out, the token, methods, listings and byte ranges.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSegments, resolveFolderPath } from './folder-path';
import { parseRange, startServer, type RunningServer } from './serve';

const TOKEN = '0123456789abcdef0123456789abcdef';
let base: string, dir: string, outside: string, dist: string;
let srv: RunningServer;

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: string }
function get(rawPath: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: srv.port, path: rawPath, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const fs = (p: string) => `/fs/${TOKEN}/${p}`;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'seqscope-serve-'));
  dir = path.join(base, 'sessions');
  outside = path.join(base, 'secret');
  dist = path.join(base, 'dist');
  for (const d of [dir, outside, dist, path.join(dir, 'proj', 's1')]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(outside, 'key.txt'), 'secret');
  writeFileSync(path.join(base, 'beside.txt'), 'beside');
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>viewer</title>');
  writeFileSync(path.join(dir, 'b.jsonl'), '0123456789');
  writeFileSync(path.join(dir, 'a..b.jsonl'), 'dots');
  writeFileSync(path.join(dir, 'proj', 's1', 'session.jsonl'), 'x');
  writeFileSync(path.join(dir, 'empty.jsonl'), '');
  symlinkSync(outside, path.join(dir, 'out-dir'));
  symlinkSync(path.join(outside, 'key.txt'), path.join(dir, 'out-file.txt'));
  symlinkSync(path.join(dir, 'b.jsonl'), path.join(dir, 'in-link.jsonl'));
  srv = await startServer({ distDir: dist, dir, port: 0, token: TOKEN });
});
afterAll(() => { srv.server.close(); srv.server.closeAllConnections(); rmSync(base, { recursive: true, force: true }); });

describe('folder paths', () => {
  it('decodes safe segments and refuses dots, encoded dots and slashes, empty segments and bad escapes', () => {
    expect(pathSegments('proj/s1/session.jsonl')).toEqual(['proj', 's1', 'session.jsonl']);
    expect(pathSegments('a%20b/..c')).toEqual(['a b', '..c']);
    for (const bad of ['..', '../x', 'a/../../x', '%2e%2e', '%2E%2E/x', '.%2e', '%2e', 'a/./b', 'a//b', '..%2fx', 'a%2Fb', 'a%5cb', 'a%00', '%zz', '%E0%A4%A']) {
      expect(pathSegments(bad), bad).toBeUndefined();
    }
  });
  it('resolves only real paths inside the folder: a symbolic link leading out is refused, one inside is followed', () => {
    const real = resolveFolderPath(srvRoot(), 'in-link.jsonl');
    expect(real).toEqual({ kind: 'file', path: path.join(srvRoot(), 'b.jsonl') });
    expect(resolveFolderPath(srvRoot(), 'out-file.txt')).toBeUndefined();
    expect(resolveFolderPath(srvRoot(), 'out-dir/')).toBeUndefined();
    expect(resolveFolderPath(srvRoot(), 'out-dir/key.txt')).toBeUndefined();
    expect(resolveFolderPath(srvRoot(), 'missing.jsonl')).toBeUndefined();
  });
});

/** The folder's real path (tmpdir may itself be a link). */
const srvRoot = () => resolveFolderPath(dir, '')!.path;

describe('seqscope serve', () => {
  it('prints a 127.0.0.1 address whose folder carries the token', () => {
    expect(srv.url).toBe(`http://127.0.0.1:${srv.port}/?folder=/fs/${TOKEN}/`);
    expect(srv.server.address()).toMatchObject({ address: '127.0.0.1' });
  });
  it('lists a folder as JSON, sorted by name, leaving out links that lead outside', async () => {
    const r = await get(fs(''));
    expect([r.status, r.headers['content-type'], r.headers['cache-control']]).toEqual([200, 'application/json', 'no-store']);
    const { entries } = JSON.parse(r.body) as { entries: { name: string; kind: string; size: number; mtimeMs: number }[] };
    expect(entries.map((e) => [e.name, e.kind, e.size])).toEqual([
      ['a..b.jsonl', 'file', 4], ['b.jsonl', 'file', 10], ['empty.jsonl', 'file', 0], ['in-link.jsonl', 'file', 10], ['proj', 'dir', 0],
    ]);
    expect(entries.every((e) => typeof e.mtimeMs === 'number' && e.mtimeMs > 0)).toBe(true);
    expect(JSON.parse((await get(fs('proj/s1/'))).body).entries.map((e: { name: string }) => e.name)).toEqual(['session.jsonl']);
  });
  it('serves a file whole or by byte range, HEAD without a body, and 416 past the end', async () => {
    const whole = await get(fs('b.jsonl'));
    expect([whole.status, whole.body, whole.headers['accept-ranges'], whole.headers['cache-control'], whole.headers['content-length']]).toEqual([200, '0123456789', 'bytes', 'no-store', '10']);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const from = await get(fs('b.jsonl'), { headers: { Range: 'bytes=4-' } });
    expect([from.status, from.body, from.headers['content-range']]).toEqual([206, '456789', 'bytes 4-9/10']);
    const span = await get(fs('b.jsonl'), { headers: { Range: 'bytes=2-5' } });
    expect([span.status, span.body, span.headers['content-range']]).toEqual([206, '2345', 'bytes 2-5/10']);
    const past = await get(fs('b.jsonl'), { headers: { Range: 'bytes=10-' } });
    expect([past.status, past.headers['content-range']]).toEqual([416, 'bytes */10']);
    const head = await get(fs('b.jsonl'), { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-length'], head.headers['accept-ranges']]).toEqual([200, '', '10', 'bytes']);
    expect((await get(fs('a..b.jsonl'))).body, 'a name holding two dots is an ordinary name').toBe('dots');
  });
  it('answers 404 for a wrong or missing token and for any path outside the folder', async () => {
    const refused = [
      `/fs/${TOKEN.replace('0', '1')}/b.jsonl`, '/fs/b.jsonl', '/fs//b.jsonl', `/fs/${TOKEN}`, `/fs/${TOKEN.slice(1)}/b.jsonl`,
      fs('../beside.txt'), fs('../secret/key.txt'), fs('proj/../../beside.txt'), fs('%2e%2e/beside.txt'), fs('%2E%2E/secret/key.txt'),
      fs('.%2e/beside.txt'), fs('..%2fbeside.txt'), fs('proj%2f..%2f..%2fbeside.txt'), fs('..%5cbeside.txt'),
      fs('out-file.txt'), fs('out-dir/'), fs('out-dir/key.txt'), fs('missing.jsonl'), fs('b.jsonl/'), fs('proj'),
      `/fs/${TOKEN}/${encodeURIComponent(path.join(base, 'beside.txt'))}`,
    ];
    for (const p of refused) expect((await get(p)).status, p).toBe(404);
  });
  it('refuses every method but GET and HEAD with 405, and a foreign Host with 421', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const r = await get(fs('b.jsonl'), { method });
      expect([r.status, r.headers.allow], method).toEqual([405, 'GET, HEAD']);
    }
    expect((await get(fs('b.jsonl'), { headers: { Host: 'evil.example:80' } })).status).toBe(421);
  });
  it('serves the viewer with the security headers of vite preview', async () => {
    const r = await get('/');
    expect([r.status, r.body, r.headers['content-type']]).toEqual([200, '<!doctype html><title>viewer</title>', 'text/html; charset=utf-8']);
    expect(r.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/../sessions/b.jsonl')).status).toBe(404);
  });
});

describe('parseRange', () => {
  it('reads bytes=S-, bytes=S-E and suffixes, clamps the end, and ignores what it does not honour', () => {
    expect(parseRange('bytes=0-', 5)).toEqual({ start: 0, end: 4 });
    expect(parseRange('bytes=1-99', 5)).toEqual({ start: 1, end: 4 });
    expect(parseRange('bytes=-2', 5)).toEqual({ start: 3, end: 4 });
    expect(parseRange('bytes=5-', 5)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 5)).toBeUndefined();
    expect(parseRange('bytes=3-1', 5)).toBeUndefined();
    expect(parseRange('items=0-1', 5)).toBeUndefined();
  });
});
