/**
 * The messages between the page and the session worker: a load and its progress, appends to a
 * followed log, the lent zstd worker, and the typed requests of SessionApi (src/protocol/session-api.ts).
 * The reply types live in summary.ts and views.ts, re-exported here. Everything is structured-clone safe.
 */
import type { RpcReply, RpcRequest } from './rpc';
import type { SessionApi } from './session-api';
import type { Summary } from './summary';

export type * from './summary';
export type * from './views';
export { FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH, TR_COMPACTION, TR_SHADOWED, TR_STREAMED } from './views';

/** A load whose bytes follow it in pieces: their total size. */
export interface ArrivingLogSize { readonly arriving: number }

export type ToWorker =
  /**
   * A Blob (a picked file, a kept session) is read in the worker, so the page never holds its bytes.
   * `{ arriving }`: the log's size in bytes; they follow in `load-piece` messages, in order, while
   * the load reads them (a bundle's log, as the page parses it).
   */
  | { kind: 'load'; bytes: ArrayBuffer | Blob | ArrivingLogSize; fileName?: string; entry?: string; live?: boolean }
  /** The next piece of an arriving log (transferred). */
  | { kind: 'load-piece'; bytes: ArrayBuffer }
  /** The arriving log ends before its size: the load fails with this sentence. */
  | { kind: 'load-cut'; message: string }
  /** Follow: the bytes appended to the file since the last load or append (transferred). */
  | { kind: 'append'; bytes: ArrayBuffer }
  /**
   * Reply to `zstd-wanted`: a port to the page's spare decoding worker, lent for this load (absent
   * when none is ready: the worker starts one of its own), or sent unasked right after the load (a
   * bundle's), so that the load never waits for the page; `zstd-failed`: the lent worker failed.
   */
  | { kind: 'zstd-lent'; port?: MessagePort }
  | { kind: 'zstd-failed'; message: string }
  | { kind: 'rpc'; id: number; req: RpcRequest<SessionApi> };

export type FromWorker =
  /** `startTime`: time of the first event read, once there is one (the Log's relative times while loading). */
  | { kind: 'progress'; done: number; total: number; events: number; startTime?: number }
  | { kind: 'loaded'; summary: Summary }
  /** The load has zstd frames to decode: the page lends its spare decoding worker if one is ready. */
  | { kind: 'zstd-wanted' }
  /** The followed session after an append: the same session, grown. */
  | { kind: 'appended'; summary: Summary }
  /** `refusal`: the file was read and refused as a whole (DSH's verdict kind and our code); absent for a cancel or a worker failure. */
  | { kind: 'failed'; message: string; refusal?: { kind: 'corrupt' | 'unsupported'; code: string } }
  | ({ kind: 'reply' } & RpcReply);
