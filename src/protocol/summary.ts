/** What the page is told of a loaded session when it settles (or a followed log grows). Structured-clone safe. */
import type { Overview } from '../core/overview';
import type { OverviewStats } from '../core/overview-stats';
import type { SessionHeader } from '../core/types';
import type { Verdict } from '../io/load-result';

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

/** Reply to `overviewNow`: Summary's overview fields, built after a followed log grew. */
export type OverviewNow = Pick<Summary, 'overview' | 'overviewStats' | 'overviewBuildMs'>;
