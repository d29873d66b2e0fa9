import { describe, expect, it } from 'vitest';
import { utf8 } from '../testing/builders';
import { PagedBacking } from './paged-backing';
import { decodeFrame, scanZstdFrames } from './zstd';
import { encodeZstdFrames } from './zstd-encode';
import { ZstdFrameBacking } from './zstd-frame-backing';
import { WasmZstd } from './zstd-wasm';

/** A zstd file of frames of assorted sizes (an empty one included), its plaintext, and a backing indexing it. */
async function framed() {
  const parts = ['{"type":"session"}\n', 'a', '', 'bc\nde', 'é€𝄞\n'.repeat(40), 'x'.repeat(300_000), 'tail\n'];
  const file = await encodeZstdFrames(parts);
  const plain = utf8(parts.join(''));
  const wasm = await WasmZstd.create(1 << 16);
  let decoded = 0;
  const decode = (f: Uint8Array) => { decoded++; expect(wasm.decode(f)).toBeGreaterThanOrEqual(0); return wasm.take(); };
  const paged = new PagedBacking(file.length, (s, e) => file.slice(s, e), { pageBytes: 97, pages: 3 });
  const b = new ZstdFrameBacking((s, e) => paged.read(s, e), decode, () => paged.heldBytes);
  for (const f of scanZstdFrames(file).frames) b.addFrame(f.end, (await decodeFrame(file, f)).length);
  return { b, plain, frames: parts.length, decodes: () => decoded };
}

/** Byte-equal (a plain loop: toEqual on long arrays is slow). */
const same = (x: Uint8Array, y: Uint8Array) => x.length === y.length && x.every((v, i) => v === y[i]);

describe('ZstdFrameBacking (a zstd frame index)', () => {
  it('decodes any window of the plaintext, within a frame or across several, from compressed pages', async () => {
    const { b, plain, frames } = await framed();
    expect(b.frameCount).toBe(frames);
    expect(b.covered).toBe(plain.length);
    const cuts = [0, 1, 18, 19, 20, 21, 24, 25, 100, 400, 1000, 150_000, plain.length - 6, plain.length - 1, plain.length];
    for (const a of cuts) for (const z of cuts) if (a <= z) expect(same(b.read(a, z), plain.subarray(a, z)), `${a}-${z}`).toBe(true);
    for (let i = 0; i < 200; i++) {
      const a = (i * 7919) % plain.length, z = Math.min(plain.length, a + ((i * 104729) % 5000));
      expect(same(b.read(a, z), plain.subarray(a, z)), `${a}-${z}`).toBe(true);
    }
    expect(() => b.read(0, plain.length + 1)).toThrow(RangeError);
  });

  it('keeps a few decoded frames: reading one window again decodes nothing more', async () => {
    const { b, decodes } = await framed();
    b.read(19, 25);
    const after = decodes();
    b.read(20, 24);
    expect(decodes()).toBe(after);
    expect(b.heldBytes).toBeLessThan(2 << 20);
  });
});
