/** Messages between the page and the session worker. Everything here is structured-clone safe. */
import type { ShareRequest } from './share-protocol';
import type { AlignedBlocks } from '../core/aligned';
import type { MomentDiff } from '../core/moment-diff';
import type { RequestPayload } from '../core/request-payload';
import type { Verdict } from '../io/load';
import type { SessionHeader } from '../core/types';
import type { HeaderChange, CanonicalHeader } from '../core/request-header';
import type { MomentCounts } from '../core/timeline';
import type { Message } from '../core/types';
import type { Compaction } from '../core/compaction';
import type { StreamedStep } from '../core/streamed';
import type { Overview } from '../core/overview';
import type { OverviewStats } from '../core/overview-stats';
import type { RunsRequest } from './runs-protocol';

/** Row flags (bit set). */
export const FLAG_SYNTH = 1;
export const FLAG_PACKED = 2;
export const FLAG_DIAG = 4;
export const FLAG_REFUSED = 8;
export const FLAG_NOT_ACCEPTED = 16;

export interface Row {
  readonly seq: number;
  readonly time: number;
  readonly type: string;
  readonly turn?: number;
  readonly step?: number;
  readonly summary: string;
  readonly flags: number;
}

export interface DroppedSummary {
  readonly line: number;
  readonly reason: string;
  readonly preview: string;
}

export interface DiagnosticInfo {
  readonly seq: number;
  readonly code: string;
  readonly severity: 'violation' | 'warning';
  readonly message: string;
}

export interface Summary {
  readonly fileName?: string;
  readonly encoding: 'jsonl' | 'zstd';
  readonly byteLength: number;
  readonly verdict: Verdict;
  readonly header?: SessionHeader;
  /** Events in the log, synthesized ones included. */
  readonly length: number;
  readonly storedEventCount: number;
  readonly startTime: number;
  readonly acceptedThrough: number;
  readonly firstLiveSeq: number;
  readonly endSeedAppended: boolean;
  readonly closerSeqs: readonly number[];
  readonly torn?: { readonly bytes: number; readonly line: number; readonly preview: string };
  readonly dropped: readonly DroppedSummary[];
  readonly droppedTotal: number;
  readonly diagnostics: readonly DiagnosticInfo[];
  readonly diagnosticsTotal: number;
  readonly turnSeqs: Int32Array;
  readonly compactionSeqs: Int32Array;
  readonly replacementSeqs: Int32Array;
  readonly headerSeqs: Int32Array;
  /** step/start seqs, ascending. */
  readonly stepSeqs: Int32Array;
  /** The moments model requests were made at (the seq just before each step's first chunk), ascending. */
  readonly requestSeqs: Int32Array;
  readonly families: readonly { readonly family: string; readonly count: number }[];
  /** Events per exact type, sorted by type. */
  readonly types: readonly { readonly type: string; readonly count: number }[];
  /**
   * Worker time from the file's bytes in hand to the loaded session (reading a plain Blob whole is
   * not included; a zstd Blob's slices are read during the load and are).
   */
  readonly loadMs: number;
  /** Runs of two or more consecutive `assistant/chunk` events (inclusive ends), folded in the Log. */
  readonly chunkRunStarts?: Int32Array;
  readonly chunkRunEnds?: Int32Array;
  /**
   * The overview strip's columns (core/overview.ts) and the session's numbers, built as the load
   * settles from what it collected (issue 11), so the strip draws without another round trip.
   */
  readonly overview?: Overview;
  readonly overviewStats?: OverviewStats;
  /** Milliseconds the worker took to build `overview` and `overviewStats` after the load (the browser bench prints it). */
  readonly overviewBuildMs?: number;
  /** What kind of file this came from (issue 4): a log, a DSH snapshot-test fixture, or an export ZIP. */
  readonly container?: 'log' | 'fixture' | 'zip';
  /** For a ZIP: the entry shown (`session.jsonl` or `subagents/<id>/session.jsonl`). */
  readonly entry?: string;
  /** For a ZIP: every session in the archive, with its header links when the first line reads. */
  readonly archive?: ArchiveInfo;
  /** Fixture mode: what it implied or changed to read the file, one sentence each. */
  readonly fixtureNotes?: readonly string[];
  /**
   * Fixture mode: where and why its best-effort fold stopped (the records stopped making sense,
   * e.g. `sourceEventSeqs` citing a later seq); one sentence naming the line and the seq.
   */
  readonly fixtureFailure?: { readonly code: string; readonly message: string; readonly line?: number; readonly seq?: number };
  /** zstd input: complete frames, and bytes of a torn final frame that was dropped (0 if none). */
  readonly zstdFrames?: { readonly complete: number; readonly tornBytes: number };
  /**
   * Followed (loaded to take appends): nothing is synthesized; `pendingClosers` is what a cold load
   * now would add to close the open turn; `ended` once DSH refuses the log, after which appends are ignored.
   */
  readonly live?: { readonly pendingClosers: number; readonly ended: boolean };
}

export interface ArchiveSession {
  readonly entry: string;
  readonly key: string;
  readonly byteLength: number;
  readonly id?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  readonly createdAt?: number;
}

export interface ArchiveInfo {
  readonly sessions: readonly ArchiveSession[];
  readonly mediaCount: number;
  readonly ignored: readonly string[];
}

/** One side of a parent/child comparison: a row summary per event. */
export interface ForkSide {
  readonly length: number;
  readonly rows: readonly Row[];
}

export interface SurfaceCard {
  readonly seq: number;
  readonly type: string;
  readonly message: Message | null;
  /** Nodes this replacement shadowed (empty when it is an append). */
  readonly replaced: readonly number[];
}

export interface TranscriptItem {
  readonly kind: 'message' | 'compaction';
  readonly seq: number;
  readonly message?: Message | null;
  readonly shadowed: boolean;
  readonly summarySeq?: number;
  readonly summaryText?: string;
}

export interface CompareRow {
  readonly seq: number;
  readonly label: 'current' | 'shadowed' | 'replacement' | 'log-only';
  readonly inSurface: boolean;
  readonly inTranscript: boolean;
  readonly text: string;
}

export interface HeaderInForce {
  readonly seq: number;
  readonly prevSeq: number;
  readonly header: CanonicalHeader;
  readonly diff: readonly HeaderChange[];
}

/** Transcript entry flags (Moment.transcriptFlags). */
export const TR_COMPACTION = 1;
export const TR_SHADOWED = 2;
/**
 * A step that streamed but was never committed (no assistant/message took its chunks): its seq is
 * the last chunk streamed by the cursor, and its card's `streamed` says what had streamed by then.
 * Not on the Surface.
 */
export const TR_STREAMED = 4;
/**
 * The views at a cursor, windowed: counts and seq lists only (typed arrays, transferred). The views
 * fetch the cards they render by seq (`cards`), so a scrub costs no event parse.
 */
export interface Moment {
  readonly seq: number;
  readonly counts: MomentCounts;
  /** Surface node seqs, in surface order. */
  readonly surfaceSeqs: Int32Array;
  /** Transcript entries (append messages and compaction markers), ascending, with TR_* flags. */
  readonly transcriptSeqs: Int32Array;
  readonly transcriptFlags: Uint8Array;
  readonly header?: HeaderInForce;
}

/** What a Surface card, Transcript entry or Compare row shows for one seq (independent of the cursor). */
export interface Card {
  readonly seq: number;
  readonly type: string;
  readonly message: Message | null;
  /** Nodes this replacement shadowed (empty when it is an append). */
  readonly replaced: readonly number[];
  /** One-line text of the message (Compare). */
  readonly text: string;
  /** For a compaction checkpoint: its summary, and its compaction as the core defines it (src/core/compaction.ts). */
  readonly compaction?: { readonly summarySeq?: number; readonly summaryText: string; readonly definition?: Compaction };
  /** For a chunk of a step never committed: what that step had streamed by this seq (src/core/streamed.ts). */
  readonly streamed?: StreamedStep;
}

/** A folded run of `assistant/chunk` events in the Log. */
export interface RunInfo {
  readonly start: number;
  readonly end: number;
  /** The run's streamed text, first characters. */
  readonly preview: string;
  readonly kinds: string;
}

/** One batch of a whole-log search: matching seqs ascending, and where to continue (-1: done). */
export interface SearchBatch {
  readonly hits: Int32Array;
  readonly next: number;
  /** Why the query cannot run (a bad regex or filter), one sentence; then there are no hits. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** A record DSH would not read (issue 14): a window of its raw text, and where and why JSON.parse stops. */
export interface BrokenLine {
  readonly line: number;
  readonly reason: string;
  /** Characters in the whole line (the loader keeps at most 1 Mi of the first bad line, 4 Ki of later ones). */
  readonly length: number;
  /** The shown text: the whole line, or a window of it starting at character `start`. */
  readonly text: string;
  readonly start: number;
  /** The parser's message, when the line does not parse as JSON. */
  readonly message?: string;
  /** The character at which the JSON breaks, when the parser says. */
  readonly offset?: number;
}

export interface LineageInfo {
  readonly seq: number;
  readonly sources: readonly number[];
  readonly dependents: readonly number[];
  readonly replaced: readonly number[];
  readonly replacer?: number;
  readonly chain: readonly number[];
  /** For a compaction/summary: the checkpoint that carries it, and the nodes that checkpoint shadowed. */
  readonly carriedBy?: { readonly checkpoint: number; readonly shadowed: readonly number[] };
}

/** One level of a JSON value, for the lazily expanded tree. */
export interface JsonNode {
  readonly kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'missing';
  readonly preview: string;
  readonly children?: readonly { readonly key: string; readonly kind: JsonNode['kind']; readonly preview: string; readonly size: number }[];
  readonly truncated?: number;
}

/** The diff of two moments, with the worker time it took. */
export interface DiffInfo extends MomentDiff {
  readonly ms: number;
}

/**
 * Compare at a cursor: the Surface as aligned blocks (core alignByReplacement) with per-block token
 * figures for each side (tokens; messages counted from usage; messages estimated as characters ÷ 4).
 */
export interface CompareInfo extends AlignedBlocks {
  readonly seq: number;
  /** Per block: the compaction or prune whose replacement its left node is (null for none). */
  readonly compactions: readonly (Compaction | null)[];
  readonly leftTokens: Float64Array;
  readonly leftUsage: Uint8Array;
  readonly rightTokens: Float64Array;
  readonly rightUsage: Int32Array;
  readonly rightChars: Int32Array;
}

export type RequestInfo = RequestPayload | { readonly none: string };

export type Request =
  | { op: 'rows'; from: number; to: number }
  | { op: 'rowsOf'; seqs: number[] }
  /** Seqs whose family is listed, or whose exact type is listed as `type:<type>`. */
  | { op: 'filter'; families: string[] }
  /** Events per type (as text) at or before seq: the Family filter's counts through the cursor. */
  | { op: 'typeCountsThrough'; seq: number }
  | { op: 'node'; seq: number; path: string[] }
  | { op: 'json'; seq: number }
  | { op: 'moment'; seq: number }
  | { op: 'lineage'; seq: number }
  | { op: 'search'; query: string }
  /** Search from seq `from` for about `budgetMs`, at most `cap` hits; replies a SearchBatch. */
  | { op: 'searchFrom'; query: string; from: number; budgetMs?: number; cap?: number }
  /** Cards by seq; replies Card[]. */
  | { op: 'cards'; seqs: number[] }
  /** Folded chunk runs by start seq; replies RunInfo[]. */
  | { op: 'runs'; starts: number[] }
  /** The session's built-in tour (issue 12); replies a Tour. */
  | { op: 'builtinTour' }
  /** The diff of moments A and B; replies DiffInfo. */
  | { op: 'diff'; a: number; b: number }
  /** What the model was sent for the step `seq` lies in; replies RequestInfo. */
  | { op: 'request'; seq: number }
  /** A record DSH would not read, by physical line; replies BrokenLine (the whole text with `full`). */
  | { op: 'brokenLine'; line: number; full?: boolean }
  /** Numbers for seqs [from, to], the whole session when absent; replies OverviewStats. */
  | { op: 'overviewStats'; from?: number; to?: number }
  /** The overview and the session's numbers as the log now stands (a followed log's summary comes without them: OverviewNow). */
  | { op: 'overview' }
  /** Compare aligned by replacement at seq; replies CompareInfo. */
  | { op: 'compare'; seq: number }
  /** Benchmark baseline: split lines and JSON.parse the bytes only (zstd decoded first); replies { ms, events }. */
  | { op: 'benchParseOnly'; bytes: ArrayBuffer }
  /** The log through `cursor` as a fork DSH can resume, credentials redacted with `redact`; replies `{ name, bytes: ArrayBuffer, redacted? }`. */
  | { op: 'forkExport'; cursor: number; zstd: boolean; now?: number; redact?: boolean }
  /** The session's trace, OTLP/JSON or Perfetto JSON (src/io/trace); replies `{ name, bytes: ArrayBuffer }`. */
  | { op: 'traceExport'; format: 'otlp' | 'perfetto' }
  /** A ZIP's images; replies `{ id, mediaType, bytes: ArrayBuffer }[]`. */
  | { op: 'media' }
  /** Rows of this session and another (an archive entry or bytes) from seq `from`; replies `{ self, other }`. */
  | { op: 'compareWith'; entry?: string; bytes?: ArrayBuffer; from: number; limit: number }
  | RunsRequest
  | ShareRequest;

export type ToWorker =
  /** A Blob (a picked file, a kept session) is read in the worker, so the page never holds its bytes. */
  | { kind: 'load'; bytes: ArrayBuffer | Blob; fileName?: string; entry?: string; follow?: boolean }
  /** Follow: the bytes appended to the file since the last load or append (transferred). */
  | { kind: 'append'; bytes: ArrayBuffer }
  /**
   * Reply to `zstd-wanted`: a port to the page's spare decoding worker, lent for this load (absent
   * when none is ready: the worker starts one of its own); `zstd-failed`: the lent worker failed.
   */
  | { kind: 'zstd-lent'; port?: MessagePort }
  | { kind: 'zstd-failed'; message: string }
  | { kind: 'rpc'; id: number; req: Request };

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
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; message: string };

/** Reply to `overview`: Summary's overview fields, built after a followed log grew. */
export type OverviewNow = Pick<Summary, 'overview' | 'overviewStats' | 'overviewBuildMs'>;
