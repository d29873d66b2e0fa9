/// <reference lib="webworker" />
/** The session worker: loads bytes with the core loader, keeps the result, answers queries. */
import { SessionError } from '../core/errors';
import { LoadCancelled } from '../io/load';
import { openBytes, readInput, type OpenResult } from '../io/open';
import { compareWith, containerFields, forkExportFile, mediaList } from './extras';
import { parseOnly } from './bench-parse';
import { handleRequest } from './handle';
import type { FromWorker, ToWorker } from '../protocol/worker-protocol';
import { LogPreview } from './preview';
import { SessionQueries } from './queries';
import { zstdFramesLent, type Lent } from './zstd-source';
import { openRunB, type RunsPeer } from './runs';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let queries: SessionQueries | undefined;
/** The opened file (ZIP archive, fixture notes), for the requests in extras.ts. */
let opened: OpenResult | undefined;
/** The log being read, answering the Log's questions until `queries` exists. */
let preview: LogPreview | undefined;
let loadMs = 0;
/** The bytes the session was loaded from, as they came (the Share review redacts them). */
let source: ArrayBuffer | Blob | undefined;
/** Run B and its comparison with this session (the Runs view), while one is open. */
let runs: RunsPeer | undefined;
/** The load's request for the page's spare decoding worker, until the page answers. */
let lending: ((port: MessagePort | undefined) => void) | undefined;
/** Where the lent worker's failure goes, once one is lent. */
let lentFailed: ((err: Error) => void) | undefined;

const borrow = () => new Promise<Lent | undefined>((resolve) => {
  lending = (port) => { resolve(port ? { port, onFailed: (f) => { lentFailed = f; } } : undefined); };
  post({ kind: 'zstd-wanted' });
});

function post(m: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}

scope.onmessage = async (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.kind === 'zstd-lent') { lending?.(msg.port); lending = undefined; return; }
  if (msg.kind === 'zstd-failed') { lentFailed?.(new Error(`zstd worker: ${msg.message}`)); return; }
  if (msg.kind === 'load') {
    let t0 = performance.now();
    source = msg.bytes;
    try {
      const input = await readInput(msg.bytes instanceof Blob ? msg.bytes : new Uint8Array(msg.bytes));
      // loadMs counts the load from bytes in hand (reading a picked file whole is I/O, timed by the page)
      t0 = performance.now();
      opened = await openBytes(input, {
        fileName: msg.fileName, entry: msg.entry, live: msg.follow, zstdFrames: zstdFramesLent(borrow),
        onLog: (log) => { preview = new LogPreview(log); },
        onProgress: (done, total, events) => post({ kind: 'progress', done, total, events, startTime: preview?.startTime }),
      });
      const r = opened.result;
      loadMs = performance.now() - t0;
      queries = new SessionQueries(r, loadMs);
      preview = undefined;
      const summary = { ...queries.summary(), ...containerFields(opened) };
      post({ kind: 'loaded', summary }, transferables(summary));
    } catch (err) {
      preview = undefined;
      const refusal = err instanceof SessionError ? { kind: err.kind, code: err.code } : undefined;
      post({ kind: 'failed', message: err instanceof LoadCancelled ? 'Load cancelled.' : `Could not load: ${String((err as Error)?.message ?? err)}`, ...(refusal ? { refusal } : {}) });
    }
    return;
  }
  if (msg.kind === 'append') {
    // the followed log grows in place: the same session, with new queries over it (the search index is rebuilt on the next search)
    const live = opened?.result.live;
    if (!opened || !live) return;
    const r = live.append(new Uint8Array(msg.bytes));
    opened = { ...opened, result: r };
    queries = new SessionQueries(r, loadMs, queries);
    const summary = { ...queries.summary(false), ...containerFields(opened) };
    post({ kind: 'appended', summary }, transferables(summary));
    return;
  }
  if (msg.req.op === 'benchParseOnly') {
    try { post({ kind: 'reply', id: msg.id, ok: true, value: await parseOnly(msg.req.bytes) }); } catch (err) { post({ kind: 'reply', id: msg.id, ok: false, message: String((err as Error)?.message ?? err) }); }
    return;
  }
  if (!queries) {
    // while loading, the Log reads the events read so far (the loader yields every ~40 ms)
    try {
      if (!preview) throw new Error('No session loaded.');
      post({ kind: 'reply', id: msg.id, ok: true, value: preview.handle(msg.req) });
    } catch (err) {
      post({ kind: 'reply', id: msg.id, ok: false, message: String((err as Error)?.message ?? err) });
    }
    return;
  }
  try {
    const req = msg.req;
    if (req.op === 'runsOpen' || req.op === 'runsPair' || req.op === 'runsClose') {
      if (req.op === 'runsOpen') { runs = undefined; runs = await openRunB(opened!.result, req, zstdFramesLent(borrow)); }
      if (req.op === 'runsClose') runs = undefined;
      if (!runs && req.op !== 'runsClose') throw new Error('No run B is open.');
      post({ kind: 'reply', id: msg.id, ok: true, value: req.op === 'runsOpen' ? runs!.info() : req.op === 'runsPair' ? runs!.pair(req.diff) : null });
      return;
    }
    if (req.op === 'shareReview' || req.op === 'shareWrite') {
      if (!source) throw new Error('No session loaded.');
      const bytes = new Uint8Array(source instanceof Blob ? await source.arrayBuffer() : source);
      // the redaction engine (secretlint's rules among it) loads only when Share is used
      const { reviewShare, writeShare } = await import('./share');
      if (req.op === 'shareReview') { post({ kind: 'reply', id: msg.id, ok: true, value: await reviewShare(bytes, req.settings) }); return; }
      const value = await writeShare(bytes, req.settings, req.encoding);
      post({ kind: 'reply', id: msg.id, ok: true, value }, [value.bytes]);
      return;
    }
    if (req.op === 'traceExport') {
      if (!opened) throw new Error('No session loaded.');
      // the exporter (and the OpenTelemetry SDK) is a chunk of its own, loaded on the first export
      const value = (await import('../io/trace/session-trace')).traceExportFile(opened.result, req.format);
      post({ kind: 'reply', id: msg.id, ok: true, value }, [value.bytes]);
      return;
    }
    if (req.op === 'forkExport' || req.op === 'media' || req.op === 'compareWith') {
      const value = req.op === 'forkExport' ? await forkExportFile(opened!.result, req.cursor, req.zstd, req.now, req.redact ?? false)
        : req.op === 'media' ? mediaList(opened?.archive)
        : await compareWith(queries, opened, req);
      const transfer = req.op === 'forkExport' ? [(value as { bytes: ArrayBuffer }).bytes]
        : req.op === 'media' ? (value as { bytes: ArrayBuffer }[]).map((m) => m.bytes) : [];
      post({ kind: 'reply', id: msg.id, ok: true, value }, transfer);
      return;
    }
    const value = handleRequest(queries, req);
    post({ kind: 'reply', id: msg.id, ok: true, value }, value instanceof Int32Array ? [value.buffer] : transferables(value));
  } catch (err) {
    post({ kind: 'reply', id: msg.id, ok: false, message: String((err as Error)?.message ?? err) });
  }
};

/** Typed arrays directly inside a reply object (moments, search batches, run columns): transferred, not copied. */
function transferables(v: unknown): Transferable[] {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return [];
  const out: Transferable[] = [];
  for (const x of Object.values(v)) if (ArrayBuffer.isView(x) && x.buffer instanceof ArrayBuffer && !out.includes(x.buffer)) out.push(x.buffer);
  return out;
}
