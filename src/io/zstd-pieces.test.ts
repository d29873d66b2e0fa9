import { describe, expect, it } from 'vitest';
import { loadOutcome as outcome, zstdCorpusCases as inputs } from '../testing/zstd-cases';
import { closedToolTurn, headerRecord, jsonl } from '../testing/builders';
import { loadBytes } from './load';
import { FrameStream, scanZstdFrames } from './zstd';
import { encodeZstdFrames } from './zstd-encode';
import { decodeZstdFrames, FIRST_BYTES, piecesOf } from './zstd-frames';
import { SCAN_SLICE, scanInSlices } from './load-zstd';

describe('zstd read a piece at a time', () => {
  const cases = inputs();

  it('covers the corpus', () => {
    expect(cases.filter(([n]) => !n.includes(' ')).length).toBeGreaterThanOrEqual(7);
  });

  it('finds the same frames, error and torn tail as the whole-file scan, whatever the piece size', () => {
    for (const [name, b] of cases) {
      const whole = scanZstdFrames(b);
      for (const size of [1, 3, 64, 1000]) {
        const fs = new FrameStream();
        const frames: [number, number][] = [];
        for (let p = 0; p < b.length && !fs.error; p += size) {
          const { at, frames: found } = fs.push(b.subarray(p, p + size));
          for (const f of found) frames.push([at + f.start, at + f.end]);
        }
        const { tornStart } = fs.finish();
        expect({ frames, error: fs.error?.message, tornStart: fs.error ? -1 : tornStart }, `${name} in ${size}-byte pieces`)
          .toEqual({ frames: whole.frames.map((f) => [f.start, f.end]), error: whole.error?.message, tornStart: whole.tornStart });
      }
    }
  });

  it('loads to the same verdict, events, frames, torn tail and dropped records from bytes, small pieces or a Blob', async () => {
    for (const [name, b] of cases) {
      const ref = outcome(await loadBytes(b, { now: 0 }));
      for (const size of [1, 7, 256]) expect(outcome(await loadBytes(b, { now: 0, zstdPieceBytes: size })), `${name} in ${size}-byte pieces`).toEqual(ref);
      expect(outcome(await loadBytes(new Blob([b.slice()]), { now: 0, zstdPieceBytes: 5 })), `${name} as a Blob`).toEqual(ref);
    }
  });

  it('reads a first piece of at most FIRST_BYTES, then pieces of the size asked, from bytes or a Blob', async () => {
    const b = new Uint8Array(3 * FIRST_BYTES + 5).map((_, i) => i * 7);
    for (const input of [b, new Blob([b.slice()])]) {
      for (const size of [FIRST_BYTES / 2, 2 * FIRST_BYTES, 8 * FIRST_BYTES]) {
        const sizes: number[] = [], parts: Uint8Array[] = [];
        for await (const p of piecesOf(input, size)) { sizes.push(p.length); parts.push(p.slice()); }
        const first = Math.min(size, FIRST_BYTES);
        const expected = [first];
        for (let p = first; p < b.length; p += size) expected.push(Math.min(size, b.length - p));
        expect(sizes, `${input instanceof Blob ? 'Blob' : 'bytes'} in ${size}-byte pieces`).toEqual(expected);
        expect(Buffer.concat(parts).equals(Buffer.from(b))).toBe(true);
      }
    }
  });

  it('yields a first block after the header of about FIRST_BYTES, then blocks of the size asked', async () => {
    const turns: string[] = [];
    let bytes = 0;
    for (let t = 0; bytes < 6 * FIRST_BYTES; t++) { const s = jsonl(closedToolTurn(t * 8, t + 1)); turns.push(s); bytes += s.length; }
    const frameMax = Math.max(...turns.map((s) => s.length));
    const b = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', ...turns]);
    const blockBytes = 2 * FIRST_BYTES;
    const blocks: number[] = [];
    for await (const it of decodeZstdFrames(piecesOf(b, 1 << 16), { maxPlain: 1 << 30, blockBytes })) if (it.kind === 'block') blocks.push(it.plain.length);
    expect(blocks[0]).toBeGreaterThanOrEqual(FIRST_BYTES);
    expect(blocks[0]).toBeLessThan(FIRST_BYTES + frameMax);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const n of blocks.slice(1, -1)) expect(n).toBeGreaterThanOrEqual(blockBytes);
    expect(blocks.reduce((a, n) => a + n, 0)).toBe(bytes);
    // a smaller block size than FIRST_BYTES is kept from the first block on
    const small: number[] = [];
    for await (const it of decodeZstdFrames(piecesOf(b, 1 << 16), { maxPlain: 1 << 30, blockBytes: 4096 })) if (it.kind === 'block') small.push(it.plain.length);
    expect(small[0]).toBeLessThan(4096 + frameMax);
  });

  it('scans a block of several MiB a slice at a time, cut after an LF, with a chance to yield between slices', async () => {
    const lines: string[] = [];
    let bytes = 0;
    for (let t = 0; bytes < 3.5 * SCAN_SLICE; t++) { const s = jsonl(closedToolTurn(t * 8, t + 1)); lines.push(s); bytes += s.length; }
    const plain = new TextEncoder().encode(lines.join(''));
    const pushed: Uint8Array[] = [];
    let paces = 0;
    await scanInSlices({ push: (b) => pushed.push(b) }, plain, async () => { paces++; });
    expect(pushed.length).toBe(4);
    expect(paces).toBe(pushed.length - 1);
    for (const p of pushed.slice(0, -1)) { expect(p.length).toBeGreaterThanOrEqual(SCAN_SLICE); expect(p[p.length - 1]).toBe(10); }
    expect(Buffer.concat(pushed).equals(Buffer.from(plain))).toBe(true);
    // the same log in 4 MiB blocks loads as its plain text does
    const b = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', ...lines]);
    const plainLog = new TextEncoder().encode(JSON.stringify(headerRecord()) + '\n' + lines.join(''));
    const zstd = outcome(await loadBytes(b, { now: 0, zstdBlockBytes: 4 << 20 })), ref = outcome(await loadBytes(plainLog, { now: 0 }));
    expect(zstd.length).toBeGreaterThan(1000);
    expect({ ...zstd, frames: undefined }).toEqual({ ...ref, frames: undefined });
  });
});
