/** Zstandard logs: complete frames decoded in file order, their plaintext scanned as it comes. */
import { LogBytes } from '../core/log-bytes';
import { LiveLog } from './live';
import { at, damageInCompleteFrames, type LoadResult } from './load-result';
import { BLOCK, ZSTD_PIECE, expectSize, fail, pace, type LoadLimits, type Reading } from './load-reading';
import { PagedBacking } from './paged-backing';
import { decodeFrameAgain, decodeTornFrame } from './zstd';
import { ZstdFrameBacking } from './zstd-frame-backing';
import { compileZstd } from './zstd-wasm';
import { sessionError, zstdFramesHere } from './zstd-frames';

/**
 * Zstandard: complete frames are decoded in file order (in a thread of its own where the host gives
 * one) and their plaintext scanned in blocks of about BLOCK bytes. A live file's result, or
 * undefined when the scan finished.
 */
export async function scanZstd(reading: Reading, input: Uint8Array | Blob): Promise<LoadResult | undefined> {
  const { opts, maxPlain } = reading, byteLength = reading.base.byteLength;
  const source = opts.live ? zstdFramesHere : opts.zstdFrames ?? zstdFramesHere;
  const items = source(input, { pieceBytes: opts.zstdPieceBytes ?? ZSTD_PIECE, maxPlain, blockBytes: opts.zstdBlockBytes ?? BLOCK, ...(opts.arrived ? { arrived: opts.arrived } : {}) })[Symbol.asyncIterator]();
  // DSH judges each record as its frame arrives: damage already committed by the frames read so
  // far (a bad record or seq gap, then a turn/end) is its verdict before any later frame's failure
  const inStreamOrder = (failure: () => unknown) => reading.started?.scanner.committedError() ?? failure();
  const atNext = (error: Parameters<typeof sessionError>[0]) => { const { scanner } = reading.scan; return at(sessionError(error), scanner.nextLine, scanner.nextSeq); };
  // a log read whole keeps its frames compressed and decodes a line's frame again when it is asked for
  const framesBacking = opts.live || opts.keepPlaintext ? undefined : frameBackingOf(input, opts);
  framesBacking?.catch(() => undefined); // awaited at the header; a refusal may come first
  let frames: ZstdFrameBacking | undefined;
  try {
    for (;;) {
      const { value: item, done } = await items.next();
      if (done) throw new Error('zstd frame decoding ended without an end item');
      if (item.kind === 'header') {
        const lf = item.plain.indexOf(10);
        if (lf !== item.plain.length - 1) throw fail('zstd-header-frame', 'Corrupt Zstandard session log: the first frame is not exactly one header line.');
        frames = await framesBacking;
        frames?.addFrame(item.end, item.plain.length);
        reading.readHeader(item.plain.subarray(0, lf), new LogBytes(frames));
      } else if (item.kind === 'block') {
        const { scanner, stream } = reading.scan;
        // indexed first: the log then needs none of this plaintext kept
        frames?.addFrames(item.frames);
        await scanInSlices(scanner, item.plain, () => pace(opts, reading.pacing));
        expectSize(stream, item.end, byteLength);
        opts.onProgress?.(item.end, byteLength, scanner.preservedCount);
        await pace(opts, reading.pacing);
      } else if (item.kind === 'tick') {
        await pace(opts, reading.pacing);
      } else if (item.kind === 'refused') {
        if (item.header) throw at(sessionError(item.error), 1);
        throw inStreamOrder(() => atNext(item.error));
      } else if (item.kind === 'too-large') {
        throw inStreamOrder(() => reading.tooLarge());
      } else if (item.kind === 'framing') {
        if (!reading.started) throw at(sessionError(item.error), 1);
        throw inStreamOrder(() => atNext(item.error));
      } else {
        if (item.complete === 0) throw fail('no-header', 'The Zstandard file is empty or holds no complete frame, so it has no header.');
        const { scanner, stream } = reading.scan;
        if (opts.live) {
          const committed = scanner.committedError() ?? damageInCompleteFrames(scanner);
          if (committed) throw committed;
          return new LiveLog({ ...reading.base, headerLen: 0 }, scanner, stream, { ...item.state!, complete: item.complete, plain: item.plain, maxPlain }).result();
        }
        const damage = damageInCompleteFrames(scanner);
        if (item.tail.length > 0) {
          if (scanner.fragmentBytes === 0) {
            const out = decodeTornFrame(item.tail);
            if (item.plain + out.length > maxPlain) throw reading.tooLarge();
            scanner.push(out);
          }
          opts.onProgress?.(byteLength, byteLength, scanner.preservedCount);
        }
        scanner.finish();
        reading.frames = { complete: item.complete, tornBytes: item.tail.length };
        const committed = scanner.committedError();
        if (committed) throw committed;
        if (damage) throw damage;
        return undefined;
      }
    }
  } finally {
    // stops a decoding thread that is still ahead of a refusal or a cancel
    await items.return?.();
  }
}

/** Plaintext scanned between two chances to yield. */
export const SCAN_SLICE = 1 << 20;

/**
 * Scans a block a slice at a time (cut after an LF), calling `pace` between slices: a block of
 * several MiB takes the worker's thread for a few hundred milliseconds, and the page's questions
 * meanwhile (the Log's first rows, asked as soon as the first events are in) wait for it.
 */
export async function scanInSlices(scanner: { push(b: Uint8Array): void }, plain: Uint8Array, pace: () => Promise<void>): Promise<void> {
  for (let p = 0; p < plain.length;) {
    const lf = p + SCAN_SLICE < plain.length ? plain.indexOf(10, p + SCAN_SLICE) : -1;
    const q = lf < 0 ? plain.length : lf + 1;
    scanner.push(plain.subarray(p, q));
    p = q;
    if (p < plain.length) await pace();
  }
}

/**
 * Where a log reads its lines again when its frames stay compressed: the bytes in memory, or a Blob
 * the host can read again a page at a time; undefined (the plaintext is kept) for a Blob it cannot.
 */
async function frameBackingOf(input: Uint8Array | Blob, opts: Pick<LoadLimits, 'syncReader' | 'pages'>): Promise<ZstdFrameBacking | undefined> {
  if (input instanceof Blob && !opts.syncReader) return undefined;
  // a line's frame is decoded again by an idle instance of the thread's (none is made per log)
  await compileZstd();
  const decode = decodeFrameAgain;
  if (input instanceof Uint8Array) return new ZstdFrameBacking((s, e) => input.subarray(s, e), decode, () => input.length);
  // a frame is a few hundred bytes compressed: small pages, few kept, one page a read
  const paged = new PagedBacking(input.size, opts.syncReader!(input), opts.pages ?? { pageBytes: 64 << 10, pages: 8, readAhead: 1 });
  return new ZstdFrameBacking((s, e) => paged.read(s, e), decode, () => paged.heldBytes);
}
