import { describe, expect, it } from 'vitest';
import { loadOutcome as outcome, zstdCorpusCases as inputs } from '../testing/zstd-cases';
import { closedToolTurn, headerRecord, jsonl } from '../testing/builders';
import { ArrivingBytes, ArrivingError } from './arriving-bytes';
import { loadBytes } from './load';
import { encodeZstdFrames } from './zstd-encode';
import { ARRIVING_STEP, FIRST_BYTES, piecesOf } from './zstd-frames';

/** Puts `b` into `a` in pieces of `size`, one per turn of the event loop, so that the loader runs in between. */
async function feed(a: ArrivingBytes, b: Uint8Array, size: number, onPut?: (arrived: number) => void): Promise<void> {
  for (let p = 0; p < b.length; p += size) {
    await new Promise((r) => setImmediate(r));
    a.put(b.slice(p, p + size));
    onPut?.(a.arrived);
  }
}

describe('bytes that arrive while they are loaded', () => {
  it('resolves a wait once enough bytes are in, with what is in, and fails every wait when cut short', async () => {
    const a = new ArrivingBytes(10);
    const got: number[] = [];
    const w = a.until(6).then((n) => got.push(n));
    a.put(new Uint8Array([1, 2, 3]));
    await Promise.resolve();
    expect(got).toEqual([]);
    a.put(new Uint8Array([4, 5, 6, 7]));
    await w;
    expect(got).toEqual([7]);
    a.put(new Uint8Array(3));
    expect(await a.until(99)).toBe(10);
    const cut = new ArrivingBytes(4);
    const waiting = cut.until(4);
    cut.fail(new ArrivingError('gone'));
    await expect(waiting).rejects.toThrow('gone');
    await expect(cut.until(1)).rejects.toThrow('gone');
    const long = new ArrivingBytes(2);
    long.put(new Uint8Array(3));
    await expect(long.until(2)).rejects.toThrow(/longer than the 2 bytes/);
  });

  it('gives pieces of what has arrived: at least ARRIVING_STEP more, at most the size asked', async () => {
    const b = new Uint8Array(5 * FIRST_BYTES + 3).map((_, i) => i * 13);
    const a = new ArrivingBytes(b.length);
    const feeding = feed(a, b, ARRIVING_STEP / 3);
    const sizes: number[] = [], parts: Uint8Array[] = [];
    for await (const p of piecesOf(a.bytes, 2 * FIRST_BYTES, (n) => a.until(n))) { sizes.push(p.length); parts.push(p.slice()); }
    await feeding;
    expect(Buffer.concat(parts).equals(Buffer.from(b))).toBe(true);
    expect(sizes[0]).toBeGreaterThanOrEqual(ARRIVING_STEP);
    expect(sizes[0]).toBeLessThanOrEqual(FIRST_BYTES);
    for (const s of sizes.slice(0, -1)) { expect(s).toBeGreaterThanOrEqual(ARRIVING_STEP); expect(s).toBeLessThanOrEqual(2 * FIRST_BYTES); }
  });

  it('loads zstd to the same outcome as the whole bytes, and reads records before the last piece is in', async () => {
    for (const [name, b] of inputs()) {
      const a = new ArrivingBytes(b.length);
      const feeding = feed(a, b, 101);
      expect(outcome(await loadBytes(a.bytes, { now: 0, zstdPieceBytes: 7, arrived: (n) => a.until(n) })), name).toEqual(outcome(await loadBytes(b, { now: 0 })));
      await feeding;
    }
    const turns: string[] = [];
    for (let t = 0, n = 0; n < 4 * FIRST_BYTES; t++) { const s = jsonl(closedToolTurn(t * 8, t + 1)); turns.push(s); n += s.length; }
    const z = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', ...turns]);
    const a = new ArrivingBytes(z.length);
    let arrivedAtFirstEvents = -1;
    const feeding = feed(a, z, 1 << 14);
    const r = await loadBytes(a.bytes, { now: 0, arrived: (n) => a.until(n), onProgress: (_d, _t, events) => { if (events > 0 && arrivedAtFirstEvents < 0) arrivedAtFirstEvents = a.arrived; } });
    await feeding;
    expect(outcome(r)).toEqual(outcome(await loadBytes(z, { now: 0 })));
    expect(arrivedAtFirstEvents).toBeGreaterThan(0);
    expect(arrivedAtFirstEvents).toBeLessThan(z.length);
  });

  it('fails the load with the sentence it was cut with', async () => {
    const b = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', jsonl(closedToolTurn(0, 1))]);
    const a = new ArrivingBytes(b.length + 100);
    void feed(a, b, 64).then(() => a.fail(new ArrivingError('This bundle cannot be opened: its log is short.')));
    await expect(loadBytes(a.bytes, { now: 0, arrived: (n) => a.until(n) })).rejects.toThrow('This bundle cannot be opened: its log is short.');
  });
});
