/**
 * Redaction of a whole log file, plain or zstd, written out as plain or zstd (./writers: zstd input
 * keeps its frames, those without a change byte for byte). zstd input is decoded in batches of
 * frames (./zstd-batches, here or in a thread of its own). Input comes whole or as pieces (a file
 * read a piece at a time), output goes out in pieces: neither is ever held whole.
 */
import { SessionError } from '../../core/errors';
import { concatBytes } from '../bytes';
import type { ByteText } from '../record-scanner';
import { sniffFormat } from '../sniff';
import type { FrameCompressor } from '../zstd-encode';
import { LogRedactor } from './log-redactor';
import { TextScanner } from './text-scan';
import type { RedactOptions, RedactReport } from './types';
import { lineWriter, type LineSink, type LogEncoding } from './writers';
import { damageError, zstdBatchesHere, type ZstdBatchSource } from './zstd-batches';

export type { LogEncoding } from './writers';

/** A log read a piece at a time; `pieces` may be called again (a second pass, for kept findings). */
export interface LogSource {
  pieces(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** A log: its bytes (`.jsonl` or `.jsonl.zstd`), its text, or a source of its bytes. */
export type LogInput = Uint8Array | string | LogSource;

export interface RedactFileOptions extends RedactOptions {
  /** The output's encoding (default: the input's). */
  readonly encoding?: LogEncoding;
  /** Compresses each zstd frame written anew (default: raw blocks, valid zstd that any decoder reads). */
  readonly compress?: FrameCompressor;
  /** Native byte-to-text primitives, where the host has them (Node). */
  readonly byteText?: ByteText;
  /** Where zstd input is decoded (default: in this thread). */
  readonly zstdBatches?: ZstdBatchSource;
}

const PIECE = 4 << 20;
const enc = new TextEncoder();

async function* piecesOf(input: LogInput): AsyncGenerator<Uint8Array> {
  if (typeof input === 'string') { yield enc.encode(input); return; }
  if (input instanceof Uint8Array) { for (let p = 0; p < input.length; p += PIECE) yield input.subarray(p, p + PIECE); return; }
  yield* input.pieces();
}

/** What `feed` tells about the input besides its plaintext: its encoding, then (zstd) its frames. */
interface FeedHooks extends Partial<Pick<LineSink, 'frames' | 'torn'>> {
  format?(f: LogEncoding): Promise<void>;
}

/** Feeds a log's plaintext to `r`: zstd a batch of frames at a time (the frames told to `hooks` first), plain text in pieces. */
async function feed(input: LogInput, r: LogRedactor, batches: ZstdBatchSource, hooks: FeedHooks = {}): Promise<LogEncoding> {
  const it = piecesOf(input)[Symbol.asyncIterator]();
  let first = await it.next();
  // the format is told by the first 4 bytes
  let head = first.done ? new Uint8Array(0) : first.value;
  while (head.length < 4 && !first.done) { first = await it.next(); if (!first.done) head = concatBytes([head, first.value]); }
  const format = sniffFormat(head);
  if (format === 'zip') { await it.return(undefined); throw new SessionError('redact-zip', 'This is an export ZIP: redact the session.jsonl files it holds, one at a time.'); }
  await hooks.format?.(format === 'zstd' ? 'zstd' : 'jsonl');
  const rest = async function* () { if (head.length) yield head; for (let n = await it.next(); !n.done; n = await it.next()) yield n.value; };
  if (format !== 'zstd') {
    for await (const p of rest()) await r.push(p);
    await r.end();
    return 'jsonl';
  }
  try {
    for await (const item of batches(rest)) {
      if (item.kind === 'damage') throw damageError(item.message);
      if (item.kind === 'end') {
        if (item.torn) { hooks.torn?.(); await r.push(item.tail); }
        break;
      }
      hooks.frames?.(item.packed, item.packedEnds, item.plainEnds);
      await r.push(item.plain);
    }
  } finally {
    // a source that reads the input itself leaves these pieces unread
    await it.return(undefined);
  }
  await r.end();
  return 'zstd';
}

/** The redacted copy of a log, written in pieces to `write`; returns the report. */
export async function redactFile(input: LogInput, write: (b: Uint8Array) => void, opts: RedactFileOptions = {}): Promise<RedactReport & { readonly encoding: LogEncoding }> {
  const scanner = new TextScanner(opts);
  const batches = opts.zstdBatches ?? zstdBatchesHere;
  let keptValues: Set<string> | undefined;
  if (opts.keep?.length) {
    // a first pass learns the kept findings' values, so that every occurrence is kept alike
    keptValues = new Set();
    await feed(input, new LogRedactor({ scanner, apply: false, keepIds: new Set(opts.keep), learnt: keptValues, byteText: opts.byteText }), batches);
  }
  // the output is set up when the input's encoding is known (from its first bytes)
  let w: LineSink | undefined;
  let encoding: LogEncoding = 'jsonl';
  const r = new LogRedactor({ scanner, apply: true, keptValues, byteText: opts.byteText, onLine: (l, lf, read) => w!.line(l, lf, read) });
  await feed(input, r, batches, {
    format: async (from) => { encoding = opts.encoding ?? from; w = await lineWriter(encoding, from, write, opts.compress); },
    frames: (packed, packedEnds, plainEnds) => w!.frames?.(packed, packedEnds, plainEnds),
    torn: () => w!.torn?.(),
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
export async function findSecretsIn(input: LogInput, opts: RedactOptions & Pick<RedactFileOptions, 'byteText' | 'zstdBatches'> = {}): Promise<RedactReport> {
  const r = new LogRedactor({ scanner: new TextScanner(opts), apply: false, byteText: opts.byteText });
  await feed(input, r, opts.zstdBatches ?? zstdBatchesHere);
  return reportOf(r);
}
