/**
 * What the session worker answers the views with (SessionApi's reply types): rows, moments, cards,
 * lineage, search batches, diffs and comparisons. Structured-clone safe; typed arrays are transferred.
 */
import type { AlignedBlocks } from '../core/aligned';
import type { Compaction } from '../core/compaction';
import type { MomentDiff } from '../core/moment-diff';
import type { CanonicalHeader, HeaderChange } from '../core/request-header';
import type { RequestPayload } from '../core/request-payload';
import type { StreamedStep } from '../core/streamed';
import type { MomentCounts } from '../core/timeline';
import type { Message } from '../core/types';

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

/** One side of a parent/child comparison: a row summary per event. */
export interface ForkSide {
  readonly length: number;
  readonly rows: readonly Row[];
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
  /**
   * Seq of the request header in force (-1: none before the cursor). Its content is fetched by
   * seq (SessionApi.headers), as cards are: reading it is a read of the file (a page of a plain
   * log, a frame of a zstd one), which a moment must not wait for on every cursor move.
   */
  readonly headerSeq: number;
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
