/**
 * `seqscope serve [DIR] [--port N]`: the built viewer (dist/) on 127.0.0.1, with the security
 * headers of `vite preview`; with DIR, the folder too, read-only, under `/fs/<token>/`, where the
 * token is 32 random hex characters per run (other local pages cannot guess it):
 * `GET /fs/<token>/<dir>/` lists a folder as JSON, `GET|HEAD /fs/<token>/<file>` gives its bytes
 * with byte ranges. Anything outside DIR, a wrong token or another method is refused; nothing is
 * ever written.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS } from '../security-headers';
import { isInside, resolveFolderPath } from './folder-path';

export interface ServeConfig {
  /** The built viewer. */
  readonly distDir: string;
  /** The folder to serve, if any. */
  readonly dir?: string;
  readonly port: number;
  /** Fixed in tests; random per run otherwise. */
  readonly token?: string;
}

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  readonly token?: string;
  /** The address to open: the viewer, with `?folder=` when a folder is served. */
  readonly url: string;
}

/** One entry of a folder listing. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: 'file' | 'dir';
  readonly size: number;
  readonly mtimeMs: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
  '.jsonl': 'application/octet-stream', '.zstd': 'application/octet-stream', '.zip': 'application/zip',
};
/** Folder bytes are untrusted: never rendered by the browser as a page, never able to run. */
const FOLDER_HEADERS = { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; sandbox" };

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, ...(body !== undefined ? { 'Content-Length': Buffer.byteLength(body) } : {}) });
  res.end(body);
}
const notFound = (res: ServerResponse) => send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, 'Not found.\n');

/** The folder listing: files and folders inside the root (links leading out are left out), by name. */
export function listFolder(root: string, dir: string): FolderEntry[] {
  const out: FolderEntry[] = [];
  for (const name of readdirSync(dir)) {
    let st: Stats;
    try {
      const real = realpathSync(join(dir, name));
      if (!isInside(root, real)) continue;
      st = statSync(real);
    } catch { continue; }
    if (st.isFile() || st.isDirectory()) out.push({ name, kind: st.isFile() ? 'file' : 'dir', size: st.isFile() ? st.size : 0, mtimeMs: st.mtimeMs });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * A `Range` header against a size: the byte span [start, end], 'unsatisfiable' (416), or undefined
 * for the whole file (no header, or one this server does not honour, such as several ranges).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

function serveFile(req: IncomingMessage, res: ServerResponse, path: string, headers: Record<string, string>): void {
  let st: Stats;
  try { st = statSync(path); } catch { notFound(res); return; }
  if (!st.isFile()) { notFound(res); return; }
  const base = { ...headers, 'Accept-Ranges': 'bytes', 'Last-Modified': st.mtime.toUTCString() };
  const range = parseRange(req.headers.range, st.size);
  if (range === 'unsatisfiable') { send(res, 416, { ...base, 'Content-Range': `bytes */${st.size}` }, ''); return; }
  const { start, end } = range ?? { start: 0, end: st.size - 1 };
  const status = range ? 206 : 200;
  res.writeHead(status, { ...SECURITY_HEADERS, ...base, 'Content-Length': end - start + 1, ...(range ? { 'Content-Range': `bytes ${start}-${end}/${st.size}` } : {}) });
  if (req.method === 'HEAD' || st.size === 0) { res.end(); return; }
  // the span as it is now: a growing file is read up to `end`, its size when the request came
  const stream = createReadStream(path, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function tokenMatches(given: string, token: string): boolean {
  const a = Buffer.from(given), b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request handler: the folder API under /fs/<token>/, else the viewer's files. */
function handler(cfg: ServeConfig, root: string | undefined, token: string, port: () => number) {
  const distRoot = realpathSync(cfg.distDir);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') { send(res, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed: this server only reads.\n'); return; }
    // a page of another site rebound to 127.0.0.1 by DNS sends its own name as Host
    const host = req.headers.host ?? '';
    if (host !== `127.0.0.1:${port()}` && host !== `localhost:${port()}`) { send(res, 421, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Misdirected request.\n'); return; }
    const rawPath = (req.url ?? '/').split('?')[0];
    if (rawPath.startsWith('/fs/')) {
      const rest = rawPath.slice('/fs/'.length);
      const slash = rest.indexOf('/');
      if (!root || slash < 0 || !tokenMatches(rest.slice(0, slash), token)) { notFound(res); return; }
      const target = resolveFolderPath(root, rest.slice(slash + 1));
      if (!target) { notFound(res); return; }
      if (target.kind === 'file') { serveFile(req, res, target.path, FOLDER_HEADERS); return; }
      let entries: FolderEntry[];
      try {
        if (!statSync(target.path).isDirectory()) { notFound(res); return; }
        entries = listFolder(root, target.path);
      } catch { notFound(res); return; }
      const body = JSON.stringify({ entries });
      send(res, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, req.method === 'HEAD' ? undefined : body);
      return;
    }
    // the viewer: files of dist/, never outside it
    const target = resolveFolderPath(distRoot, rawPath === '/' ? 'index.html' : rawPath.slice(1));
    if (!target || target.kind !== 'file') { notFound(res); return; }
    const type = TYPES[extname(target.path).toLowerCase()] ?? 'application/octet-stream';
    const cache = rawPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    serveFile(req, res, target.path, { 'Content-Type': type, 'Cache-Control': cache });
  };
}

/** How many ports after the default one `portFallback` tries before asking the system for any free one. */
const FALLBACK_TRIES = 20;

/**
 * Starts the server on 127.0.0.1 (port 0 picks a free one). With `portFallback`, a port in use
 * is not an error: the next ports are tried in turn, then any free one.
 */
export async function startServerWithFallback(cfg: ServeConfig & { readonly portFallback?: boolean }): Promise<RunningServer> {
  if (!cfg.portFallback || cfg.port === 0) return startServer(cfg);
  for (let i = 0; i <= FALLBACK_TRIES; i++) {
    const port = i === FALLBACK_TRIES ? 0 : cfg.port + i;
    if (port > 65535) continue;
    try { return await startServer({ ...cfg, port }); } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port');
}

/** Starts the server on 127.0.0.1 (port 0 picks a free one). */
export async function startServer(cfg: ServeConfig): Promise<RunningServer> {
  const root = cfg.dir === undefined ? undefined : realpathSync(cfg.dir);
  if (root !== undefined && !statSync(root).isDirectory()) throw new Error(`${cfg.dir} is not a folder.`);
  const token = cfg.token ?? randomBytes(16).toString('hex');
  let port = cfg.port;
  const server = createServer(handler(cfg, root, token, () => port));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const addr = server.address();
  if (addr && typeof addr === 'object') port = addr.port;
  const url = `http://127.0.0.1:${port}/${root !== undefined ? `?folder=/fs/${token}/` : ''}`;
  return { server, port, url, ...(root !== undefined ? { token } : {}) };
}

/** The viewer's build, next to the CLI bundle (dist-cli/ → dist/). */
const DEFAULT_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The command: prints one line with the address, then serves until interrupted. */
export async function serve(opts: { dir?: string; port: number; portFallback?: boolean }): Promise<number> {
  const distDir = process.env.SEQSCOPE_DIST ?? DEFAULT_DIST;
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`seqscope: the viewer is not built (no ${join(distDir, 'index.html')}): run npm run build first.`);
    return 2;
  }
  if (opts.dir !== undefined) {
    let isDir = false;
    try { isDir = statSync(opts.dir).isDirectory(); } catch { /* below */ }
    if (!isDir) { console.error(`seqscope: ${opts.dir} is not a folder.`); return 2; }
  }
  let running: RunningServer;
  try { running = await startServerWithFallback({ distDir, dir: opts.dir, port: opts.port, portFallback: opts.portFallback }); } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(`seqscope: cannot listen on 127.0.0.1:${opts.port}${code === 'EADDRINUSE' ? ' (the port is in use; pick another with --port N)' : ` (${err instanceof Error ? err.message : String(err)})`}.`);
    return 2;
  }
  if (running.port !== opts.port && opts.portFallback) console.log(`Seqscope: port ${opts.port} is in use, so it serves on ${running.port}.`);
  console.log(`Seqscope: ${running.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => { running.server.close(); running.server.closeAllConnections(); resolve(); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
