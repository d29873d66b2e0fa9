/**
 * One load's shared parts: its options and limits, the reading state from the header on, pacing
 * (yielding so that cancel and progress get through) and the sizing of the log's columns.
 */
import { SessionError, type RefusalKind } from '../core/errors';
import { parseHeaderRecord } from '../core/header';
import type { EventLog } from '../core/event-log';
import type { LogBytes } from '../core/log-bytes';
import { RestoreStream } from '../core/restore-stream';
import type { SessionHeader } from '../core/types';
import { at, type LoadBase, type LoadResult } from './load-result';
import { RecordScanner, type ByteText } from './record-scanner';
import { MAX_LOG_PLAINTEXT, formatLimit } from './limits';
import type { PageSizes, SyncReader } from './paged-backing';
import type { ZstdFramesSource } from './zstd-frames';

export interface LoadOptions {
  /** Progress: input bytes done and total, and events read so far. */
  onProgress?: (done: number, total: number, events: number) => void;
  signal?: AbortSignal;
  /** Time stamped on an appended end-seed marker (default: now). */
  now?: number;
  fileName?: string;
  /**
   * Told once, when the header has passed the gate, with the log the load fills: it grows between
   * progress reports and is consistent whenever the loader yields, so a reader may show the events
   * read so far (before admission results, closers or the verdict exist).
   */
  onLog?: (log: EventLog) => void;
  /** Native byte-to-text primitives, where the host has them (see `ByteText`). */
  byteText?: ByteText;
  /**
   * Follow: the file is still being written. Nothing is synthesized (no closers, no end-seed
   * marker) and an unfinished last line or frame waits; the result's `live` takes appended bytes.
   */
  live?: boolean;
  /**
   * Told once, when the header has been read, and may return an observer that sees each stored
   * record as it is admitted, in order (an event as upgraded from a legacy shape; a packed chunk
   * row as a row), so a reader can fold figures without parsing the log again.
   */
  observe?: (header: SessionHeader) => LoadObserver | undefined;
}

export type LoadObserver = NonNullable<RestoreStream['observer']>;

export class LoadCancelled extends Error {
  constructor() { super('Load cancelled.'); this.name = 'LoadCancelled'; }
}

export const BLOCK = 4 << 20;
const YIELD_MS = 40;


/** Yields to the event loop without timer clamping (a MessageChannel round trip where there is one). */
function yieldNow(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((r) => setTimeout(r, 0));
  return new Promise((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); r(); };
    ch.port2.postMessage(0);
  });
}

/** Yields about every YIELD_MS so that cancel and progress get through; throws when cancelled. */
export async function pace(opts: LoadOptions, state: { last: number }): Promise<void> {
  if (opts.signal?.aborted) throw new LoadCancelled();
  const now = Date.now();
  if (now - state.last > YIELD_MS) {
    state.last = now;
    await yieldNow();
    if (opts.signal?.aborted) throw new LoadCancelled();
  }
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** zstd input is read this many bytes at a time: a Blob's compressed bytes are never all held at once. */
export const ZSTD_PIECE = 8 << 20;

/** Sizes the loader works with, set small by tests to reach their edges with small inputs. */
export interface LoadLimits {
  /** zstd input read per piece (default 8 MiB). */
  zstdPieceBytes?: number;
  /** Plaintext past which a log is refused (default MAX_LOG_PLAINTEXT, 4 GiB): a plain file's size, a zstd log's decoded size. */
  maxPlaintext?: number;
  /** zstd plaintext scanned at a time (default 4 MiB). */
  zstdBlockBytes?: number;
  /**
   * Decodes zstd frames, where the host can do it in a thread of its own (Node: src/cli/zstd-thread.ts; a browser worker: src/worker/zstd-source.ts);
   * default: in this thread, a frame at a time as the scan asks. A followed log always decodes here.
   */
  zstdFrames?: ZstdFramesSource;
  /**
   * Reads a Blob again synchronously, where the host can (a worker: FileReaderSync; Node: a file
   * descriptor): then a Blob input is never held whole, and the log reads its lines from the file
   * (plain) when a view asks for them. Without it a plain Blob is read whole.
   */
  syncReader?: SyncReader;
  /** Pages of a file read again (tests make them small, to cross their ends often). */
  pages?: PageSizes;
  /** Keeps the plaintext in memory instead of reading lines again (the reference the lazy log is tested against). */
  keepPlaintext?: boolean;
  /**
   * The byte array input is still arriving (src/io/arriving-bytes.ts): resolves, with the bytes in
   * so far, once at least the first `n` are. zstd input is decoded as its pieces come; plain input
   * is waited for whole.
   */
  arrived?: (n: number) => Promise<number>;
}

/** A scan after its header line: the header, the scanner reading the records, the stream folding them. */
export interface Started {
  readonly header: SessionHeader;
  readonly scanner: RecordScanner;
  readonly stream: RestoreStream;
}

/** One load's reading state: empty until the header line passes the gate, then the scan in progress. */
export class Reading {
  started?: Started;
  /** Bytes of the header line (plain input: the torn tail is counted after it). */
  headerLen = 0;
  frames?: LoadResult['frames'];
  readonly pacing = { last: Date.now() };
  readonly maxPlain: number;

  constructor(readonly base: LoadBase, readonly opts: LoadOptions & LoadLimits) {
    this.maxPlain = opts.maxPlaintext ?? MAX_LOG_PLAINTEXT;
  }

  /**
   * Line 1: parses and admits the header, and starts the scan of the records after it. `bytes`:
   * where the log will read its lines again (the scan offers it every block it reads).
   */
  readHeader(lineBytes: Uint8Array, bytes: LogBytes): Started {
    let v: unknown;
    try { v = JSON.parse(decoder.decode(lineBytes)); } catch { throw fail('header-json', 'Line 1, the header, is not valid JSON.'); }
    const header = parseHeaderRecord(v);
    const stream = new RestoreStream(header, bytes);
    stream.observer = this.opts.observe?.(header);
    // the records start after the header line and its LF
    const scanner = new RecordScanner({ sink: stream, base: lineBytes.length + 1, byteText: this.opts.byteText });
    this.started = { header, scanner, stream };
    this.opts.onLog?.(stream.session.log);
    return this.started;
  }

  /** The scan, once the header was read (a frame or block before it is a bug, not a file's fault). */
  get scan(): Started {
    if (!this.started) throw new Error('The loader read records before the header.');
    return this.started;
  }

  /** Zstd plaintext past the cap, placed like a frame that fails to decode: at the line and seq it would start. */
  tooLarge(): unknown {
    const { scanner } = this.scan;
    return at(new SessionError('zstd-too-large', `The Zstandard file expands to more than ${formatLimit(this.maxPlain)}, more than this viewer will read.`), scanner.nextLine, scanner.nextSeq);
  }
}

export const fail = (code: string, message: string, kind: RefusalKind = 'corrupt', line = 1) => new SessionError(code, message, { kind, line });

/** Tells the log its likely final size from the share of the input read so far (2% over, for luck). */
export function expectSize(stream: RestoreStream, done: number, total: number): void {
  const log = stream.session.log;
  if (done <= 0 || done >= total || log.length === 0) return;
  const f = (total / done) * 1.02;
  log.expectSize(log.length * f, log.recordCount * f);
}
