import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { synthesize } from '../synth/synthesizer';
import { formatJsonl } from '../synth/write';
import { traceFamily } from '../testing/trace-logs';
import { runExport } from './export';
import { EndpointError, EndpointSink, ENDPOINT_BATCH } from './otlp-endpoint';
import { loadBytes } from '../io/load';
import { otlpSpansOf, placeAlone, traceModelOf } from '../io/trace/session-trace';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-endpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fam = traceFamily();
for (const k of ['root', 'child', 'grandchild', 'fork'] as const) writeFileSync(join(dir, `${k}.jsonl`), fam[k]);

interface Received { readonly path: string; readonly type: string; readonly body: string }

/** An OTLP/HTTP receiver on a loopback port that answers each request with `answer(n)` (n counts from 0). */
async function receiver(answer: (n: number) => { status: number; body?: string; headers?: Record<string, string> }) {
  const got: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const a = answer(got.length);
      got.push({ path: req.url ?? '', type: String(req.headers['content-type']), body: Buffer.concat(parts).toString('utf8') });
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body ?? '{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function run(url: string, paths = [dir]) {
  const out: string[] = [], err: string[] = [];
  const code = await runExport({ paths, endpoint: url, content: false, redact: false }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const spanCount = (body: string) => (JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)).length;

describe('seqscope export --otlp --endpoint', () => {
  it('sends every span as OTLP/HTTP JSON to the receiver', async () => {
    const rx = await receiver(() => ({ status: 200 }));
    try {
      const r = await run(rx.url);
      expect(r).toMatchObject({ code: 0, err: [] });
      expect(r.out[0]).toBe(`exported 4 sessions (18 spans) to ${rx.url}`);
      expect(rx.got.length).toBeGreaterThan(0);
      for (const g of rx.got) expect(g).toMatchObject({ path: '/v1/traces', type: 'application/json' });
      expect(rx.got.reduce((a, g) => a + spanCount(g.body), 0)).toBe(18);
    } finally { await rx.close(); }
  });

  it('sends a session of more spans than a batch in batches of at most ENDPOINT_BATCH, every span once', async () => {
    const big = synthesize({ seed: 2, events: 30_000, contextTokens: 9000 });
    // a folder of its own: the other tests export `dir`
    const bigDir = mkdtempSync(join(tmpdir(), 'seqscope-endpoint-big-'));
    const file = join(bigDir, 'big.jsonl');
    writeFileSync(file, formatJsonl(big.header, big.events));
    const rx = await receiver(() => ({ status: 200 }));
    try {
      const r = await run(rx.url, [file]);
      expect(r).toMatchObject({ code: 0, err: [] });
      const total = Number(/\((\d+) spans\)/.exec(r.out[0])![1]);
      expect(total).toBeGreaterThan(ENDPOINT_BATCH);
      const sizes = rx.got.map((g) => spanCount(g.body));
      expect(sizes.reduce((a, n) => a + n, 0)).toBe(total);
      expect(sizes).toEqual([...Array(Math.floor(total / ENDPOINT_BATCH)).fill(ENDPOINT_BATCH), ...(total % ENDPOINT_BATCH ? [total % ENDPOINT_BATCH] : [])]);
      const ids = rx.got.flatMap((g) => (JSON.parse(g.body) as { resourceSpans: { scopeSpans: { spans: { spanId: string }[] }[] }[] }).resourceSpans.flatMap((x) => x.scopeSpans.flatMap((y) => y.spans.map((z) => z.spanId))));
      expect(new Set(ids).size).toBe(total);
    } finally { await rx.close(); rmSync(bigDir, { recursive: true, force: true }); }
  });

  it('retries when the receiver is briefly unavailable', async () => {
    const rx = await receiver((n) => (n === 0 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 }));
    try {
      const r = await run(rx.url);
      expect(r.code).toBe(0);
      expect(rx.got).toHaveLength(2);
      expect(rx.got[1].body).toBe(rx.got[0].body);
    } finally { await rx.close(); }
  });

  it('stops with a clear error when the endpoint refuses the spans', async () => {
    const rx = await receiver(() => ({ status: 400, body: 'spans rejected: bad schema' }));
    try {
      const r = await run(rx.url);
      expect(r.code).toBe(1);
      expect(r.out).toEqual([]);
      expect(r.err).toEqual([`seqscope: The OTLP endpoint ${rx.url} refused the spans with HTTP 400 Bad Request: spans rejected: bad schema.`]);
      expect(rx.got).toHaveLength(1);
    } finally { await rx.close(); }
  });

  it('says the endpoint could not be reached when nothing listens there, after the exporter\'s retries', async () => {
    const rx = await receiver(() => ({ status: 200 }));
    const url = rx.url;
    await rx.close();
    const r = await loadBytes(fam.root, { now: 0 });
    const sink = new EndpointSink(url, 1500);
    await sink.add(otlpSpansOf(r, traceModelOf(r)!, placeAlone(r)));
    const err = await sink.close().then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(EndpointError);
    expect((err as Error).message).toMatch(new RegExp(`^The OTLP endpoint ${url.replace(/[.:/]/g, '\\$&')} could not be reached: .*ECONNREFUSED.*\\.$`));
    expect(sink.sent).toBe(0);
  });
});
