/**
 * A load borrows the page's spare decoding worker for its zstd frames: the port it is lent carries
 * the items the loader's own decoding gives, so every outcome stays the same; only the load's first
 * input is lent one, and a lent worker's failure fails the load instead of leaving it waiting.
 * (The lent worker is a MessageChannel served in this thread; e2e/zstd.spec.ts runs the real one.)
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadOutcome, zstdCorpusCases } from '../testing/zstd-cases';
import { loadBytes } from '../io/load';
import { serveZstdFrames } from '../io/zstd-port';
import { nodePort } from '../cli/zstd-thread';
import { zstdFramesLent, type Lent } from './zstd-source';

/** A borrow that lends a served channel each time it is asked, counting the asks. */
function lender() {
  const stats = { asked: 0 };
  const borrow = async (): Promise<Lent> => {
    stats.asked++;
    const ch = new MessageChannel();
    serveZstdFrames(nodePort(ch.port1));
    return { port: ch.port2 as unknown as MessagePort, onFailed: () => undefined };
  };
  return { borrow, stats };
}

describe('zstd decoding in a lent worker', () => {
  it('loads every corpus log and damaged copy to the outcome of decoding in the loader, asking once per load', async () => {
    let whole = 0;
    const { borrow, stats } = lender();
    for (const [name, b] of zstdCorpusCases()) {
      const ref = loadOutcome(await loadBytes(b, { now: 0 }));
      const source = zstdFramesLent(borrow);
      const before = stats.asked;
      expect(loadOutcome(await loadBytes(new Blob([b.slice()]), { now: 0, zstdFrames: source, zstdPieceBytes: 5 })), `${name} lent`).toEqual(ref);
      // a second input through the same source is not lent a worker (it decodes here: no Worker in Node)
      expect(loadOutcome(await loadBytes(b, { now: 0, zstdFrames: source })), `${name} again`).toEqual(ref);
      expect(stats.asked - before, `${name}: at most one ask per load`).toBeLessThanOrEqual(1);
      if (!name.includes(' cut ')) { whole++; expect(stats.asked - before, `${name}: a whole log is decoded by the lent worker`).toBe(1); }
    }
    expect(whole).toBeGreaterThan(3);
  });

  it('decodes without a lent worker when the page has none ready', async () => {
    const [name, b] = zstdCorpusCases()[0];
    const ref = loadOutcome(await loadBytes(b, { now: 0 }));
    expect(loadOutcome(await loadBytes(b, { now: 0, zstdFrames: zstdFramesLent(async () => undefined) })), name).toEqual(ref);
  });

  it("fails the load when the lent worker fails, rather than waiting for it", async () => {
    const [, b] = zstdCorpusCases()[0];
    const ch = new MessageChannel(); // nothing serves it: the worker "failed" before answering
    const source = zstdFramesLent(async () => ({
      port: ch.port2 as unknown as MessagePort,
      onFailed: (f) => { setTimeout(() => f(new Error('zstd worker: out of memory')), 20); },
    }));
    await expect(loadBytes(b, { now: 0, zstdFrames: source })).rejects.toThrow('zstd worker: out of memory');
    ch.port1.close();
  });
});
