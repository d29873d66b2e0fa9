import { describe, expect, it } from 'vitest';
import { loadOutcome as outcome, zstdCorpusCases as inputs } from '../testing/zstd-cases';
import { loadBytes } from './load';
import { FrameStream, scanZstdFrames } from './zstd';

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
});
