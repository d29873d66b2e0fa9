/**
 * Redaction of a whole log file, plain or zstd, written out as plain or zstd. zstd input is read
 * frame by frame and, written as zstd, keeps its framing: the header frame, one frame per input
 * frame, and a torn final frame stays torn (its checksum trailer left off), so DSH judges the copy
 * as it judged the original. Plain text written as zstd gets the header frame, frames of about
 * 1 MiB, and its torn tail in a torn final frame.
 */
import { SessionError } from '../../core/errors';
import { sniffFormat } from '../sniff';
import { createFrameDecoder, decodeTornFrame, scanZstdFrames } from '../zstd';
import { createFramer, type FrameCompressor } from '../zstd-encode';
import { LogRedactor, type RedactorSettings } from './log-redactor';
import { TextScanner } from './text-scan';
import type { RedactOptions, RedactReport } from './types';

export type LogEncoding = 'jsonl' | 'zstd';

export interface RedactFileOptions extends RedactOptions {
  /** The output's encoding (default: the input's). */
  readonly encoding?: LogEncoding;
  /** Compresses each zstd frame (default: raw blocks, valid zstd that any decoder reads). */
  readonly compress?: FrameCompressor;
}

const TORN = Symbol('torn');
const FRAME_TARGET = 1 << 20;
const TEXT_CHUNK = 1 << 20;
const enc = new TextEncoder();

/** Feeds a log's plaintext to `r`: zstd frame by frame (tag = frame index, the torn tail `TORN`), plain text in pieces. */
async function feed(input: Uint8Array | string, r: LogRedactor): Promise<LogEncoding> {
  if (typeof input === 'string') {
    for (let p = 0; p < input.length; p += TEXT_CHUNK) await r.pushText(input.slice(p, p + TEXT_CHUNK), 0);
    await r.end();
    return 'jsonl';
  }
  const format = sniffFormat(input);
  if (format === 'zip') throw new SessionError('redact-zip', 'This is an export ZIP: redact the session.jsonl files it holds, one at a time.');
  if (format === 'jsonl') {
    for (let p = 0; p < input.length; p += TEXT_CHUNK) await r.push(input.subarray(p, p + TEXT_CHUNK), 0);
    await r.end();
    return 'jsonl';
  }
  const scan = scanZstdFrames(input);
  if (scan.error) throw new SessionError('redact-zstd-damage', `${scan.error.message.replace(/\.$/, '')}; what follows cannot be read, so it cannot be redacted.`);
  const d = await createFrameDecoder();
  for (let i = 0; i < scan.frames.length; i++) {
    try { d.decode(input, scan.frames[i]); } catch (err) {
      throw new SessionError('redact-zstd-damage', `${err instanceof Error ? err.message.replace(/\.$/, '') : String(err)}; its content cannot be read, so it cannot be redacted.`);
    }
    await r.push(d.take(), i);
  }
  if (scan.tornStart >= 0) await r.push(decodeTornFrame(input.subarray(scan.tornStart)), TORN);
  await r.end();
  return 'zstd';
}

/** Where redacted lines go: plain text in pieces, or zstd frames following the input's tags. */
async function lineWriter(out: LogEncoding, from: LogEncoding, write: (b: Uint8Array) => void, compress?: FrameCompressor) {
  if (out === 'jsonl') {
    let buf = '';
    return {
      line: (text: string, lf: boolean) => { buf += lf ? text + '\n' : text; if (buf.length >= TEXT_CHUNK) { write(enc.encode(buf)); buf = ''; } },
      end: () => { if (buf) write(enc.encode(buf)); },
    };
  }
  const frame = await createFramer(compress ? { compress } : {});
  let buf = '';
  let cur: unknown;
  let lines = 0;
  const flush = (torn: boolean) => {
    if (!buf && !torn) return;
    const f = frame(buf);
    write(torn ? f.subarray(0, f.length - 4) : f);
    buf = '';
  };
  return {
    line: (text: string, lf: boolean, tag: unknown) => {
      lines++;
      // plain input: the header alone, then frames of about FRAME_TARGET; zstd input: its own frames
      const t = !lf && from === 'jsonl' ? TORN : from === 'jsonl' ? (lines === 1 ? 0 : lines === 2 || buf.length >= FRAME_TARGET ? lines : cur) : tag;
      if (lines > 1 && t !== cur) flush(false);
      cur = t;
      buf += lf ? text + '\n' : text;
    },
    end: () => flush(cur === TORN),
  };
}

/** The redacted copy of a log, written in pieces to `write`; returns the report. */
export async function redactFile(input: Uint8Array | string, write: (b: Uint8Array) => void, opts: RedactFileOptions = {}): Promise<RedactReport & { readonly encoding: LogEncoding }> {
  const scanner = new TextScanner(opts);
  let keptValues: Set<string> | undefined;
  if (opts.keep?.length) {
    // a first pass learns the kept findings' values, so that every occurrence is kept alike
    keptValues = new Set();
    await feed(input, new LogRedactor({ scanner, apply: false, keepIds: new Set(opts.keep), learnt: keptValues }));
  }
  const from = typeof input === 'string' ? 'jsonl' : sniffFormat(input) === 'zstd' ? 'zstd' : 'jsonl';
  const out = opts.encoding ?? from;
  const w = await lineWriter(out, from, write, opts.compress);
  const settings: RedactorSettings = { scanner, apply: true, keptValues, onLine: w.line };
  const r = new LogRedactor(settings);
  await feed(input, r);
  w.end();
  return { ...reportOf(r), encoding: out };
}

export function reportOf(r: LogRedactor): RedactReport {
  const byRule: Record<string, number> = {};
  let kept = 0;
  for (const f of r.findings) { byRule[f.rule] = (byRule[f.rule] ?? 0) + 1; if (f.kept) kept++; }
  // in file order (streams are judged when they close, after the lines that follow their deltas)
  const findings = [...r.findings].sort((a, b) => a.line - b.line || offsetOf(a) - offsetOf(b));
  return { findings, redacted: r.findings.length - kept, kept, byRule, lines: r.lines, changedLines: r.changedLines };
}

/** Every finding in a log (plain or zstd bytes, or text), masked; nothing is written. */
export async function findSecretsIn(input: Uint8Array | string, opts: RedactOptions = {}): Promise<RedactReport> {
  const r = new LogRedactor({ scanner: new TextScanner(opts), apply: false });
  await feed(input, r);
  return reportOf(r);
}

const offsetOf = (f: { id: string }) => Number(f.id.slice(f.id.lastIndexOf(':') + 1));
