/**
 * `seqscope redact FILE -o OUT [--strings FILE] [--report FILE.json]`: writes the redacted copy of a
 * log, as `.jsonl` or `.jsonl.zstd` by OUT's name (zstd frames compressed with libzstd), through the
 * same engine as the viewer (src/io/redact). Exit 0 when written, 2 on a usage error or a file it
 * cannot read or redact.
 * `seqscope redact FILE --check [--strings FILE] [--json]`: prints the findings, masked, and exits 1
 * when there are any, 0 when there are none (for CI: "no credentials in this log"), 2 as above.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { SessionError } from '../core/errors';
import { findSecrets, parseUserStrings, redactFile, type Finding, type LogEncoding, type LogSource } from '../io/redact/index';
import { frameSpans, rawFrame, type FrameCompressor } from '../io/zstd-encode';
import { nodeByteText } from './byte-text';
import { filePieces } from './file-pieces';
import type { ZstdBatchSource } from '../io/redact/zstd-batches';

export const REDACT_USAGE = 'usage: seqscope redact FILE -o OUT.jsonl|OUT.jsonl.zstd [--strings FILE] [--report FILE.json] | seqscope redact FILE --check [--strings FILE] [--json]';

export interface RedactIo {
  out(line: string): void;
  err(line: string): void;
}

interface Args { file: string; out?: string; check: boolean; json: boolean; strings?: string; report?: string }

class Usage extends Error {}

function parse(argv: readonly string[]): Args {
  let file: string | undefined, out: string | undefined, strings: string | undefined, report: string | undefined;
  let check = false, json = false;
  const value = (flag: string, v: string | undefined) => { if (v === undefined || v.startsWith('--')) throw new Usage(`${flag} needs a file name.`); return v; };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o' || a === '--out') out = value(a, argv[++i]);
    else if (a === '--strings') strings = value(a, argv[++i]);
    else if (a === '--report') report = value(a, argv[++i]);
    else if (a === '--check') check = true;
    else if (a === '--json') json = true;
    else if (a.startsWith('-')) throw new Usage(`unknown option ${a}.`);
    else if (file === undefined) file = a;
    else throw new Usage('redact takes one FILE.');
  }
  if (file === undefined) throw new Usage('redact needs a FILE.');
  if (check === (out !== undefined)) throw new Usage('redact needs either -o OUT or --check.');
  if (out !== undefined && !/\.jsonl(\.zstd)?$/.test(out)) throw new Usage('OUT must end in .jsonl or .jsonl.zstd (its encoding).');
  if (out !== undefined && resolve(out) === resolve(file)) throw new Usage('OUT must not be FILE: the original is never overwritten.');
  if (json && !check) throw new Usage('--json goes with --check (use --report FILE.json with -o).');
  return { file, out, check, json, strings, report };
}

/** One finding as a line: where it is and its masked preview (never the credential). */
export function formatFinding(file: string, f: Finding): string {
  const seq = f.seq !== undefined ? ` seq ${f.seq}` : '';
  const where = f.path ? ` ${f.path}` : f.raw ? ' (raw line)' : '';
  const parts = f.parts && f.parts.length > 1 ? ` (across ${f.parts.length} deltas, seqs ${f.parts.map((p) => p.seq ?? '?').join(', ')})` : '';
  return `${file}:${f.line}${seq}${where}: ${f.rule}${parts}: ${f.preview}`;
}

function countsOf(byRule: Record<string, number>): string {
  return Object.entries(byRule).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([r, n]) => `${r} ${n}`).join(', ');
}

export async function runRedact(argv: readonly string[], io: RedactIo): Promise<number> {
  let a: Args;
  try { a = parse(argv); } catch (err) {
    if (!(err instanceof Usage)) throw err;
    io.err(`seqscope: ${err.message}\n${REDACT_USAGE}`);
    return 2;
  }
  let input: LogSource, extraStrings: (string | RegExp)[] = [];
  try {
    closeSync(openSync(a.file, 'r'));
    input = fileSource(a.file);
    if (a.strings) extraStrings = parseUserStrings(readFileSync(a.strings, 'utf8'));
  } catch (err) {
    io.err(`seqscope: could not read ${err instanceof Error && 'path' in err ? String((err as { path: unknown }).path) : a.file}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  try {
    if (a.check) {
      const findings = await findSecrets(input, { extraStrings, byteText: nodeByteText, zstdBatches: await batchesOf(a.file) });
      const byRule: Record<string, number> = {};
      for (const f of findings) byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
      if (a.json) for (const f of findings) io.out(JSON.stringify({ file: a.file, ...f }));
      else for (const f of findings) io.out(formatFinding(a.file, f));
      (a.json ? io.err : io.out)(findings.length ? `${a.file}: ${findings.length} finding${findings.length === 1 ? '' : 's'} (${countsOf(byRule)}).` : `${a.file}: no credentials found.`);
      return findings.length ? 1 : 0;
    }
    const encoding: LogEncoding = a.out!.endsWith('.zstd') ? 'zstd' : 'jsonl';
    let compress: FrameCompressor | undefined;
    try { compress = encoding === 'zstd' ? await compressor() : undefined; } catch (err) {
      if (!(err instanceof CompressorError)) throw err;
      io.err(`seqscope: ${a.out} not written (${err.code}): zstd compression is unavailable: ${err.message}. Write a .jsonl copy instead, or reinstall Seqscope's dependencies (npm ci).`);
      return 2;
    }
    const zstdBatches = await batchesOf(a.file);
    // written beside OUT and renamed over it when complete: a failed run leaves no partial copy
    const tmp = `${a.out}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    let report;
    try {
      report = await redactFile(input, (b) => { for (let o = 0; o < b.length;) o += writeSync(fd, b, o); }, { extraStrings, encoding, compress, byteText: nodeByteText, zstdBatches });
      closeSync(fd);
      renameSync(tmp, a.out!);
    } catch (err) {
      try { closeSync(fd); } catch { /* already closed */ }
      rmSync(tmp, { force: true });
      throw err;
    }
    if (a.report) {
      const { findings, ...counts } = report;
      writeReport(a.report, { file: a.file, out: a.out, ...counts, findings });
    }
    io.err(`${a.file} → ${a.out}: ${report.redacted} redacted${report.kept ? `, ${report.kept} kept` : ''} in ${report.changedLines} of ${report.lines} lines${report.redacted ? ` (${countsOf(report.byRule)})` : ''}.`);
    return 0;
  } catch (err) {
    if (!(err instanceof SessionError)) throw err;
    io.err(`seqscope: ${a.file}: ${err.message}`);
    return 2;
  }
}

/** The file read 4 MiB at a time, each piece an array of its own (the engine keeps views of it): never held whole. */
function fileSource(file: string): LogSource {
  return { pieces: () => filePieces(file) };
}

/**
 * zstd input decoded in a worker thread that reads `file` itself. Its module is a chunk of its own
 * (a dynamic import), so the thread starts without the redaction engine's rules.
 */
async function batchesOf(file: string): Promise<ZstdBatchSource> {
  return (await import('./redact-thread')).zstdBatchesOfFile(file);
}

function writeReport(file: string, report: unknown): void {
  const fd = openSync(file, 'w', 0o600);
  try { writeSync(fd, JSON.stringify(report, null, 2) + '\n'); } finally { closeSync(fd); }
}

/** libzstd could not start: a `.jsonl.zstd` copy is then not written at all, never written with stored (uncompressed) blocks. */
export class CompressorError extends Error {
  readonly code = 'redact-zstd-compressor';
}

/**
 * The compressor, once it has compressed a probe of compressible text into a compressed block (a
 * stored block would make the copy as large as the plaintext). SEQSCOPE_TEST_COMPRESSOR=stored
 * swaps in a compressor that stores, for the test that this is refused.
 */
export function checkCompresses(compress: FrameCompressor): FrameCompressor {
  const probe = compress(new TextEncoder().encode('{"type":"probe","data":{}}\n'.repeat(64)));
  const frame = frameSpans(probe)[0];
  if (!frame || ((probe[frame.blocksStart] >> 1) & 3) !== 2) throw new CompressorError('libzstd gave stored (uncompressed) blocks for compressible text');
  return compress;
}

/**
 * libzstd (WASM) at its default level, as DSH's writer compresses. When it cannot start, the
 * command fails (exit 2, nothing written) rather than write a `.jsonl.zstd` of stored blocks.
 * The package finds its .wasm through `__dirname`, which the bundled CLI (an ES module) lacks: it is
 * lent for the call, pointing where the package is installed.
 */
async function compressor(): Promise<FrameCompressor> {
  const g = globalThis as { __dirname?: string };
  const lent = g.__dirname === undefined;
  try {
    if (process.env.SEQSCOPE_TEST_COMPRESSOR === 'stored') return checkCompresses((plain) => rawFrame(plain, null));
    if (lent) g.__dirname = dirname(createRequire(import.meta.url).resolve('@bokuweb/zstd-wasm'));
    const { libzstdCompressor } = await import('../synth/libzstd');
    return checkCompresses(await libzstdCompressor());
  } catch (err) {
    if (err instanceof CompressorError) throw err;
    throw new CompressorError(`libzstd could not start (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    if (lent) delete g.__dirname;
  }
}
