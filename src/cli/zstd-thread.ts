/**
 * zstd decoding in a Node worker thread, over the protocol in src/io/zstd-port.ts (`seqscope check`
 * and the core bench use it).
 */
import { Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { serveZstdFrames, zstdFramesOver, type Port } from '../io/zstd-port';
import type { ZstdFramesSource } from '../io/zstd-frames';

const MARK = 'seqscopeZstdThread';

/** A worker, its parentPort or a MessagePort as a protocol Port. */
export const nodePort = (p: Worker | MessagePort): Port => ({
  postMessage: (m, transfer) => { p.postMessage(m, transfer); },
  listen: (f) => { p.on('message', f); },
});

/**
 * zstd decoding in a worker thread that runs the module this code is bundled in (its entry must
 * do nothing else when `isZstdThread`). Sources run by a test runner cannot start such a thread:
 * there, tests use `zstdFramesOver` with a MessageChannel.
 */
export const zstdFramesInThread: ZstdFramesSource = zstdFramesOver(() => {
  const w = new Worker(new URL(import.meta.url), { workerData: { [MARK]: true } });
  return { port: nodePort(w), close: () => { void w.terminate(); }, onError: (f) => { w.on('error', f); } };
});

/** True in a thread started by zstdFramesInThread. */
export const isZstdThread = !isMainThread && (workerData as Record<string, unknown> | undefined)?.[MARK] === true;
if (isZstdThread && parentPort) serveZstdFrames(nodePort(parentPort));
