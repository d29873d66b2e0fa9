/**
 * What a load produces, and the one place it is assembled: DSH's verdict and everything we can
 * still show. Both the cold load (src/io/load.ts) and a live file's appends (src/io/live.ts) build
 * their result here, so a grown live file and a cold load of the same bytes agree field by field.
 */
import { SessionError, type RefusalKind } from '../core/errors';
import type { Diagnostic } from '../core/invariants';
import type { LineageIndex } from '../core/lineage';
import type { RestoreStream } from '../core/restore-stream';
import type { Session } from '../core/session';
import type { Timeline } from '../core/timeline';
import type { SessionEvent, SessionHeader } from '../core/types';
import type { LiveLog } from './live';
import type { DroppedRecord, RecordScanner } from './record-scanner';

/** How a session log is encoded on disk. */
export type Encoding = 'jsonl' | 'zstd';

export type Verdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly kind: RefusalKind; readonly code: string; readonly message: string; readonly line?: number; readonly seq?: number };

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
  readonly encoding: Encoding;
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

/** What every result names of its file. */
export interface LoadBase {
  readonly fileName?: string;
  readonly encoding: Encoding;
  readonly byteLength: number;
}

/** What a load that stopped at the scan has: the verdict, and the records read before it stopped. */
export function scanResult(base: LoadBase, v: Verdict, header?: SessionHeader, scanner?: RecordScanner): LoadResult {
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

/** A torn or bad record inside complete zstd frames: DSH forgives damage only inside a torn final frame. */
export function damageInCompleteFrames(scanner: RecordScanner): SessionError | undefined {
  if (scanner.fragmentBytes === 0 && scanner.firstBad === undefined) return undefined;
  return new SessionError('zstd-torn-record', 'Corrupt Zstandard session log: a complete frame contains a torn JSONL record, and DSH forgives damage only inside a torn final frame.', { line: scanner.firstBad?.line });
}

/** A scan-level refusal still shows the preserved prefix, folded best-effort. */
export function finishRefusedScan(r: LoadResult, stream: RestoreStream, opts: { now?: number }): LoadResult {
  const { session, failure } = stream.finish({ now: opts.now, refused: true });
  const through = failure ? failure.acceptedThrough : session.log.length - 1;
  return { ...r, session, acceptedThrough: through, timeline: session.timeline(), lineage: session.lineage(), diagnostics: session.invariants.diagnostics };
}

/** The fold of the stream the result is built from: finished (a cold load) or as it stands (a live file). */
export interface StreamFold {
  readonly session: Session;
  readonly closers: readonly SessionEvent[];
  readonly endSeedAppended?: boolean;
  readonly failure?: { readonly error: SessionError; readonly acceptedThrough: number };
}

/**
 * The result of a scan that read every record: the verdict from the fold's failure, the torn tail
 * (plain: the bytes after the last committed record; zstd: a record cut inside the last frame, and
 * `waiting` bytes of an unfinished frame), the columns and indexes. With `live`, nothing was
 * synthesized: the closers a cold load would add are counted in `pendingClosers`.
 */
export function buildResult(base: LoadBase & { readonly headerLen: number }, header: SessionHeader, scanner: RecordScanner, fold: StreamFold,
  extra: { readonly frames?: LoadResult['frames']; readonly live?: { readonly log: LiveLog; readonly waiting: number } } = {}): LoadResult {
  const { headerLen, ...named } = base;
  const { session, closers, failure } = fold, live = extra.live;
  const stored = scanner.preservedCount;
  const lineOfSeq = (s: number) => (s < stored ? scanner.lineOfSeq(s) : undefined);
  const verdict: Verdict = failure ? refusal(failure.error, lineOfSeq) : { ok: true };
  const tornBytes = base.encoding === 'jsonl' ? base.byteLength - headerLen - scanner.preservedBytes : undefined;
  const tornSize = tornBytes ?? (live?.waiting ?? 0) + scanner.fragmentBytes;
  const torn: TornTail | undefined = tornSize || scanner.fragmentBytes || scanner.firstBad
    ? { bytes: tornSize, line: scanner.firstBad?.line ?? scanner.nextLine, preview: scanner.tornPreview() }
    : undefined;
  return {
    ...named, verdict, header, session, storedEventCount: stored, tornBytes, torn,
    closers: failure || live ? [] : closers, firstLiveSeq: failure && !live ? 0 : session.firstLiveSeq, endSeedAppended: fold.endSeedAppended ?? false,
    acceptedThrough: failure ? failure.acceptedThrough : session.log.length - 1,
    dropped: scanner.dropped, nonJsonNumberSeqs: scanner.nonJsonNumberSeqs, frames: extra.frames,
    timeline: session.timeline(), lineage: session.lineage(), diagnostics: session.invariants.diagnostics, lineOfSeq,
    ...(live ? { live: live.log, pendingClosers: closers.length } : {}),
  };
}
