/**
 * FileApi in the session worker: the questions about the opened file rather than its events (fork
 * and trace export, a ZIP's media, the Share review of the bytes as they came), another session
 * (a parent to compare with, run B of the Runs view) and the parse-only baseline. The trace
 * exporter is a chunk of its own, loaded on first use; the redaction engine and the compressor run
 * in the writer worker (./writer-client.ts), started on first use, so a load never compiles them.
 */
import type { SessionFigureFold, SessionFigures } from '../core/session-figures';
import type { OpenResult } from '../io/open';
import type { LoadResult } from '../io/load';
import type { ZstdFramesSource } from '../io/zstd-frames';
import type { FileApi, FileOut } from '../protocol/session-api';
import type { RunsInfo, RunsPair } from '../protocol/runs-protocol';
import type { ShareReview, ShareSettings, WriterRedaction } from '../protocol/share-protocol';
import type { Tour } from '../core/tour';
import type { ForkSide } from '../protocol/views';
import { parseOnly } from './bench-parse';
import { compareWith, forkExportFile, mediaList } from './extras';
import { loadBytes } from '../io/load';
import { sniffFormat } from '../io/sniff';
import { callWriter } from './writer-client';
import type { SessionQueries } from './queries';
import { openRunB, type RunsPeer } from './runs';

/** The parse-only baseline, answered with or without a session. */
export const baseline: Pick<FileApi, 'benchParseOnly'> = Object.freeze({ benchParseOnly: parseOnly });

export class SessionFile implements FileApi {
  /** Run B and its comparison with this session, while the Runs view has one open. */
  private runs?: RunsPeer;

  /**
   * `source`: the bytes the session was loaded from, as they came (Share redacts them);
   * `zstdFrames`: where run B's frames are decoded; `figures`: a live load's own figures, folded as
   * the loader admits each record, at the load and at every append (the log is never read again).
   */
  constructor(private opened: OpenResult, private queries: SessionQueries, private readonly source: ArrayBuffer | Blob, private readonly zstdFrames: () => ZstdFramesSource,
    private readonly figures?: SessionFigureFold) {}

  ownFigures(): SessionFigures | undefined {
    return this.figures?.result();
  }

  /** A followed log grew: the same file, its result and queries as they now stand (run B stays open). */
  grew(opened: OpenResult, queries: SessionQueries): void {
    this.opened = opened;
    this.queries = queries;
  }

  benchParseOnly(bytes: ArrayBuffer | Blob): Promise<{ ms: number; events: number }> {
    return parseOnly(bytes);
  }

  forkExport(cursor: number, zstd: boolean, now?: number, redact: boolean | WriterRedaction = false): Promise<{ readonly name: string; readonly bytes: Blob; readonly redacted?: number }> {
    return forkExportFile(this.opened.result, cursor, zstd, now, redact, (pieces, z, red) => callWriter('encodeFork', pieces, z, red));
  }

  async traceExport(format: 'otlp' | 'perfetto', content = false, redact?: WriterRedaction): Promise<FileOut & { readonly redacted?: number }> {
    const { traceExportFile } = await import('../io/trace/session-trace');
    // only content carries what the log's strings hold: without it there is nothing to redact
    const withContent = content && format === 'otlp';
    const { r, redacted } = await this.traceSource(withContent ? redact : undefined);
    return { ...traceExportFile(r, format, { content: withContent }), ...(redacted !== undefined ? { redacted } : {}) };
  }

  async tourExport(tour: Tour, redact?: WriterRedaction): Promise<FileOut & { readonly redacted?: number }> {
    return callWriter('tourWithSession', await this.bytes(), tour, redact);
  }

  media(): { id: string; mediaType: string; bytes: ArrayBuffer }[] {
    return mediaList(this.opened.archive);
  }

  compareWith(other: { entry?: string; bytes?: ArrayBuffer }, from: number, limit: number): Promise<{ self: ForkSide; other: ForkSide }> {
    return compareWith(this.queries, this.opened, { ...other, from, limit });
  }

  async runsOpen(run: { bytes: ArrayBuffer | Blob; fileName?: string; entry?: string }): Promise<RunsInfo> {
    this.runs = undefined;
    this.runs = await openRunB(this.opened.result, run, this.zstdFrames());
    return this.runs.info();
  }

  runsPair(diff: number): RunsPair {
    if (!this.runs) throw new Error('No run B is open.');
    return this.runs.pair(diff);
  }

  async shareReview(settings: ShareSettings): Promise<ShareReview> {
    return callWriter('reviewShare', await this.bytes(), settings);
  }

  async shareWrite(settings: ShareSettings, encoding: 'jsonl' | 'zstd'): Promise<{ bytes: ArrayBuffer; redacted: number; rules: string[] }> {
    return callWriter('writeShare', await this.bytes(), settings, encoding);
  }

  /** The loaded session, or with `redact` the same log redacted (in the writer) and loaded again, for a trace with content. */
  private async traceSource(redact?: WriterRedaction): Promise<{ r: LoadResult; redacted?: number }> {
    if (!redact) return { r: this.opened.result };
    const bytes = await this.bytes();
    if (sniffFormat(bytes) === 'zip') throw new Error('this session came from an export ZIP, which cannot be redacted whole: open the session.jsonl it holds.');
    const red = await callWriter('redactedPlain', bytes, redact);
    return { r: await loadBytes(red.bytes), redacted: red.redacted };
  }

  private async bytes(): Promise<Uint8Array> {
    return new Uint8Array(this.source instanceof Blob ? await this.source.arrayBuffer() : this.source);
  }
}
