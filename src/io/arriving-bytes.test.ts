import { describe, expect, it } from 'vitest';
import { loadOutcome as outcome, zstdCorpusCases as inputs } from '../testing/zstd-cases';
import { closedToolTurn, headerRecord, jsonl } from '../testing/builders';
import { ArrivingBytes, ArrivingError } from './arriving-bytes';
import { decodePayloadTextInto, encodePayload, readAsWindows1252 } from './bundle-payload';
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

  it('writes a piece given as a writer in place, only once a wait needs its bytes, in order with pieces of bytes', async () => {
    const a = new ArrivingBytes(8);
    const wrote: number[] = [];
    const seen: Uint8Array[] = [];
    const writer = (id: number, bytes: number[]) => (into: Uint8Array, at: number) => { wrote.push(id); seen.push(into); into.set(bytes, at); return at + bytes.length; };
    // two bytes of an allowance of three; then three of three
    a.putWritten(3, writer(1, [1, 2]));
    a.putWritten(3, writer(2, [3, 4, 5]));
    a.put(new Uint8Array([6]));
    expect(wrote, 'nothing is written before a wait needs it').toEqual([]);
    expect(a.arrived).toBe(0);
    expect(await a.until(1)).toBe(2);
    expect(wrote).toEqual([1]);
    expect(seen[0], 'written straight into the input').toBe(a.bytes);
    // a wait made before its bytes come is answered as they come
    const later = a.until(7);
    a.putWritten(2, writer(3, [7]));
    expect(await later).toBe(7);
    expect(wrote).toEqual([1, 2, 3]);
    expect([...a.bytes.subarray(0, 7)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // five at most with one place left: written to a copy of its own, and two bytes too many fail the input
    a.putWritten(5, writer(4, [8, 9]));
    await expect(a.until(8)).rejects.toThrow(/longer than the 8 bytes/);
    expect(seen[3]).not.toBe(a.bytes);
  });

  it('fails every wait with the error of a writer that throws, and writes nothing after it', async () => {
    const a = new ArrivingBytes(6);
    a.putWritten(2, (into, at) => { into.set([1, 2], at); return at + 2; });
    a.putWritten(2, () => { throw new Error('U+4E00 reads as no byte'); });
    let after = false;
    a.putWritten(2, (_into, at) => { after = true; return at; });
    expect(await a.until(2)).toBe(2);
    await expect(a.until(3)).rejects.toThrow('U+4E00 reads as no byte');
    await expect(a.until(6)).rejects.toThrow('U+4E00 reads as no byte');
    expect(after).toBe(false);
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

  it('loads zstd given as a bundle\'s texts to the same outcome as the whole bytes, decoding the texts as the load reaches them', async () => {
    const turns: string[] = [];
    for (let t = 0, n = 0; n < 4 * FIRST_BYTES; t++) { const s = jsonl(closedToolTurn(t * 8, t + 1)); turns.push(s); n += s.length; }
    const z = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', ...turns]);
    const a = new ArrivingBytes(z.length);
    // every text in at once, as a page's parser may send them faster than the load reads
    for (let p = 0; p < z.length; p += 1 << 14) {
      const text = readAsWindows1252(encodePayload(z.subarray(p, p + (1 << 14))));
      a.putWritten(text.length, (into, at) => decodePayloadTextInto(text, into, at));
    }
    let writtenAtFirstEvents = -1;
    const r = await loadBytes(a.bytes, { now: 0, arrived: (n) => a.until(n), onProgress: (_d, _t, events) => { if (events > 0 && writtenAtFirstEvents < 0) writtenAtFirstEvents = a.arrived; } });
    expect(outcome(r)).toEqual(outcome(await loadBytes(z, { now: 0 })));
    expect(writtenAtFirstEvents, 'the first events came before every text was decoded').toBeLessThan(z.length / 2);
  });

  it('fails the load with the sentence it was cut with', async () => {
    const b = await encodeZstdFrames([JSON.stringify(headerRecord()) + '\n', jsonl(closedToolTurn(0, 1))]);
    const a = new ArrivingBytes(b.length + 100);
    void feed(a, b, 64).then(() => a.fail(new ArrivingError('This bundle cannot be opened: its log is short.')));
    await expect(loadBytes(a.bytes, { now: 0, arrived: (n) => a.until(n) })).rejects.toThrow('This bundle cannot be opened: its log is short.');
  });
});
