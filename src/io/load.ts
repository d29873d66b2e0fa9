import { SessionError, type RefusalKind } from '../core/errors';
import { parseHeaderRecord } from '../core/header';
import type { EventLog } from '../core/event-log';
import { LogBytes, MemoryBacking } from '../core/log-bytes';
import { RestoreStream } from '../core/restore-stream';
import type { SessionHeader } from '../core/types';
import { at, buildResult, damageInCompleteFrames, finishRefusedScan, refusal, scanResult, type LoadBase, type LoadResult } from './load-result';
import { RecordScanner, type ByteText } from './record-scanner';
import { damagedZstdStart } from './damaged-start';
import { sniffFormat } from './sniff';
import { LiveLog } from './live';
import { decodeTornFrame } from './zstd';
import { sessionError, zstdFramesHere, type ZstdFramesSource } from './zstd-frames';

export type { Encoding, LoadResult, TornTail, Verdict } from './load-result';

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

const BLOCK = 4 << 20;
/** Plaintext bound for zstd input, under V8's largest string (~512 MiB of UTF-16 units). */
const MAX_ZSTD_PLAINTEXT = 384 << 20;
const YIELD_MS = 40;

/** A byte count in whole MiB when it is one (the limits are), else in bytes. */
const formatSize = (n: number) => (n % 2 ** 20 === 0 ? `${n / 2 ** 20} MiB` : `${n} bytes`);

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
async function pace(opts: LoadOptions, state: { last: number }): Promise<void> {
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
const ZSTD_PIECE = 8 << 20;

/** Sizes the loader works with, set small by tests to reach their edges with small inputs. */
export interface LoadLimits {
  /** zstd input read per piece (default 8 MiB). */
  zstdPieceBytes?: number;
  /** zstd plaintext past which the file is refused (default 384 MiB). */
  maxZstdPlaintext?: number;
  /** zstd plaintext scanned at a time (default 4 MiB). */
  zstdBlockBytes?: number;
  /**
   * Decodes zstd frames, where the host can do it in a thread of its own (Node: src/cli/zstd-thread.ts; a browser worker: src/worker/zstd-source.ts);
   * default: in this thread, a frame at a time as the scan asks. A followed log always decodes here.
   */
  zstdFrames?: ZstdFramesSource;
  /**
   * The byte array input is still arriving (src/io/arriving-bytes.ts): resolves, with the bytes in
   * so far, once at least the first `n` are. zstd input is decoded as its pieces come; plain input
   * is waited for whole.
   */
  arrived?: (n: number) => Promise<number>;
}

/** A scan after its header line: the header, the scanner reading the records, the stream folding them. */
interface Started {
  readonly header: SessionHeader;
  readonly scanner: RecordScanner;
  readonly stream: RestoreStream;
}

/** One load's reading state: empty until the header line passes the gate, then the scan in progress. */
class Reading {
  started?: Started;
  /** Bytes of the header line (plain input: the torn tail is counted after it). */
  headerLen = 0;
  frames?: LoadResult['frames'];
  readonly pacing = { last: Date.now() };
  readonly maxPlain: number;

  constructor(readonly base: LoadBase, readonly opts: LoadOptions & LoadLimits) {
    this.maxPlain = opts.maxZstdPlaintext ?? MAX_ZSTD_PLAINTEXT;
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
    return at(new SessionError('zstd-too-large', `The Zstandard file expands to more than ${formatSize(this.maxPlain)}, more than this viewer will read.`), scanner.nextLine, scanner.nextSeq);
  }
}

const fail = (code: string, message: string, kind: RefusalKind = 'corrupt', line = 1) => new SessionError(code, message, { kind, line });

/**
 * Bytes → verdict and model, as DSH's cold load does it (persistence.md §1–4). A Blob is read here:
 * whole when it is plain text (the log keeps its lines), a slice at a time when it is zstd.
 */
export async function loadBytes(input: Uint8Array | Blob, opts: LoadOptions & LoadLimits = {}): Promise<LoadResult> {
  // arriving input: its encoding is known from its first bytes
  if (opts.arrived) await opts.arrived(4);
  const head = input instanceof Uint8Array ? input.subarray(0, 4) : new Uint8Array(await input.slice(0, 4).arrayBuffer());
  const encoding = sniffFormat(head) === 'zstd' ? 'zstd' : 'jsonl';
  const byteLength = input instanceof Uint8Array ? input.length : input.size;
  if (encoding === 'jsonl' && opts.arrived) await opts.arrived(byteLength);
  // plain input is read whole: a zstd log damaged at its start is refused as one, before any line is read
  const plain = encoding === 'jsonl' ? (input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer())) : undefined;
  const damaged = plain && damagedZstdStart(plain, opts.fileName);
  if (damaged) return scanResult({ fileName: opts.fileName, encoding: 'zstd', byteLength }, refusal(damaged, () => undefined));
  const reading = new Reading({ fileName: opts.fileName, encoding, byteLength }, opts);
  try {
    const live = plain ? await scanJsonl(reading, plain) : await scanZstd(reading, input);
    if (live) return live;
    const committed = reading.scan.scanner.committedError();
    if (committed) throw committed;
  } catch (err) {
    if (err instanceof LoadCancelled) throw err;
    if (!(err instanceof SessionError)) throw err;
    const scanner = reading.started?.scanner;
    const r = scanResult(reading.base, refusal(err, (s) => scanner?.lineOfSeq(s)), reading.started?.header, scanner);
    return reading.started ? finishRefusedScan(r, reading.started.stream, opts) : r;
  }
  const { header, scanner, stream } = reading.scan;
  return buildResult({ ...reading.base, headerLen: reading.headerLen }, header, scanner, stream.finish({ now: opts.now }), { frames: reading.frames });
}

/** Plain JSONL: the header line, then the records in blocks of about BLOCK bytes cut at a newline. A live file's result, or undefined when the scan finished. */
async function scanJsonl(reading: Reading, bytes: Uint8Array): Promise<LoadResult | undefined> {
  const { opts } = reading;
  const lf = bytes.indexOf(10);
  if (lf < 0) throw fail('no-header', 'The file is empty or has no complete header line (no newline anywhere).');
  const { scanner, stream } = reading.readHeader(bytes.subarray(0, lf), new LogBytes(new MemoryBacking(bytes)));
  reading.headerLen = lf + 1;
  let p = lf + 1;
  while (p < bytes.length) {
    let end = Math.min(p + BLOCK, bytes.length);
    if (end < bytes.length) {
      const nl = bytes.indexOf(10, end - 1);
      end = nl < 0 ? bytes.length : nl + 1;
    }
    scanner.push(bytes.subarray(p, end));
    p = end;
    expectSize(stream, p, bytes.length);
    opts.onProgress?.(p, bytes.length, scanner.preservedCount);
    await pace(opts, reading.pacing);
  }
  if (opts.live) {
    const committed = scanner.committedError();
    if (committed) throw committed;
    return new LiveLog({ ...reading.base, headerLen: reading.headerLen }, scanner, stream).result();
  }
  scanner.finish();
  return undefined;
}

/**
 * Zstandard: complete frames are decoded in file order (in a thread of its own where the host gives
 * one) and their plaintext scanned in blocks of about BLOCK bytes. A live file's result, or
 * undefined when the scan finished.
 */
async function scanZstd(reading: Reading, input: Uint8Array | Blob): Promise<LoadResult | undefined> {
  const { opts, maxPlain } = reading, byteLength = reading.base.byteLength;
  const source = opts.live ? zstdFramesHere : opts.zstdFrames ?? zstdFramesHere;
  const items = source(input, { pieceBytes: opts.zstdPieceBytes ?? ZSTD_PIECE, maxPlain, blockBytes: opts.zstdBlockBytes ?? BLOCK, ...(opts.arrived ? { arrived: opts.arrived } : {}) })[Symbol.asyncIterator]();
  // DSH judges each record as its frame arrives: damage already committed by the frames read so
  // far (a bad record or seq gap, then a turn/end) is its verdict before any later frame's failure
  const inStreamOrder = (failure: () => unknown) => reading.started?.scanner.committedError() ?? failure();
  const atNext = (error: Parameters<typeof sessionError>[0]) => { const { scanner } = reading.scan; return at(sessionError(error), scanner.nextLine, scanner.nextSeq); };
  try {
    for (;;) {
      const { value: item, done } = await items.next();
      if (done) throw new Error('zstd frame decoding ended without an end item');
      if (item.kind === 'header') {
        const lf = item.plain.indexOf(10);
        if (lf !== item.plain.length - 1) throw fail('zstd-header-frame', 'Corrupt Zstandard session log: the first frame is not exactly one header line.');
        reading.readHeader(item.plain.subarray(0, lf), new LogBytes());
      } else if (item.kind === 'block') {
        const { scanner, stream } = reading.scan;
        scanner.push(item.plain);
        expectSize(stream, item.end, byteLength);
        opts.onProgress?.(item.end, byteLength, scanner.preservedCount);
        await pace(opts, reading.pacing);
      } else if (item.kind === 'tick') {
        await pace(opts, reading.pacing);
      } else if (item.kind === 'refused') {
        if (item.header) throw at(sessionError(item.error), 1);
        throw inStreamOrder(() => atNext(item.error));
      } else if (item.kind === 'too-large') {
        throw inStreamOrder(() => reading.tooLarge());
      } else if (item.kind === 'framing') {
        if (!reading.started) throw at(sessionError(item.error), 1);
        throw inStreamOrder(() => atNext(item.error));
      } else {
        if (item.complete === 0) throw fail('no-header', 'The Zstandard file is empty or holds no complete frame, so it has no header.');
        const { scanner, stream } = reading.scan;
        if (opts.live) {
          const committed = scanner.committedError() ?? damageInCompleteFrames(scanner);
          if (committed) throw committed;
          return new LiveLog({ ...reading.base, headerLen: 0 }, scanner, stream, { ...item.state!, complete: item.complete, plain: item.plain, maxPlain }).result();
        }
        const damage = damageInCompleteFrames(scanner);
        if (item.tail.length > 0) {
          if (scanner.fragmentBytes === 0) {
            const out = decodeTornFrame(item.tail);
            if (item.plain + out.length > maxPlain) throw reading.tooLarge();
            scanner.push(out);
          }
          opts.onProgress?.(byteLength, byteLength, scanner.preservedCount);
        }
        scanner.finish();
        reading.frames = { complete: item.complete, tornBytes: item.tail.length };
        const committed = scanner.committedError();
        if (committed) throw committed;
        if (damage) throw damage;
        return undefined;
      }
    }
  } finally {
    // stops a decoding thread that is still ahead of a refusal or a cancel
    await items.return?.();
  }
}

/** Tells the log its likely final size from the share of the input read so far (2% over, for luck). */
function expectSize(stream: RestoreStream, done: number, total: number): void {
  const log = stream.session.log;
  if (done <= 0 || done >= total || log.length === 0) return;
  const f = (total / done) * 1.02;
  log.expectSize(log.length * f, log.recordCount * f);
}
