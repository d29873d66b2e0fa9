/**
 * Every question the page asks the session worker, as interfaces: QueryApi is answered from the
 * loaded session (src/worker/queries.ts implements it), FileApi from the file and the worker's
 * other state (src/worker/session-file.ts), PreviewApi while the log is still being read
 * (src/worker/preview.ts). The page calls `client.request(op, ...args)` (src/app/session-client.ts),
 * typed by SessionApi; the requests are derived from it (src/protocol/rpc.ts). Typed arrays and
 * ArrayBuffers directly in a reply (or in the objects of a reply's array) are transferred.
 */
import type { OverviewStats } from '../core/overview-stats';
import type { SessionFigures } from '../core/session-figures';
import type { Tour } from '../core/tour';
import type { RunsInfo, RunsPair } from './runs-protocol';
import type { ShareReview, ShareSettings, WriterRedaction } from './share-protocol';
import type { OverviewNow } from './summary';
import type {
  BrokenLine, Card, CompareInfo, DiffInfo, ForkSide, HeaderInForce, JsonNode, LineageInfo, Moment, RequestInfo, Row, RunInfo, SearchBatch,
} from './views';

/** The questions answered from the loaded session alone. */
export interface QueryApi {
  /** Rows of the Log by seq (seqs outside the log are left out). */
  rowsOf(seqs: readonly number[]): Row[];
  /** Seqs whose family is listed, or whose exact type is listed as `type:<type>` (`is:error`: failed tool calls), ascending. */
  filter(families: readonly string[]): Int32Array;
  /** Events per type (as text) at or before seq: the Family filter's counts through the cursor. */
  typeCountsThrough(seq: number): [string, number][];
  /** One level of the JSON value at `path` inside the event at seq. */
  node(seq: number, path: readonly string[]): JsonNode;
  /** The event at seq as JSON text. */
  json(seq: number): string;
  /** The views at a cursor: counts and seq lists only; the cards are fetched by seq. */
  moment(seq: number): Moment;
  lineage(seq: number): LineageInfo;
  /** A search from seq `from` for about `budgetMs`, at most `cap` hits. */
  searchFrom(query: string, from: number, budgetMs?: number, cap?: number): SearchBatch;
  /** What a Surface card, Transcript entry or Compare row shows, by seq. */
  cards(seqs: readonly number[]): Card[];
  /** Folded chunk runs by start seq. */
  runInfo(starts: readonly number[]): RunInfo[];
  /** The request header in force from each header seq (a moment's `headerSeq`); seqs that are not a header's are left out. */
  headers(seqs: readonly number[]): HeaderInForce[];
  /** The session's built-in tour. */
  builtinTour(): Tour;
  /** The diff of moments A and B. */
  diff(a: number, b: number): DiffInfo;
  /** What the model was sent for the step `seq` lies in. */
  request(seq: number): RequestInfo;
  /** A record DSH would not read, by physical line (its whole text with `full`). */
  brokenLine(line: number, full?: boolean): BrokenLine | undefined;
  /** Numbers for seqs [from, to], the whole session when absent. */
  overviewStats(from?: number, to?: number): OverviewStats;
  /** The overview and the session's numbers as the log now stands (a followed log's summary comes without them). */
  overviewNow(): OverviewNow;
  /** Compare aligned by replacement at seq. */
  compare(seq: number): CompareInfo;
}

/** A file the worker wrote for the page to save. */
export interface FileOut {
  readonly name: string;
  readonly bytes: ArrayBuffer;
}

/** The questions about the file, another session or the worker's own work. */
export interface FileApi {
  /** A live file's own figures as the log now stands (its fleet row; undefined for a load that is not live). */
  ownFigures(): SessionFigures | undefined;
  /** Benchmark baseline: split lines and JSON.parse the bytes only (zstd decoded first); answered with no session too. */
  benchParseOnly(bytes: ArrayBuffer | Blob): Promise<{ ms: number; events: number }>;
  /** The log through `cursor` as a fork DSH can resume, credentials redacted with `redact` (`redacted`: how many). */
  forkExport(cursor: number, zstd: boolean, now?: number, redact?: boolean | WriterRedaction): Promise<{ readonly name: string; readonly bytes: Blob; readonly redacted?: number }>;
  /**
   * The session's trace, OTLP/JSON or Perfetto JSON (src/io/trace); with `content` (OTLP) the
   * messages, arguments and results too, taken from the log redacted first when `redact` is given.
   */
  traceExport(format: 'otlp' | 'perfetto', content?: boolean, redact?: WriterRedaction): Promise<FileOut & { readonly redacted?: number }>;
  /** The tour with its session as one ZIP (`session.jsonl` and `tour.json`), both redacted when `redact` is given. */
  tourExport(tour: Tour, redact?: WriterRedaction): Promise<FileOut & { readonly redacted?: number }>;
  /** A ZIP's images. */
  media(): { id: string; mediaType: string; bytes: ArrayBuffer }[];
  /** Rows of this session and of another (an archive entry, or a kept session's bytes) from seq `from`, at most `limit` each. */
  compareWith(other: { entry?: string; bytes?: ArrayBuffer }, from: number, limit: number): Promise<{ self: ForkSide; other: ForkSide }>;
  /** Loads run B beside the shown session and aligns them (the Runs view). */
  runsOpen(run: { bytes: ArrayBuffer | Blob; fileName?: string; entry?: string }): Promise<RunsInfo>;
  /** Difference `diff` of the open runs, opened. */
  runsPair(diff: number): RunsPair;
  /** The Share review's findings under these settings. */
  shareReview(settings: ShareSettings): Promise<ShareReview>;
  /** The redacted copy. */
  shareWrite(settings: ShareSettings, encoding: 'jsonl' | 'zstd'): Promise<{ bytes: ArrayBuffer; redacted: number; rules: string[] }>;
}

export interface SessionApi extends QueryApi, FileApi {}

/** What is answered while a log is still being read: no index exists yet. */
export type PreviewApi = Pick<QueryApi, 'rowsOf' | 'json' | 'node'>;
