import { isRowTag } from '../core/catalog';
import { PackedRow, decodeStorageRecord } from '../core/chunk-rows';
import { EventLog } from '../core/event-log';
import { SessionError } from '../core/errors';
import { hasNonJsonNumber } from '../core/json';
import { cannotBeJson } from './json-shape';
import { PieceHints, mayHoldNonJsonNumber } from './number-hints';
import { cappedDropped, committedDamageError, isTurnEnd, type DroppedRecord, type FirstBad } from './record-damage';
import type { SessionEvent } from '../core/types';
import type { ByteText, RecordSink, ScannerOptions } from './scan-options';

export type { DroppedRecord } from './record-damage';
export type { ByteText, RecordSink, ScannerOptions } from './scan-options';

const LF = 10;
/**
 * Plaintext is decoded about this many bytes at a time, whatever the block pushed: each decoded
 * string dies before the next is made, so a load holds less dead text at once (the lines are
 * parsed from it and only byte ranges are kept). At 64 KB a piece (128 KB as UTF-16) is still an
 * ordinary young object, not a large-object-space string that only a full collection frees.
 */
const DECODE_PIECE = 1 << 16;

/** Non-ASCII bytes are located to blocks of this size, then to lines. */
const ASCII_BLOCK = 4096;

/**
 * DSH's record rule (persistence.md §3.5), fed with plaintext bytes after the header: records are
 * preserved while contiguous; at the first bad record preservation stops, and any later decodable
 * record holding a `turn/end` makes the damage committed (a refusal). A trailing fragment without
 * LF is never parsed.
 */
export class RecordScanner {
  /** Where preserved records go: a restore stream while loading, else a plain log. */
  private readonly sink: RecordSink;
  /** The plain log when no sink was given. */
  readonly log: EventLog;
  /** Number of preserved events (seqs) so far. */
  get preservedCount(): number {
    return this.expected;
  }
  readonly dropped: DroppedRecord[] = [];
  firstBad?: FirstBad;
  /** Physical line of the committed `turn/end` that makes the damage fatal. */
  committedTurnEndLine?: number;
  /** Seqs whose values hold -0 or a non-finite number (decisions §3.5). */
  readonly nonJsonNumberSeqs: number[] = [];
  private expected = 0;
  private line: number;
  private bytesSeen = 0;
  private carry: Uint8Array | null = null;
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  private readonly firstLine: number;
  private readonly base: number;
  private readonly keepDropped: number;
  private readonly decodePiece: number;
  private readonly byteText?: ByteText;

  constructor(o: ScannerOptions = {}) {
    this.log = new EventLog();
    this.sink = o.sink ?? {
      noteBytes: (offset, b) => this.log.noteBytes(offset, b),
      pushEvent: (e, start, end) => this.log.pushRef(e, start, end),
      pushRow: (r, start, end) => this.log.pushRow(r, start, end),
      recordOf: (seq) => this.log.recordOf(seq),
    };
    this.line = this.firstLine = o.firstLine ?? 2;
    this.base = o.base ?? 0;
    this.keepDropped = o.keepDropped ?? 100_000;
    this.decodePiece = o.decodePiece ?? DECODE_PIECE;
    this.byteText = o.byteText;
  }

  /** Plaintext bytes consumed into complete records so far. */
  get committedBytes(): number {
    return this.bytesSeen;
  }

  /** Bytes of a trailing fragment without LF (after `finish`). */
  get fragmentBytes(): number {
    return this.carry ? this.carry.length : 0;
  }

  get fragment(): Uint8Array | null {
    return this.carry;
  }

  /** The seq the next preserved record must start with. */
  get nextSeq(): number {
    return this.expected;
  }

  /** The physical line the next record would have. */
  get nextLine(): number {
    return this.line;
  }

  /** Plaintext bytes of preserved records (up to the first bad record). */
  get preservedBytes(): number {
    return this.firstBad ? this.firstBad.byteOffset : this.bytesSeen;
  }

  /** The start of the discarded text (first bad record, else the fragment), for display. */
  tornPreview(max = 200): string {
    if (this.firstBad) return this.dropped[0]?.text.slice(0, max) ?? '';
    return this.carry ? this.decoder.decode(this.carry.subarray(0, max)) : '';
  }

  /**
   * Physical line of the preserved record that holds seq, or undefined: preserved records are
   * consecutive lines, each one record of the sink, so the k-th is line firstLine + k.
   */
  lineOfSeq(seq: number): number | undefined {
    if (!(seq >= 0 && seq < this.expected)) return undefined;
    const k = this.sink.recordOf(seq);
    return k < 0 ? undefined : this.firstLine + k;
  }

  /**
   * Feeds plaintext; any bytes after the last LF are carried to the next push. A carried line is
   * completed on its own (joined with the bytes through the push's first LF), not by copying the
   * whole push after it: in a Chromium worker each copy of a 4 MiB block into a fresh array cost
   * ~16 ms (0.4 s of a 1.3 M-event load).
   */
  push(bytes: Uint8Array): void {
    let buf = bytes;
    if (this.carry) {
      const lf = bytes.indexOf(LF);
      const joined = new Uint8Array(this.carry.length + (lf < 0 ? bytes.length : lf + 1));
      joined.set(this.carry);
      joined.set(lf < 0 ? bytes : bytes.subarray(0, lf + 1), this.carry.length);
      this.carry = null;
      if (lf < 0) { this.carry = joined; return; }
      this.scanBlock(joined, joined.length - 1);
      buf = bytes.subarray(lf + 1);
    }
    const last = buf.lastIndexOf(LF);
    if (last < 0) { this.carry = buf.length ? buf.slice() : null; return; }
    this.scanBlock(buf, last);
    if (last + 1 < buf.length) this.carry = buf.slice(last + 1);
  }

  /** Scans the complete lines of `bytes` (through its last LF, `lastLf`), decoding a piece at a time. */
  private scanBlock(bytes: Uint8Array, lastLf: number): void {
    // the block's lines are where the block lies in the plaintext: offsets from there on
    const at = this.base + this.bytesSeen;
    this.sink.noteBytes(at, bytes.subarray(0, lastLf + 1));
    let lineIndex = 0;
    for (let p = 0; p <= lastLf;) {
      // pieces end at an LF: no UTF-8 sequence is cut, and lines stay whole
      const q = p + this.decodePiece < lastLf ? bytes.indexOf(LF, p + this.decodePiece) : lastLf;
      lineIndex = this.byteText
        ? this.scanBytePiece(this.byteText, bytes, p, q, at, lineIndex)
        : this.scanPiece(this.decoder.decode(bytes.subarray(p, q)), bytes, p, q, at, lineIndex);
      p = q + 1;
    }
    this.bytesSeen += lastLf + 1;
    // RegExp's legacy statics hold the last matched subject (a slice of this block): let it go
    RESET_LAST_MATCH.test('');
  }

  /** The lines of `text`, decoded from bytes [from, pieceLf) of a block at plaintext offset `at`; returns the next line index in the block. */
  private scanPiece(text: string, bytes: Uint8Array, from: number, pieceLf: number, at: number, lineIndex: number): number {
    let pos = 0;
    let bytePos = from;
    const end = text.length;
    while (pos <= end) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0) nl = end;
      // A line never has fewer UTF-8 bytes than UTF-16 units (nor holds an LF byte), so its end in
      // bytes is at or past the guess below, and an LF exactly there proves the guess: an ASCII
      // line (nearly every line) costs one byte read instead of a search.
      let byteEnd = bytePos + (nl - pos);
      if (bytes[byteEnd] !== LF) {
        byteEnd = bytes.indexOf(LF, bytePos);
        if (byteEnd < 0 || byteEnd > pieceLf) byteEnd = pieceLf;
      }
      this.record(text.slice(pos, nl), bytes, lineIndex, at, bytePos, byteEnd);
      lineIndex++;
      pos = nl + 1;
      bytePos = byteEnd + 1;
    }
    return lineIndex;
  }

  /**
   * `scanPiece` over a one-byte-per-byte decoding of bytes [from, to): offsets are byte offsets,
   * and a line holding a non-ASCII byte is decoded again as UTF-8. The number hints are searched
   * once per piece, so a line is checked only when a hint falls inside it.
   */
  private scanBytePiece(bt: ByteText, bytes: Uint8Array, from: number, to: number, at: number, lineIndex: number): number {
    const text = bt.latin1(bytes, from, to);
    const end = text.length;
    const hints = new PieceHints(text);
    // blocks of the piece that hold a non-ASCII byte (none when the piece is ASCII)
    let wide: Uint8Array | undefined;
    if (!bt.isAscii(bytes, from, to)) {
      wide = new Uint8Array(Math.ceil(end / ASCII_BLOCK));
      for (let b = 0; b < wide.length; b++) wide[b] = bt.isAscii(bytes, from + b * ASCII_BLOCK, Math.min(to, from + (b + 1) * ASCII_BLOCK)) ? 0 : 1;
    }
    let pos = 0;
    while (pos <= end) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0) nl = end;
      const line = wide && touchesWide(wide, pos, nl) && !bt.isAscii(bytes, from + pos, from + nl)
        ? this.decoder.decode(bytes.subarray(from + pos, from + nl))
        : text.slice(pos, nl);
      this.record(line, bytes, lineIndex, at, from + pos, from + nl, hints.within(pos, nl));
      lineIndex++;
      pos = nl + 1;
    }
    return lineIndex;
  }

  /** One line: bytes [start, end) of the block `bytes`, which lies at plaintext offset `at`. */
  private record(line: string, bytes: Uint8Array, lineIndex: number, at: number, start: number, end: number, mayHoldNumberHint?: boolean): void {
    const lineNo = this.line++;
    let v: unknown;
    let parsed = true;
    if (cannotBeJson(line)) parsed = false;
    else try { v = JSON.parse(line); } catch { parsed = false; }
    if (this.firstBad) { this.afterDamage(line, lineNo, parsed, v); return; }
    if (!parsed) { this.bad(line, lineNo, 'unparsable', undefined, bytes, lineIndex); return; }
    if (v === null) {
      throw new SessionError('null-record', `Line ${lineNo} is the JSON literal null, not an event record.`, { line: lineNo, seq: this.expected });
    }
    if (typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (isRowTag(o.type)) {
        let row: PackedRow;
        try { row = decodeStorageRecord(o, bytes, start, end) as PackedRow; } catch { this.bad(line, lineNo, 'unparsable', v, bytes, lineIndex); return; }
        if (row.seq0 !== this.expected) { this.bad(line, lineNo, 'seq-gap', v, bytes, lineIndex, row.seq0); return; }
        this.sink.pushRow(row, at + start, at + end);
        this.expected += row.length;
        return;
      }
      if (o.seq !== this.expected) { this.bad(line, lineNo, 'seq-gap', v, bytes, lineIndex, o.seq); return; }
      if ((mayHoldNumberHint ?? mayHoldNonJsonNumber(line)) && hasNonJsonNumber(v)) this.nonJsonNumberSeqs.push(this.expected);
      this.sink.pushEvent(v as unknown as SessionEvent, at + start, at + end);
      this.expected++;
      return;
    }
    this.bad(line, lineNo, 'seq-gap', v, bytes, lineIndex, undefined);
  }

  private bad(line: string, lineNo: number, kind: 'unparsable' | 'seq-gap', v: unknown, bytes: Uint8Array, lineIndex: number, got?: unknown): void {
    // byte offset of this line: the lineIndex-th LF in this buffer, plus what came before
    let off = 0;
    for (let i = 0; i < lineIndex; i++) off = bytes.indexOf(LF, off) + 1;
    this.firstBad = { line: lineNo, kind, expected: this.expected, got, byteOffset: this.bytesSeen + off };
    this.keep({ line: lineNo, reason: kind, text: line, ...(kind === 'seq-gap' ? { value: v } : {}) });
    if (kind === 'seq-gap' && isTurnEnd(v)) this.committedTurnEndLine ??= lineNo;
  }

  private afterDamage(line: string, lineNo: number, parsed: boolean, v: unknown): void {
    this.keep({ line: lineNo, reason: 'after-damage', text: line, ...(parsed ? { value: v } : {}) });
    if (parsed && isTurnEnd(v)) this.committedTurnEndLine ??= lineNo;
  }

  private keep(d: DroppedRecord): void {
    if (this.dropped.length < this.keepDropped) this.dropped.push(cappedDropped(d));
  }

  /** Ends the input; the carry, if any, is the torn fragment. */
  finish(): void {
    if (this.carry && this.carry.length === 0) this.carry = null;
  }


  /** The committed-damage refusal, if the scan found one. */
  committedError(): SessionError | undefined {
    const b = this.firstBad;
    return b && this.committedTurnEndLine !== undefined ? committedDamageError(b, this.committedTurnEndLine) : undefined;
  }
}

/** Matches the empty string, so that the last match kept by RegExp is no longer a line of the last block. */
const RESET_LAST_MATCH = /^/;

/** True when a block flagged in `wide` overlaps [from, to). */
function touchesWide(wide: Uint8Array, from: number, to: number): boolean {
  for (let b = Math.floor(from / ASCII_BLOCK), last = Math.floor(Math.max(from, to - 1) / ASCII_BLOCK); b <= last; b++) if (wide[b]) return true;
  return false;
}
