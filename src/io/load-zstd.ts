/** Zstandard logs: complete frames decoded in file order, their plaintext scanned as it comes. */
import { LogBytes } from '../core/log-bytes';
import { LiveLog } from './live';
import { at, damageInCompleteFrames, type LoadResult } from './load-result';
import { BLOCK, ZSTD_PIECE, expectSize, fail, pace, type Reading } from './load-reading';
import { decodeTornFrame } from './zstd';
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
  try {
    for (;;) {
      const { value: item, done } = await items.next();
      if (done) throw new Error('zstd frame decoding ended without an end item');
      if (item.kind === 'header') {
        const lf = item.plain.indexOf(10);
        if (lf !== item.plain.length - 1) throw fail('zstd-header-frame', 'Corrupt Zstandard session log: the first frame is not exactly one header line.');
        reading.readHeader(item.plain.subarray(0, lf), new LogBytes());
      } else if (item.kind === 'block') {
        const { scanner, stream } = reading.scan;
        scanner.push(item.plain);
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
