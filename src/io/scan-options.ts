/** What a record scanner (./record-scanner) is given: where its records go, and how it reads bytes. */
import type { PackedRow } from '../core/chunk-rows';
import type { SessionEvent } from '../core/types';

/**
 * Receives the plaintext scanned (`noteBytes`: each block once, at its offset, before its records)
 * and each preserved record in order: an event, or a validated packed row, with where its line lies
 * (offsets in the plaintext), so the log can keep offsets instead of objects.
 */
export interface RecordSink {
  noteBytes(offset: number, bytes: Uint8Array): void;
  pushEvent(e: SessionEvent, start: number, end: number): void;
  pushRow(row: PackedRow, start: number, end: number): void;
  /** Index of the record holding seq, among those pushed (one a pushEvent or pushRow), or -1. */
  recordOf(seq: number): number;
}

export interface ScannerOptions {
  /** Physical line of the first record (default 2: the header is line 1). */
  readonly firstLine?: number;
  /** Where preserved records go (default: a plain log, `scanner.log`). */
  readonly sink?: RecordSink;
  /** Plaintext offset of the first byte pushed (default 0): records' line ranges are offsets from the plaintext's start. */
  readonly base?: number;
  /** Dropped records kept for display (default 100,000). */
  readonly keepDropped?: number;
  /** Bytes decoded at a time (tests make it small to cross piece ends often). */
  readonly decodePiece?: number;
  /** Native byte-to-text primitives, where the host has them. */
  readonly byteText?: ByteText;
}

/**
 * Native byte-to-text primitives a host may hand the scanner (Node: `Buffer#latin1Slice` and
 * `buffer.isAscii`). ASCII lines are then parsed from one-byte strings whose offsets are byte
 * offsets, and only lines holding other bytes are decoded as UTF-8.
 */
export interface ByteText {
  /** Bytes [start, end), one UTF-16 unit per byte (ISO-8859-1). */
  latin1(bytes: Uint8Array, start: number, end: number): string;
  /** True when every byte in [start, end) is below 0x80. */
  isAscii(bytes: Uint8Array, start: number, end: number): boolean;
}
