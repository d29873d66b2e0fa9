import { SessionError, type RefusalKind } from '../core/errors';
import { parseHeaderRecord } from '../core/header';
import type { EventLog } from '../core/event-log';
import type { Diagnostic } from '../core/invariants';
import type { LineageIndex } from '../core/lineage';
import { RestoreStream } from '../core/restore-stream';
import type { Session } from '../core/session';
import type { Timeline } from '../core/timeline';
import type { SessionEvent, SessionHeader } from '../core/types';
import { RecordScanner, type ByteText, type DroppedRecord } from './record-scanner';
import { sniffFormat } from './sniff';
import { LiveLog } from './live';
import { decodeTornFrame } from './zstd';
import { sessionError, zstdFramesHere, type ZstdFramesSource } from './zstd-frames';

export type Verdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly kind: RefusalKind; readonly code: string; readonly message: string; readonly line?: number; readonly seq?: number };

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

export interface TornTail {
  /** Bytes discarded at the end (plain: file size minus committed bytes). */
  readonly bytes: number;
  /** First physical line of the discarded region. */
  readonly line: number;
  /** The start of the discarded text, for display. */
  readonly preview: string;
}

/** Everything a load produced: DSH's verdict and everything we can still show (decisions §1). */
export interface LoadResult {
  readonly fileName?: string;
  readonly encoding: 'jsonl' | 'zstd';
  readonly byteLength: number;
  readonly verdict: Verdict;
  readonly header?: SessionHeader;
  /** Present whenever the header passed the gate, refused or not: the events we accepted. */
  readonly session?: Session;
  readonly timeline?: Timeline;
  readonly lineage?: LineageIndex;
  readonly storedEventCount: number;
  readonly tornBytes?: number;
  readonly torn?: TornTail;
  readonly closers: readonly SessionEvent[];
  readonly firstLiveSeq: number;
  readonly endSeedAppended: boolean;
  /** Last seq that passed validation (the whole log when ok). */
  readonly acceptedThrough: number;
  /** Records DSH does not read: the first bad one and everything after it. */
  readonly dropped: readonly DroppedRecord[];
  readonly diagnostics: readonly Diagnostic[];
  readonly nonJsonNumberSeqs: readonly number[];
  readonly frames?: { readonly complete: number; readonly tornBytes: number };
  /** Physical line (header = 1) of the record holding seq; undefined for synthesized events. */
  lineOfSeq(seq: number): number | undefined;
  /** Loaded with `live`: takes the bytes appended to the file since (src/io/live.ts). */
  readonly live?: LiveLog;
  /** Loaded with `live`: closers a cold load now would add to close the open turn (not in the log). */
  readonly pendingClosers?: number;
}

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

/** What a load that stopped at the scan has: the verdict, and the records read before it stopped. */
export function scanResult(base: { fileName?: string; encoding: 'jsonl' | 'zstd'; byteLength: number }, v: Verdict, header?: SessionHeader, scanner?: RecordScanner): LoadResult {
  return {
    ...base, verdict: v, header, storedEventCount: scanner?.preservedCount ?? 0, closers: [], firstLiveSeq: 0, endSeedAppended: false,
    acceptedThrough: -1, dropped: scanner?.dropped ?? [], diagnostics: [], nonJsonNumberSeqs: [], lineOfSeq: (s) => scanner?.lineOfSeq(s),
  };
}

/** Places a framing error at the first line (and seq) the damaged frame would have held. */
export function at(err: unknown, line: number, seq?: number): unknown {
  if (err instanceof SessionError) { err.line ??= line; if (seq !== undefined) err.seq ??= seq; }
  return err;
}

export function refusal(err: SessionError, lineOfSeq: (s: number) => number | undefined): Verdict {
  const line = err.line ?? (err.seq !== undefined ? lineOfSeq(err.seq) : undefined);
  // a message that already names its line (header and scan refusals) needs no prefix
  const named = /^Line \d+\b/.test(err.message);
  const where = named ? '' : line !== undefined ? `Line ${line}${err.seq !== undefined ? `, seq ${err.seq}` : ''}: ` : err.seq !== undefined ? `Seq ${err.seq} (synthesized on load): ` : '';
  // the line and seq already say where: drop DSH's "invalid seed event at index i" framing
  const msg = err.message.replace(/^Invalid seed event at index \d+: /, '').replace(/^./, (c) => c.toUpperCase());
  return { ok: false, kind: err.kind, code: err.code, message: where + msg, ...(line !== undefined ? { line } : {}), ...(err.seq !== undefined ? { seq: err.seq } : {}) };
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
}

/**
 * Bytes → verdict and model, as DSH's cold load does it (persistence.md §1–4). A Blob is read here:
 * whole when it is plain text (the log keeps its lines), a slice at a time when it is zstd.
 */
export async function loadBytes(input: Uint8Array | Blob, opts: LoadOptions & LoadLimits = {}): Promise<LoadResult> {
  const head = input instanceof Uint8Array ? input.subarray(0, 4) : new Uint8Array(await input.slice(0, 4).arrayBuffer());
  const encoding = sniffFormat(head) === 'zstd' ? 'zstd' : 'jsonl';
  const byteLength = input instanceof Uint8Array ? input.length : input.size;
  const pacing = { last: Date.now() };
  const base = { fileName: opts.fileName, encoding, byteLength } as const;
  const empty = (v: Verdict, header?: SessionHeader, scanner?: RecordScanner) => scanResult(base, v, header, scanner);
  const fail = (code: string, message: string, kind: RefusalKind = 'corrupt', line = 1) => new SessionError(code, message, { kind, line });
  const maxPlain = opts.maxZstdPlaintext ?? MAX_ZSTD_PLAINTEXT;
  // placed, like a frame that fails to decode, at the line and seq the refused plaintext would start
  const tooLarge = () => at(new SessionError('zstd-too-large', `The Zstandard file expands to more than ${formatSize(maxPlain)}, more than this viewer will read.`), scanner!.nextLine, scanner!.nextSeq);

  let header: SessionHeader | undefined;
  let scanner: RecordScanner | undefined;
  let stream: RestoreStream | undefined;
  let frames: LoadResult['frames'];
  let headerLen = 0;
  try {
    const readHeader = (lineBytes: Uint8Array) => {
      let v: unknown;
      try { v = JSON.parse(decoder.decode(lineBytes)); } catch { throw fail('header-json', 'Line 1, the header, is not valid JSON.'); }
      header = parseHeaderRecord(v);
      stream = new RestoreStream(header);
      stream.observer = opts.observe?.(header);
      scanner = new RecordScanner(2, stream, undefined, undefined, opts.byteText);
      opts.onLog?.(stream.session.log);
    };
    if (encoding === 'jsonl') {
      const bytes = input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer());
      const lf = bytes.indexOf(10);
      if (lf < 0) throw fail('no-header', 'The file is empty or has no complete header line (no newline anywhere).');
      readHeader(bytes.subarray(0, lf));
      headerLen = lf + 1;
      let p = lf + 1;
      while (p < bytes.length) {
        let end = Math.min(p + BLOCK, bytes.length);
        if (end < bytes.length) {
          const nl = bytes.indexOf(10, end - 1);
          end = nl < 0 ? bytes.length : nl + 1;
        }
        scanner!.push(bytes.subarray(p, end));
        p = end;
        expectSize(stream!, p, bytes.length);
        opts.onProgress?.(p, bytes.length, scanner!.preservedCount);
        await pace(opts, pacing);
      }
      if (opts.live) {
        const committed = scanner!.committedError();
        if (committed) throw committed;
        return new LiveLog({ ...base, headerLen }, scanner!, stream!).result();
      }
      scanner!.finish();
    } else {
      // complete frames are decoded in file order (in a thread of its own where the host gives one)
      // and their plaintext scanned in blocks of about BLOCK bytes
      const source = opts.live ? zstdFramesHere : opts.zstdFrames ?? zstdFramesHere;
      const items = source(input, { pieceBytes: opts.zstdPieceBytes ?? ZSTD_PIECE, maxPlain, blockBytes: opts.zstdBlockBytes ?? BLOCK })[Symbol.asyncIterator]();
      // DSH judges each record as its frame arrives: damage already committed by the frames read so
      // far (a bad record or seq gap, then a turn/end) is its verdict before any later frame's failure
      const inStreamOrder = (failure: () => unknown) => scanner!.committedError() ?? failure();
      try {
        for (;;) {
          const { value: item, done } = await items.next();
          if (done) throw new Error('zstd frame decoding ended without an end item');
          if (item.kind === 'header') {
            const lf = item.plain.indexOf(10);
            if (lf !== item.plain.length - 1) throw fail('zstd-header-frame', 'Corrupt Zstandard session log: the first frame is not exactly one header line.');
            readHeader(item.plain.subarray(0, lf));
          } else if (item.kind === 'block') {
            scanner!.push(item.plain);
            expectSize(stream!, item.end, byteLength);
            opts.onProgress?.(item.end, byteLength, scanner!.preservedCount);
            await pace(opts, pacing);
          } else if (item.kind === 'tick') {
            await pace(opts, pacing);
          } else if (item.kind === 'refused') {
            if (item.header) throw at(sessionError(item.error), 1);
            throw inStreamOrder(() => at(sessionError(item.error), scanner!.nextLine, scanner!.nextSeq));
          } else if (item.kind === 'too-large') {
            throw inStreamOrder(tooLarge);
          } else if (item.kind === 'framing') {
            if (!scanner) throw sessionError(item.error);
            throw inStreamOrder(() => at(sessionError(item.error), scanner!.nextLine, scanner!.nextSeq));
          } else {
            if (item.complete === 0) throw fail('no-header', 'The Zstandard file is empty or holds no complete frame, so it has no header.');
            if (opts.live) {
              const committed = scanner!.committedError() ?? damageInCompleteFrames(scanner!);
              if (committed) throw committed;
              return new LiveLog({ ...base, headerLen: 0 }, scanner!, stream!, { ...item.state!, complete: item.complete, plain: item.plain, maxPlain }).result();
            }
            const damage = damageInCompleteFrames(scanner!);
            if (item.tail.length > 0) {
              if (scanner!.fragmentBytes === 0) {
                const out = decodeTornFrame(item.tail);
                if (item.plain + out.length > maxPlain) throw tooLarge();
                scanner!.push(out);
              }
              opts.onProgress?.(byteLength, byteLength, scanner!.preservedCount);
            }
            scanner!.finish();
            frames = { complete: item.complete, tornBytes: item.tail.length };
            const committed = scanner!.committedError();
            if (committed) throw committed;
            if (damage) throw damage;
            break;
          }
        }
      } finally {
        // stops a decoding thread that is still ahead of a refusal or a cancel
        await items.return?.();
      }
    }
    const committed = scanner!.committedError();
    if (committed) throw committed;
  } catch (err) {
    if (err instanceof LoadCancelled) throw err;
    if (!(err instanceof SessionError)) throw err;
    const r = empty(refusal(err, (s) => scanner?.lineOfSeq(s)), header, scanner);
    if (!stream) return r;
    return finishRefusedScan(r, stream, opts);
  }
  return restore({ ...base, headerLen }, header!, scanner!, stream!, frames, opts);
}

/** A torn or bad record inside complete zstd frames: DSH forgives damage only inside a torn final frame. */
export function damageInCompleteFrames(scanner: RecordScanner): SessionError | undefined {
  if (scanner.fragmentBytes === 0 && scanner.firstBad === undefined) return undefined;
  return new SessionError('zstd-torn-record', 'Corrupt Zstandard session log: a complete frame contains a torn JSONL record, and DSH forgives damage only inside a torn final frame.', { line: scanner.firstBad?.line });
}

/** Tells the log its likely final size from the share of the input read so far (2% over, for luck). */
function expectSize(stream: RestoreStream, done: number, total: number): void {
  const log = stream.session.log;
  if (done <= 0 || done >= total || log.length === 0) return;
  const f = (total / done) * 1.02;
  log.expectSize(log.length * f, log.recordCount * f);
}

/** A scan-level refusal still shows the preserved prefix, folded best-effort. */
export function finishRefusedScan(r: LoadResult, stream: RestoreStream, opts: LoadOptions): LoadResult {
  const { session, failure } = stream.finish({ now: opts.now, refused: true });
  const through = failure ? failure.acceptedThrough : session.log.length - 1;
  return { ...r, session, acceptedThrough: through, timeline: session.timeline(), lineage: session.lineage(), diagnostics: session.invariants.diagnostics };
}

function restore({ headerLen, ...base }: { fileName?: string; encoding: 'jsonl' | 'zstd'; byteLength: number; headerLen: number }, header: SessionHeader, scanner: RecordScanner, stream: RestoreStream, frames: LoadResult['frames'], opts: LoadOptions): LoadResult {
  const stored = scanner.preservedCount;
  const lineOfSeq = (s: number) => (s < stored ? scanner.lineOfSeq(s) : undefined);
  const tornBytes = base.encoding === 'jsonl' ? base.byteLength - headerLen - scanner.preservedBytes : undefined;
  const { session, closers, endSeedAppended, failure } = stream.finish({ now: opts.now });
  const verdict: Verdict = failure ? refusal(failure.error, lineOfSeq) : { ok: true };
  const through = failure ? failure.acceptedThrough : session.log.length - 1;
  const tornLine = scanner.firstBad?.line;
  const torn: TornTail | undefined = tornBytes || scanner.fragmentBytes || scanner.firstBad
    ? { bytes: tornBytes ?? scanner.fragmentBytes, line: tornLine ?? scanner.nextLine, preview: scanner.tornPreview() }
    : undefined;
  return {
    ...base, verdict, header, session, storedEventCount: stored, tornBytes, torn, closers: failure ? [] : closers,
    firstLiveSeq: failure ? 0 : session.firstLiveSeq, endSeedAppended, acceptedThrough: through,
    dropped: scanner.dropped, nonJsonNumberSeqs: scanner.nonJsonNumberSeqs, frames,
    timeline: session.timeline(), lineage: session.lineage(), diagnostics: session.invariants.diagnostics, lineOfSeq,
  };
}
