import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../testing/builders';
import { REFUSED, REGION, TOO_LARGE, WasmZstd, declaredSize } from './zstd-wasm';
import { encodeFrame } from './zstd-encode';
import { scanZstdFrames } from './zstd';
import { CONFORMANCE_DIR } from '../testing/corpus';

const text = (b: Uint8Array) => new TextDecoder().decode(b);
/** Byte equality without a deep diff (megabytes of elements would stall the matcher). */
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Plaintext of `n` bytes that is not one repeated byte. */
function filler(n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = 97 + ((i * 7) % 26);
  return b;
}

describe('libzstd (WASM) frame decoder', () => {
  it('decodes DSH-written frames (no content-size field) to what fzstd decodes', async () => {
    const file = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, 'z01-zstd-multi-frame.jsonl.zstd')));
    const { frames } = scanZstdFrames(file);
    expect(file[4] & 0xc0).toBe(0); // no Frame_Content_Size: one-shot decoders that need it fail here
    const z = await WasmZstd.create();
    let expected = '';
    for (const f of frames) {
      const frame = file.subarray(f.start, f.end);
      expect(z.decode(frame)).toBe(decompress(frame).length);
      expected += text(decompress(frame));
    }
    expect(z.pending).toBe(utf8(expected).length);
    expect(text(z.take())).toBe(expected);
    expect(z.pending).toBe(0);
  });

  it('verifies the content checksum itself: a frame whose checksum does not match is refused and adds nothing', async () => {
    const z = await WasmZstd.create();
    z.decode(await encodeFrame('kept\n'));
    expect(z.decode(await encodeFrame('abc\n', { checksum: 'wrong' }))).toBe(REFUSED);
    expect(z.decode(await encodeFrame('abc\n', { checksum: false }))).toBe(4);
    expect(text(z.take())).toBe('kept\nabc\n');
  });

  it('refuses a frame cut short and a frame followed by other bytes', async () => {
    const z = await WasmZstd.create();
    const f = await encodeFrame('hello\n');
    expect(z.decode(f.subarray(0, f.length - 1))).toBe(REFUSED);
    expect(z.decode(new Uint8Array([...f, 0, 0, 0, 0]))).toBe(REFUSED);
    expect(z.decode(f)).toBe(6); // a refusal leaves the decoder usable
  });

  it('keeps frame order when a frame does not fit in what is left of its region, and streams one larger than the region', async () => {
    const z = await WasmZstd.create();
    const small = filler(REGION - 1000);
    const big = filler(REGION + 300_000);
    expect(z.decode(await encodeFrame(small))).toBe(small.length);
    expect(z.decode(await encodeFrame(utf8('x'.repeat(2000))))).toBe(2000); // does not fit: the region is copied out first
    expect(z.decode(await encodeFrame(big))).toBe(big.length);
    expect(z.decode(await encodeFrame('end'))).toBe(3);
    const out = z.take();
    expect(out.length).toBe(small.length + 2000 + big.length + 3);
    expect(same(out.subarray(0, small.length), small)).toBe(true);
    expect(text(out.subarray(small.length, small.length + 2000))).toBe('x'.repeat(2000));
    expect(same(out.subarray(small.length + 2000, small.length + 2000 + big.length), big)).toBe(true);
    expect(text(out.subarray(out.length - 3))).toBe('end');
  });

  it('stops at the limit: a frame whose plaintext exceeds it is not added, in or past the region', async () => {
    const z = await WasmZstd.create();
    expect(z.decode(await encodeFrame('12345'), 4)).toBe(TOO_LARGE);
    expect(z.decode(await encodeFrame(filler(REGION * 2)), REGION)).toBe(TOO_LARGE);
    expect(z.pending).toBe(0);
    expect(z.decode(await encodeFrame('12345'), 5)).toBe(5);
  });

  it('gives each decoder memory of its own: a large frame grows one decoder and not the next', async () => {
    const a = await WasmZstd.create();
    const before = a.memoryBytes;
    a.decode(await encodeFrame(filler(3 * REGION)));
    a.take();
    expect(a.memoryBytes).toBeGreaterThan(before);
    const b = await WasmZstd.create();
    expect(b.memoryBytes).toBe(before);
  });
});

/** A frame of `blocks` RLE blocks of 128 KiB of spaces (a 128 KiB window), declaring its size or not. */
function rleFrame(blocks: number, declare: boolean): Uint8Array {
  const size = blocks * (1 << 17);
  const out: number[] = [0x28, 0xb5, 0x2f, 0xfd, declare ? 0xc0 : 0x00, 0x38];
  if (declare) for (let i = 0, v = size; i < 8; i++, v = Math.floor(v / 256)) out.push(v % 256);
  for (let b = 0; b < blocks; b++) {
    const hdr = ((1 << 17) << 3) | (1 << 1) | (b === blocks - 1 ? 1 : 0);
    out.push(hdr & 0xff, (hdr >> 8) & 0xff, (hdr >> 16) & 0xff, 0x20);
  }
  return Uint8Array.from(out);
}

describe('a frame past the plaintext limit (a zstd bomb)', () => {
  it('is refused from its declared size without being decoded', async () => {
    const frame = rleFrame(32_769, true); // 4 GiB and a block
    expect(declaredSize(frame)).toBe(32_769 * (1 << 17));
    const z = await WasmZstd.create();
    const t0 = performance.now();
    expect(z.decode(frame, 4 * 2 ** 30)).toBe(TOO_LARGE);
    expect(performance.now() - t0, 'not decoded: no 4 GiB of work').toBeLessThan(5_000);
    expect(z.pending).toBe(0);
  });

  it('without a declared size, is streamed without keeping what it decodes, then refused', async () => {
    const frame = rleFrame(512, false); // 64 MiB
    expect(declaredSize(frame)).toBe(-1);
    const z = await WasmZstd.create();
    const before = z.memoryBytes;
    expect(z.decode(frame, 32 << 20)).toBe(TOO_LARGE);
    expect(z.pending).toBe(0);
    expect(z.memoryBytes).toBe(before);
    // under the limit it decodes whole
    expect(z.decode(frame, 64 << 20)).toBe(64 << 20);
    expect(z.take().every((b) => b === 0x20)).toBe(true);
  });

  it('reads the declared size of frames that have one, and -1 for those that do not', async () => {
    expect(declaredSize(await encodeFrame(utf8('hello')))).toBe(5);
    const dsh = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, 'z01-zstd-multi-frame.jsonl.zstd')));
    expect(declaredSize(dsh.subarray(0, scanZstdFrames(dsh).frames[0].end))).toBe(-1);
    expect(declaredSize(rleFrame(3, true))).toBe(3 << 17);
    expect(declaredSize(new Uint8Array(3))).toBe(-1);
  });
});
