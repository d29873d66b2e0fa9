/**
 * zstd decoding for `seqscope redact` in a Node worker thread (src/io/redact/zstd-batches.ts) that
 * reads the file itself: on two cores libzstd decodes the next frames while the redaction scans the
 * last ones, and this thread neither reads nor copies the compressed bytes.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { serveZstdBatches, zstdBatchesOver, type ZstdBatchSource } from '../io/redact/zstd-batches';
import { filePieces } from './file-pieces';
import { nodePort } from './zstd-thread';

const MARK = 'seqscopeRedactThread';

/**
 * The batches of the zstd log `file`, decoded in a worker thread that runs the module this code is
 * bundled in (see zstd-thread.ts) and reads the file itself: the pieces the redaction offers are
 * left unread.
 */
export const zstdBatchesOfFile = (file: string): ZstdBatchSource => zstdBatchesOver(() => {
  const w = new Worker(new URL(import.meta.url), { workerData: { [MARK]: file } });
  return { port: nodePort(w), close: () => { void w.terminate(); }, onError: (f) => { w.on('error', f); } };
});

const mine = !isMainThread ? (workerData as Record<string, unknown> | undefined)?.[MARK] : undefined;
if (typeof mine === 'string' && parentPort) serveZstdBatches(nodePort(parentPort), filePieces(mine));
