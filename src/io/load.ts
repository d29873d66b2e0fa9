/** Bytes → verdict and model: the loader's entry (plain logs: ./load-jsonl; zstd: ./load-zstd). */
import { SessionError } from '../core/errors';
import { buildResult, finishRefusedScan, refusal, scanResult, type LoadResult } from './load-result';
import { LoadCancelled, Reading, type LoadLimits, type LoadOptions } from './load-reading';
import { damagedZstdStart } from './damaged-start';
import { MAX_LOG_PLAINTEXT, formatLimit } from './limits';
import { formatBytes } from '../core/text';
import { scanJsonl, scanJsonlBlob } from './load-jsonl';
import { scanZstd } from './load-zstd';
import { nameForeignFormat, sniffFormat } from './sniff';

export type { Encoding, LoadResult, TornTail, Verdict } from './load-result';
export { LoadCancelled, type LoadLimits, type LoadObserver, type LoadOptions } from './load-reading';

/** Bytes a plain Blob's first line is looked at in, to tell a damaged zstd log from text before reading it lazily. */
const HEAD_BYTES = 64 << 10;

/**
 * Bytes → verdict and model, as DSH's cold load does it (persistence.md §1–4). A Blob is read here:
 * a slice at a time when it is zstd, or plain and the host can read it again (`syncReader`: the log
 * reads its lines from the file), else whole.
 */
export async function loadBytes(input: Uint8Array | Blob, opts: LoadOptions & LoadLimits = {}): Promise<LoadResult> {
  // arriving input: its encoding is known from its first bytes
  if (opts.arrived) await opts.arrived(4);
  const head = input instanceof Uint8Array ? input.subarray(0, 4) : new Uint8Array(await input.slice(0, 4).arrayBuffer());
  const encoding = sniffFormat(head) === 'zstd' ? 'zstd' : 'jsonl';
  const byteLength = input instanceof Uint8Array ? input.length : input.size;
  if (encoding === 'jsonl' && opts.arrived) await opts.arrived(byteLength);
  const tooLarge = encoding === 'jsonl' ? plainTooLarge(byteLength, opts.maxPlaintext ?? MAX_LOG_PLAINTEXT) : undefined;
  if (tooLarge) return scanResult({ fileName: opts.fileName, encoding, byteLength }, refusal(tooLarge, () => undefined));
  // plain input is read whole unless it can be read again (a damaged zstd log's binary first line, whole too):
  // a zstd log damaged at its start is refused as one, before any line is read
  const lazy = encoding === 'jsonl' && input instanceof Blob && opts.syncReader && !opts.live && !(await binaryFirstLine(input)) ? input : undefined;
  const plain = encoding === 'jsonl' && !lazy ? (input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer())) : undefined;
  const damaged = plain && damagedZstdStart(plain, opts.fileName);
  if (damaged) return scanResult({ fileName: opts.fileName, encoding: 'zstd', byteLength }, refusal(damaged, () => undefined));
  const reading = new Reading({ fileName: opts.fileName, encoding, byteLength }, opts);
  try {
    const live = lazy ? await scanJsonlBlob(reading, lazy, opts.syncReader!(lazy)) : plain ? await scanJsonl(reading, plain) : await scanZstd(reading, input);
    if (live) return live;
    const committed = reading.scan.scanner.committedError();
    if (committed) throw committed;
  } catch (err) {
    if (err instanceof LoadCancelled) throw err;
    if (!(err instanceof SessionError)) throw err;
    const scanner = reading.started?.scanner;
    const r = scanResult(reading.base, refusal(err, (s) => scanner?.lineOfSeq(s)), reading.started?.header, scanner);
    return reading.started ? finishRefusedScan(r, reading.started.stream, opts) : r;
  }
  const { header, scanner, stream } = reading.scan;
  return buildResult({ ...reading.base, headerLen: reading.headerLen }, header, scanner, stream.finish({ now: opts.now }), { frames: reading.frames });
}

/** Whether a Blob's first line is binary data (a damaged zstd log may be: see ./damaged-start, which reads it whole). */
async function binaryFirstLine(blob: Blob): Promise<boolean> {
  return nameForeignFormat(new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer())) === 'binary data';
}

/** A plain file past the plaintext limit: refused before any line is read (line 1). */
function plainTooLarge(size: number, max: number): SessionError | undefined {
  if (size <= max) return undefined;
  return new SessionError('too-large', `The file is ${formatBytes(size)} (${size} bytes), more than the ${formatLimit(max)} of plaintext this viewer will read.`, { line: 1 });
}
