import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadBytes, type LoadResult } from './load';
import { FrameStream, scanZstdFrames } from './zstd';

const CONFORMANCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/conformance');

/** What a load decided and kept, for comparing two ways of reading the same bytes. */
function outcome(r: LoadResult) {
  return {
    verdict: r.verdict, frames: r.frames, stored: r.storedEventCount, length: r.session?.log.length, torn: r.torn,
    dropped: r.dropped.map((d) => [d.line, d.reason, d.text]), events: r.session ? r.session.log.events().map((e) => JSON.stringify(e)) : [],
  };
}

/** Every zstd log of DSH's corpus, and damaged copies of it: cut short, a byte flipped, junk appended. */
function inputs(): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  for (const f of readdirSync(CONFORMANCE_DIR).filter((n) => n.endsWith('.zstd'))) {
    const b = new Uint8Array(readFileSync(path.join(CONFORMANCE_DIR, f)));
    out.push([f, b]);
    for (const cut of [5, 13, Math.floor(b.length / 2), b.length - 3, b.length - 1]) out.push([`${f} cut ${cut}`, b.subarray(0, cut)]);
    for (const at of [4, 40, Math.floor(b.length * 0.7)]) { const c = b.slice(); c[at] ^= 0x5a; out.push([`${f} flip ${at}`, c]); }
    out.push([`${f} + junk`, new Uint8Array([...b, 1, 2, 3, 4, 5])]);
  }
  return out;
}

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
