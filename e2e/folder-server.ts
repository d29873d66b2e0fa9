/**
 * A small folder server for e2e (127.0.0.1 only, one folder, closed by the test), to the contract
 * of the CLI's `seqscope serve DIR`:
 *   GET <dir>/            → {"entries":[{"name","kind":"file"|"dir","size","mtimeMs"}]}
 *   GET|HEAD <file>       → the bytes; `Range: bytes=S-` → 206 from S, or 416 when S ≥ size.
 * Paths are resolved inside the folder; anything else is 404.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';

export interface FolderServer { readonly origin: string; close(): Promise<void> }

export async function serveFolder(root: string): Promise<FolderServer> {
  const base = path.resolve(root);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rel = decodeURIComponent(url.pathname);
    const p = path.resolve(base, '.' + rel);
    if (p !== base && !p.startsWith(base + path.sep)) { res.writeHead(404).end(); return; }
    let st;
    try { st = statSync(p); } catch { res.writeHead(404).end(); return; }
    if (st.isDirectory()) {
      const entries = readdirSync(p, { withFileTypes: true }).flatMap((d) => {
        if (!d.isFile() && !d.isDirectory()) return [];
        const s = statSync(path.join(p, d.name));
        return [{ name: d.name, kind: d.isDirectory() ? 'dir' : 'file', size: d.isDirectory() ? 0 : s.size, mtimeMs: s.mtimeMs }];
      });
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ entries }));
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const headers = { 'accept-ranges': 'bytes', 'cache-control': 'no-store', 'content-type': 'application/octet-stream' };
    if (range) {
      const start = Number(range[1]);
      if (start >= st.size) { res.writeHead(416, { ...headers, 'content-range': `bytes */${st.size}` }).end(); return; }
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${st.size - 1}/${st.size}`, 'content-length': st.size - start });
      if (req.method === 'HEAD') { res.end(); return; }
      createReadStream(p, { start, end: st.size - 1 }).pipe(res);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': st.size });
    if (req.method === 'HEAD') { res.end(); return; }
    createReadStream(p).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * Serves the page's `/srv/…` from `origin()` (the app allows no other origin, as `seqscope serve`
 * would). A request the page dropped meanwhile (a poll replaced by a newer one) is handled already:
 * its answer is not needed.
 */
export async function routeSrv(page: Page, origin: () => string): Promise<void> {
  await page.route((u) => u.pathname.startsWith('/srv/'), async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: origin() + url.pathname.slice('/srv'.length) });
    await route.fulfill({ response }).catch((e: Error) => { if (!/already handled/.test(e.message)) throw e; });
  });
}
