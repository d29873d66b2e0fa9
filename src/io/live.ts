/**
 * Following a session log that is still being written (issue 16): the bytes appended since the
 * last read go through the same record scanner and restore stream as the load, so the log, its
 * index and the verdict extend without a reload. Nothing is synthesized while following (a
 * running session's open turn is not a crash): `pendingClosers` says what a cold load now would
 * add. An unfinished last line or zstd frame waits for its end and is judged once it is complete.
 */
import { SessionError } from '../core/errors';
import type { RestoreStream } from '../core/restore-stream';
import { at, buildResult, damageInCompleteFrames, finishRefusedScan, refusal, scanResult, type Encoding, type LoadResult } from './load-result';
import { formatLimit } from './limits';
import type { RecordScanner } from './record-scanner';
import type { FrameDecoder, FrameStream } from './zstd';

/** A zstd load's frame state, carried on to decode the frames appended later. */
export interface LiveFrames {
  readonly framing: FrameStream;
  readonly unzstd: FrameDecoder;
  complete: number;
  plain: number;
  readonly maxPlain: number;
}

interface Base { readonly fileName?: string; readonly encoding: Encoding; readonly byteLength: number; readonly headerLen: number }

export class LiveLog {
  private byteLength: number;
  private refused?: LoadResult;

  constructor(private readonly base: Base, private readonly scanner: RecordScanner, private readonly stream: RestoreStream, private readonly frames?: LiveFrames) {
    this.byteLength = base.byteLength;
    // the load is read: its columns lose their slack, and appends grow them by what they hold
    stream.session.log.trim();
  }

  /** File bytes read so far: the next append starts here. */
  get size(): number { return this.byteLength; }

  /** DSH refuses the log as it stands: later bytes cannot change that, so following ends. */
  get ended(): boolean { return this.refused !== undefined; }

  /** Takes the bytes appended to the file since the last call; returns the session as it now stands. */
  append(bytes: Uint8Array): LoadResult {
    if (this.refused) return this.refused;
    this.byteLength += bytes.length;
    try {
      if (this.frames) this.pushFrames(bytes); else this.scanner.push(bytes);
      const committed = this.scanner.committedError() ?? (this.frames ? damageInCompleteFrames(this.scanner) : undefined);
      if (committed) throw committed;
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      const base = { fileName: this.base.fileName, encoding: this.base.encoding, byteLength: this.byteLength };
      const scan = scanResult(base, refusal(err, (s) => this.scanner.lineOfSeq(s)), this.stream.session.header, this.scanner);
      this.refused = finishRefusedScan(scan, this.stream, {});
      return this.refused;
    }
    return this.result();
  }

  private pushFrames(piece: Uint8Array): void {
    const z = this.frames!, scanner = this.scanner;
    const { bytes, at: offset, frames } = z.framing.push(piece);
    const flush = () => { if (z.unzstd.pending) scanner.push(z.unzstd.take()); };
    for (const f of frames) {
      let n: number;
      try { n = z.unzstd.decode(bytes, f, offset, z.maxPlain - z.plain); } catch (e) { flush(); throw at(e, scanner.nextLine, scanner.nextSeq); }
      if (n < 0) {
        flush();
        throw new SessionError('zstd-too-large', `The Zstandard file expands to more than ${formatLimit(z.maxPlain)}, more than this viewer will read.`, { line: scanner.nextLine, seq: scanner.nextSeq });
      }
      z.plain += n;
      z.complete++;
    }
    flush();
    if (z.framing.error) throw at(z.framing.error, scanner.nextLine, scanner.nextSeq);
  }

  /** The session as it stands: stored events only, verdict as of now, the unfinished tail as torn. */
  result(): LoadResult {
    const fold = this.stream.peek();
    const waiting = this.frames ? this.frames.framing.finish().tail.length : 0;
    return buildResult({ ...this.base, byteLength: this.byteLength }, fold.session.header, this.scanner, fold, {
      frames: this.frames ? { complete: this.frames.complete, tornBytes: waiting } : undefined,
      live: { log: this, waiting },
    });
  }
}
