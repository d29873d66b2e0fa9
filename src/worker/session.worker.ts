/// <reference lib="webworker" />
/** The session worker: loads bytes with the core loader, keeps the result, answers queries. */
import { SessionError } from '../core/errors';
import { SessionFigureFold } from '../core/session-figures';
import { LoadCancelled } from '../io/load';
import { openBytes, type OpenResult } from '../io/open';
import { blobReader } from './blob-reader';
import { containerFields } from './extras';
import { dispatch, transferables, unanswered } from './dispatch';
import type { ArrivingLogSize, FromWorker, ToWorker } from '../protocol/worker-protocol';
import { ArrivingBytes, ArrivingError } from '../io/arriving-bytes';
import { sniffFormat } from '../io/sniff';
import { webByteText } from '../io/web-byte-text';
import { LogPreview } from './preview';
import { SessionQueries } from './queries';
import { baseline, SessionFile } from './session-file';
import { zstdFramesLent, type Lent } from './zstd-source';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let queries: SessionQueries | undefined;
/** The opened file (ZIP archive, fixture notes). */
let opened: OpenResult | undefined;
/** The questions about the file (src/worker/session-file.ts), once it is loaded. */
let file: SessionFile | undefined;
/** The log being read, answering the Log's questions until `queries` exists. */
let preview: LogPreview | undefined;
let loadMs = 0;
/** The log of the load in flight whose bytes arrive in pieces (`load-piece`), if it is one. */
let arriving: ArrivingBytes | undefined;
const isArriving = (b: ArrayBuffer | Blob | ArrivingLogSize): b is ArrivingLogSize => typeof (b as Partial<ArrivingLogSize>).arriving === 'number';
/** The load's request for the page's spare decoding worker, until the page answers. */
let lending: ((port: MessagePort | undefined) => void) | undefined;
/** A decoding worker the page lent before the load asked for one (a bundle's load), until it asks. */
let lentAhead: MessagePort | undefined;
/** Where the lent worker's failure goes, once one is lent. */
let lentFailed: ((err: Error) => void) | undefined;

const borrow = () => new Promise<Lent | undefined>((resolve) => {
  const lend = (port: MessagePort | undefined) => { resolve(port ? { port, onFailed: (f) => { lentFailed = f; } } : undefined); };
  if (lentAhead) { lend(lentAhead); lentAhead = undefined; return; }
  lending = lend;
  post({ kind: 'zstd-wanted' });
});

function post(m: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}

scope.onmessage = async (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.kind === 'zstd-lent') { if (lending) lending(msg.port); else lentAhead = msg.port; lending = undefined; return; }
  if (msg.kind === 'zstd-failed') { lentFailed?.(new Error(`zstd worker: ${msg.message}`)); return; }
  if (msg.kind === 'load-piece') { arriving?.put(new Uint8Array(msg.bytes)); return; }
  if (msg.kind === 'load-cut') { arriving?.fail(new ArrivingError(msg.message)); return; }
  if (msg.kind === 'load') {
    performance.mark('seqscope:load-received');
    let t0: number;
    try {
      const src = msg.bytes;
      let input: Uint8Array | Blob, source: ArrayBuffer | Blob, coming: ArrivingBytes | undefined;
      if (isArriving(src)) {
        coming = arriving = new ArrivingBytes(src.arriving);
        // a zstd log is decoded as its pieces come; anything else once it is all in
        await coming.until(sniffFormat(coming.bytes.subarray(0, await coming.until(4))) === 'zstd' ? 4 : coming.size);
        input = coming.bytes;
        source = coming.bytes.buffer;
      } else {
        // a Blob (a picked or kept file) stays where it is: the log reads it again as views ask
        input = src instanceof Blob ? src : new Uint8Array(src);
        source = src;
      }
      // loadMs counts the load from bytes in hand (reading a picked file whole is I/O, timed by the page)
      t0 = performance.now();
      // a live file's figures grow with it (the fleet row of a followed folder session); the fold sees appends too
      let figures: SessionFigureFold | undefined;
      opened = await openBytes(input, {
        // byteText: lines split and parsed from one-byte strings, not TextDecoder's (see src/io/web-byte-text.ts)
        fileName: msg.fileName, entry: msg.entry, live: msg.live, zstdFrames: zstdFramesLent(borrow), syncReader: blobReader, byteText: webByteText,
        ...(coming ? { arrived: (n: number) => coming.until(n) } : {}),
        ...(msg.live ? { observe: (h) => (figures = new SessionFigureFold(typeof h.seedLength === 'number' ? h.seedLength : 0)) } : {}),
        onLog: (log) => { preview = new LogPreview(log); },
        onProgress: (done, total, events) => post({ kind: 'progress', done, total, events, startTime: preview?.startTime }),
      });
      // the file's later questions (Share, Runs) read its source whole: a log refused early is still all in first
      if (coming) await coming.until(coming.size);
      const r = opened.result;
      loadMs = performance.now() - t0;
      queries = new SessionQueries(r, loadMs);
      file = new SessionFile(opened, queries, source, () => zstdFramesLent(borrow), figures);
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
    file?.grew(opened, queries);
    const summary = { ...queries.summary(false), ...containerFields(opened) };
    post({ kind: 'appended', summary }, transferables(summary));
    return;
  }
  // one dispatch: the loaded session's queries, then the file's; while loading, what the log read so far answers
  const impls = queries && file ? [queries, file] : [baseline, ...(preview ? [preview] : [])];
  try {
    const value = await dispatch(impls, msg.req, unanswered(preview !== undefined));
    post({ kind: 'reply', id: msg.id, ok: true, value }, transferables(value));
  } catch (err) {
    post({ kind: 'reply', id: msg.id, ok: false, message: String((err as Error)?.message ?? err) });
  }
};

performance.mark('seqscope:session-worker-ready');
