/** Plain JSONL logs: read whole (the log reads its lines from the bytes in memory), or a Blob read again as needed. */
import { LogBytes, MemoryBacking } from '../core/log-bytes';
import { LiveLog } from './live';
import type { LoadResult } from './load-result';
import { BLOCK, expectSize, fail, pace, type Reading } from './load-reading';
import { PagedBacking, type SyncRead } from './paged-backing';
import { piecesOf } from './zstd-frames';

/** Plain JSONL: the header line, then the records in blocks of about BLOCK bytes cut at a newline. A live file's result, or undefined when the scan finished. */
export async function scanJsonl(reading: Reading, bytes: Uint8Array): Promise<LoadResult | undefined> {
  const { opts } = reading;
  const lf = bytes.indexOf(10);
  if (lf < 0) throw fail('no-header', 'The file is empty or has no complete header line (no newline anywhere).');
  const { scanner, stream } = reading.readHeader(bytes.subarray(0, lf), new LogBytes(new MemoryBacking(bytes)));
  reading.headerLen = lf + 1;
  let p = lf + 1;
  while (p < bytes.length) {
    let end = Math.min(p + BLOCK, bytes.length);
    if (end < bytes.length) {
      const nl = bytes.indexOf(10, end - 1);
      end = nl < 0 ? bytes.length : nl + 1;
    }
    scanner.push(bytes.subarray(p, end));
    p = end;
    expectSize(stream, p, bytes.length);
    opts.onProgress?.(p, bytes.length, scanner.preservedCount);
    await pace(opts, reading.pacing);
  }
  if (opts.live) {
    const committed = scanner.committedError();
    if (committed) throw committed;
    return new LiveLog({ ...reading.base, headerLen: reading.headerLen }, scanner, stream).result();
  }
  scanner.finish();
  return undefined;
}

/**
 * Plain JSONL in a Blob the host can read again (`read`): the file is scanned a piece at a time and
 * dropped as it goes, and the log reads its lines from the file again when a view needs them. The
 * same records, verdicts and offsets as `scanJsonl` over the whole file.
 */
export async function scanJsonlBlob(reading: Reading, blob: Blob, read: SyncRead): Promise<void> {
  const { opts } = reading, size = blob.size;
  const bytes = new LogBytes(new PagedBacking(size, read, opts.pages));
  let head: Uint8Array | undefined, done = 0;
  for await (const piece of piecesOf(blob, BLOCK)) {
    done += piece.length;
    if (!reading.started) {
      head = head ? concat(head, piece) : piece;
      const lf = head.indexOf(10);
      if (lf < 0) continue;
      reading.readHeader(head.subarray(0, lf), bytes);
      reading.headerLen = lf + 1;
      reading.scan.scanner.push(head.subarray(lf + 1));
      head = undefined;
    } else reading.scan.scanner.push(piece);
    const { scanner, stream } = reading.scan;
    expectSize(stream, done, size);
    opts.onProgress?.(done, size, scanner.preservedCount);
    await pace(opts, reading.pacing);
  }
  if (!reading.started) throw fail('no-header', 'The file is empty or has no complete header line (no newline anywhere).');
  reading.scan.scanner.finish();
}

const concat = (a: Uint8Array, b: Uint8Array) => { const c = new Uint8Array(a.length + b.length); c.set(a); c.set(b, a.length); return c; };
