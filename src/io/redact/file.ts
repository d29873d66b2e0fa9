/**
 * Redaction of a whole log file, plain or zstd, written out as plain or zstd. zstd input is read
 * frame by frame and, written as zstd, keeps its framing: the header frame, one frame per input
 * frame, and a torn final frame stays torn (its checksum trailer left off), so DSH judges the copy
 * as it judged the original. Plain text written as zstd gets the header frame, frames of about
 * 1 MiB, and its torn tail in a torn final frame. Input comes whole or as pieces (a file read a
 * piece at a time), output goes out in pieces: neither is ever held whole.
 */
import { SessionError } from '../../core/errors';
import { concatBytes } from '../bytes';
import type { ByteText } from '../record-scanner';
import { sniffFormat } from '../sniff';
import { createFrameDecoder, decodeTornFrame, FrameStream } from '../zstd';
import { createFramer, type FrameCompressor } from '../zstd-encode';
import { LogRedactor } from './log-redactor';
import { TextScanner } from './text-scan';
import type { RedactOptions, RedactReport } from './types';

export type LogEncoding = 'jsonl' | 'zstd';

/** A log read a piece at a time; `pieces` may be called again (a second pass, for kept findings). */
export interface LogSource {
  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** A log: its bytes (`.jsonl` or `.jsonl.zstd`), its text, or a source of its bytes. */
export type LogInput = Uint8Array | string | LogSource;

export interface RedactFileOptions extends RedactOptions {
  /** The output's encoding (default: the input's). */
  readonly encoding?: LogEncoding;
  /** Compresses each zstd frame (default: raw blocks, valid zstd that any decoder reads). */
  readonly compress?: FrameCompressor;
  /** Native byte-to-text primitives, where the host has them (Node). */
  readonly byteText?: ByteText;
}

const TORN = Symbol('torn');
const FRAME_TARGET = 1 << 20;
const PIECE = 4 << 20;
const enc = new TextEncoder();

async function* piecesOf(input: LogInput): AsyncGenerator<Uint8Array> {
  if (typeof input === 'string') { yield enc.encode(input); return; }
  if (input instanceof Uint8Array) { for (let p = 0; p < input.length; p += PIECE) yield input.subarray(p, p + PIECE); return; }
  yield* input.pieces();
}

const damaged = (err: unknown, what: string) =>
  new SessionError('redact-zstd-damage', `${(err instanceof Error ? err.message : String(err)).replace(/\.$/, '')}; ${what}, so it cannot be redacted.`);

/** Feeds a log's plaintext to `r`: zstd frame by frame (tag = frame index, the torn tail `TORN`), plain text in pieces. */
async function feed(input: LogInput, r: LogRedactor, onFormat?: (f: LogEncoding) => Promise<void>): Promise<LogEncoding> {
  const it = piecesOf(input)[Symbol.asyncIterator]();
  let first = await it.next();
  // the format is told by the first 4 bytes
  let head = first.done ? new Uint8Array(0) : first.value;
  while (head.length < 4 && !first.done) { first = await it.next(); if (!first.done) head = concatBytes([head, first.value]); }
  const format = sniffFormat(head);
  if (format === 'zip') throw new SessionError('redact-zip', 'This is an export ZIP: redact the session.jsonl files it holds, one at a time.');
  await onFormat?.(format === 'zstd' ? 'zstd' : 'jsonl');
  const rest = async function* () { if (head.length) yield head; for (let n = await it.next(); !n.done; n = await it.next()) yield n.value; };
  if (format === 'jsonl') {
    for await (const p of rest()) await r.push(p, 0);
    await r.end();
    return 'jsonl';
  }
  const frames = new FrameStream();
  const d = await createFrameDecoder();
  let index = 0;
  for await (const p of rest()) {
    const { bytes, at, frames: done } = frames.push(p);
    for (const f of done) {
      try { d.decode(bytes, f, at); } catch (err) { throw damaged(err, 'its content cannot be read'); }
      await r.push(d.take(), index++);
    }
    if (frames.error) throw damaged(frames.error, 'what follows cannot be read');
  }
  const { tornStart, tail } = frames.finish();
  if (tornStart >= 0) await r.push(decodeTornFrame(tail), TORN);
  await r.end();
  return 'zstd';
}

/**
 * Bytes gathered from lines (their own bytes, or new text encoded). Unchanged lines that lay one
 * after another in the input are taken as one range of it, line feeds included: copying a
 * million small arrays costs more than the few large ones they come from.
 */
class Gather {
  private parts: Uint8Array[] = [];
  size = 0;
  /** The range being extended: its bytes' buffer, start and end (offsets in that buffer). */
  private run: { buf: ArrayBufferLike; start: number; end: number; lf: boolean } | null = null;
  add(line: string | Uint8Array, lf: boolean): void {
    if (typeof line !== 'string') {
      const r = this.run;
      // the previous line ended with its LF right before this one, in the same array
      if (r && r.lf && r.buf === line.buffer && r.end + 1 === line.byteOffset) { r.end = line.byteOffset + line.length; r.lf = lf; this.size += line.length + (lf ? 1 : 0); return; }
      this.close();
      this.run = { buf: line.buffer, start: line.byteOffset, end: line.byteOffset + line.length, lf };
      this.size += line.length + (lf ? 1 : 0);
      return;
    }
    this.close();
    const b = enc.encode(line);
    this.parts.push(b);
    this.size += b.length;
    if (lf) { this.parts.push(LF); this.size++; }
  }
  private close(): void {
    const r = this.run;
    if (!r) return;
    // the run's LFs are in the input; its last line's LF lies right after `end` when it has one
    this.parts.push(new Uint8Array(r.buf as ArrayBuffer, r.start, r.end - r.start + (r.lf ? 1 : 0)));
    this.run = null;
  }
  /** The gathered bytes as a list of arrays. */
  takeParts(): Uint8Array[] {
    this.close();
    const out = this.parts;
    this.parts = []; this.size = 0;
    return out;
  }
  take(): Uint8Array {
    return concatBytes(this.takeParts());
  }
}
const LF = new Uint8Array([10]);

/** Where redacted lines go: plain text in pieces, or zstd frames following the input's tags. */
async function lineWriter(out: LogEncoding, from: LogEncoding, write: (b: Uint8Array) => void, compress?: FrameCompressor) {
  const buf = new Gather();
  if (out === 'jsonl') {
    return {
      line: (line: string | Uint8Array, lf: boolean) => { buf.add(line, lf); if (buf.size >= PIECE) for (const p of buf.takeParts()) write(p); },
      end: () => { for (const p of buf.takeParts()) write(p); },
    };
  }
  const frame = await createFramer(compress ? { compress } : {});
  let cur: unknown;
  let lines = 0;
  let pending = false;
  const flush = (torn: boolean) => {
    if (!pending && !torn) return;
    const f = frame(buf.take());
    write(torn ? f.subarray(0, f.length - 4) : f);
    pending = false;
  };
  return {
    line: (line: string | Uint8Array, lf: boolean, tag: unknown) => {
      lines++;
      // plain input: the header alone, then frames of about FRAME_TARGET; zstd input: its own frames
      const t = !lf && from === 'jsonl' ? TORN : from === 'jsonl' ? (lines === 1 ? 0 : lines === 2 || buf.size >= FRAME_TARGET ? lines : cur) : tag;
      if (lines > 1 && t !== cur) flush(false);
      cur = t;
      buf.add(line, lf);
      pending = true;
    },
    end: () => flush(cur === TORN),
  };
}

/** The redacted copy of a log, written in pieces to `write`; returns the report. */
export async function redactFile(input: LogInput, write: (b: Uint8Array) => void, opts: RedactFileOptions = {}): Promise<RedactReport & { readonly encoding: LogEncoding }> {
  const scanner = new TextScanner(opts);
  let keptValues: Set<string> | undefined;
  if (opts.keep?.length) {
    // a first pass learns the kept findings' values, so that every occurrence is kept alike
    keptValues = new Set();
    await feed(input, new LogRedactor({ scanner, apply: false, keepIds: new Set(opts.keep), learnt: keptValues, byteText: opts.byteText }));
  }
  // the output is set up when the input's encoding is known (from its first bytes)
  let w: Awaited<ReturnType<typeof lineWriter>> | undefined;
  let encoding: LogEncoding = 'jsonl';
  const r = new LogRedactor({ scanner, apply: true, keptValues, byteText: opts.byteText, onLine: (l, lf, tag) => w!.line(l, lf, tag) });
  await feed(input, r, async (from) => {
    encoding = opts.encoding ?? from;
    w = await lineWriter(encoding, from, write, opts.compress);
  });
  w!.end();
  return { ...reportOf(r), encoding };
}

export function reportOf(r: LogRedactor): RedactReport {
  const byRule: Record<string, number> = {};
  let kept = 0;
  for (const f of r.findings) { byRule[f.rule] = (byRule[f.rule] ?? 0) + 1; if (f.kept) kept++; }
  // in file order (streams are judged when they close, after the lines that follow their deltas)
  const findings = [...r.findings].sort((a, b) => a.line - b.line || offsetOf(a) - offsetOf(b));
  return { findings, redacted: r.findings.length - kept, kept, byRule, lines: r.lines, changedLines: r.changedLines };
}

const offsetOf = (f: { id: string }) => Number(f.id.slice(f.id.lastIndexOf(':') + 1));

/** Every finding in a log, masked; nothing is written. */
export async function findSecretsIn(input: LogInput, opts: RedactOptions & { readonly byteText?: ByteText } = {}): Promise<RedactReport> {
  const r = new LogRedactor({ scanner: new TextScanner(opts), apply: false, byteText: opts.byteText });
  await feed(input, r);
  return reportOf(r);
}
