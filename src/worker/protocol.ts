/** Messages between the page and the session worker. Everything here is structured-clone safe. */
import type { Verdict } from '../io/load';
import type { SessionHeader } from '../core/types';
import type { HeaderChange, CanonicalHeader } from '../core/request-header';
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
  readonly families: readonly { readonly family: string; readonly count: number }[];
  readonly loadMs: number;
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

export interface Moment {
  readonly seq: number;
  readonly counts: MomentCounts;
  readonly surface: readonly SurfaceCard[];
  readonly transcript: readonly TranscriptItem[];
  readonly compare: readonly CompareRow[];
  readonly header?: HeaderInForce;
}

export interface LineageInfo {
  readonly seq: number;
  readonly sources: readonly number[];
  readonly dependents: readonly number[];
  readonly replaced: readonly number[];
  readonly replacer?: number;
  readonly chain: readonly number[];
}

/** One level of a JSON value, for the lazily expanded tree. */
export interface JsonNode {
  readonly kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'missing';
  readonly preview: string;
  readonly children?: readonly { readonly key: string; readonly kind: JsonNode['kind']; readonly preview: string; readonly size: number }[];
  readonly truncated?: number;
}

export type Request =
  | { op: 'rows'; from: number; to: number }
  | { op: 'rowsOf'; seqs: number[] }
  | { op: 'filter'; families: string[] }
  | { op: 'node'; seq: number; path: string[] }
  | { op: 'json'; seq: number }
  | { op: 'moment'; seq: number }
  | { op: 'lineage'; seq: number }
  | { op: 'search'; query: string };

export type ToWorker =
  | { kind: 'load'; bytes: ArrayBuffer; fileName?: string }
  | { kind: 'rpc'; id: number; req: Request };

export type FromWorker =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'loaded'; summary: Summary }
  | { kind: 'failed'; message: string }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; message: string };
