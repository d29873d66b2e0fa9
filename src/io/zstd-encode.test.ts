import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { concatBytes, createFramer, encodeFrame, encodeZstdFrames, frameSpans, MAX_BLOCK_SIZE, rawFrame, wrongChecksum, xxh64low32 } from './zstd-encode';
import { decodeFrame, scanZstdFrames } from './zstd';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);
const u32 = (f: Uint8Array, p: number) => (f[p] | (f[p + 1] << 8) | (f[p + 2] << 16) | (f[p + 3] << 24)) >>> 0;
const eq = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('rawFrame', () => {
  it('writes every content-size width, fixed or smallest, and any decoder reads it back', () => {
    for (const n of [0, 1, 255, 256, 65_791, 65_792, 300_000]) {
      const b = bytes(n);
      for (const w of [undefined, 1, 2, 4, 8] as const) {
        if ((w === 1 && n >= 256) || (w === 2 && (n < 256 || n > 65_791))) {
          expect(() => rawFrame(b, 0, { contentSizeBytes: w })).toThrow(RangeError);
          continue;
        }
        const f = rawFrame(b, 7, { contentSizeBytes: w });
        const width = [1, 2, 4, 8][f[4] >> 6];
        if (w !== undefined) expect(width).toBe(w);
        else expect(width).toBe(n < 256 ? 1 : n <= 65_791 ? 2 : 4);
        expect(eq(decompress(f), b)).toBe(true);
        expect(frameSpans(f)).toEqual([{ start: 0, end: f.length, blocksStart: 5 + width, checksum: true }]);
        expect(u32(f, f.length - 4)).toBe(7);
      }
    }
  });

  it('splits content into blocks of at most blockSize (default 128 KiB), the last one flagged', () => {
    for (const [n, bs] of [[300_000, undefined], [10, 3], [6, 2], [0, 5]] as const) {
      const f = rawFrame(bytes(n), null, { blockSize: bs });
      const sizes: number[] = [];
      let p = frameSpans(f)[0].blocksStart, last = 0;
      while (!last) {
        const bh = f[p] | (f[p + 1] << 8) | (f[p + 2] << 16);
        expect((bh >> 1) & 3).toBe(0);
        last = bh & 1;
        sizes.push(bh >> 3);
        p += 3 + (bh >> 3);
      }
      expect(p).toBe(f.length); // no checksum for null
      expect(sizes.reduce((a, x) => a + x, 0)).toBe(n);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(bs ?? MAX_BLOCK_SIZE);
      expect(sizes.length).toBe(Math.max(1, Math.ceil(n / (bs ?? MAX_BLOCK_SIZE))));
    }
    expect(() => rawFrame(bytes(1), 0, { blockSize: MAX_BLOCK_SIZE + 1 })).toThrow(RangeError);
    expect(() => rawFrame(bytes(1), 0, { blockSize: 0 })).toThrow(RangeError);
  });
});

describe('createFramer / encodeFrame', () => {
  it('checksums by default, leaves it out on request, or stores a wrong one the loader refuses', async () => {
    const b = bytes(1000);
    const sum = await xxh64low32(b);
    expect(eq(await encodeFrame(b), rawFrame(b, sum))).toBe(true);
    expect(eq(await encodeFrame(b, { checksum: false }), rawFrame(b, null))).toBe(true);
    const bad = await encodeFrame(b, { checksum: 'wrong' });
    expect(u32(bad, bad.length - 4)).toBe(wrongChecksum(sum));
    expect(wrongChecksum(sum)).not.toBe(sum);
    await expect(decodeFrame(bad, scanZstdFrames(bad).frames[0])).rejects.toThrow(/checksum mismatch/);
  });

  it('adds the checksum flag and trailer to a checksum-less compressor frame, and keeps one that has them', async () => {
    const b = new TextEncoder().encode('{"type":"session"}\n');
    const sum = await xxh64low32(b);
    // a stand-in compressor: any checksum-less frame will do
    const frame = await createFramer((p) => rawFrame(p, null, { contentSizeBytes: 4 }));
    expect(eq(frame(b), rawFrame(b, sum, { contentSizeBytes: 4 }))).toBe(true);
    const keep = await createFramer((p) => rawFrame(p, 123));
    expect(u32(keep(b), keep(b).length - 4)).toBe(123);
    const none = await createFramer({ compress: (p) => rawFrame(p, null), checksum: false });
    expect(eq(none(b), rawFrame(b, null))).toBe(true);
  });

  it('encodeZstdFrames: one frame per part, strings as UTF-8, frameSpans finds them all', async () => {
    const parts = ['{"type":"session"}\n', 'é\n'.repeat(40_000), bytes(3)];
    const z = await encodeZstdFrames(parts, { blockSize: 1000 });
    const spans = frameSpans(z);
    expect(spans.map((s) => [s.start, s.end])).toEqual(scanZstdFrames(z).frames.map((f) => [f.start, f.end]));
    expect(spans).toHaveLength(3);
    expect(spans.at(-1)!.end).toBe(z.length);
    const enc = new TextEncoder();
    expect(eq(decompress(z), concatBytes([enc.encode(parts[0] as string), enc.encode(parts[1] as string), bytes(3)]))).toBe(true);
  });
});

describe('frameSpans', () => {
  it('stops at a non-frame byte and leaves out an incomplete last frame', async () => {
    const a = await encodeFrame('one\n'), b = await encodeFrame('two\n', { checksum: false });
    expect(frameSpans(concatBytes([a, b])).map((s) => s.checksum)).toEqual([true, false]);
    expect(frameSpans(concatBytes([a, Uint8Array.of(0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0), b]))).toHaveLength(1);
    for (let cut = 0; cut < b.length; cut++) expect(frameSpans(concatBytes([a, b.subarray(0, cut)]))).toHaveLength(1);
  });
});

describe('concatBytes', () => {
  it('joins in order, empty parts included', () => {
    expect([...concatBytes([Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)])]).toEqual([1, 2, 3]);
    expect(concatBytes([])).toHaveLength(0);
  });
});
