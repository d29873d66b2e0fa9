/**
 * zstd decoding in a thread of its own changes nothing a load decides: the items cross a port in
 * the order the loader's own decoding gives them, and the thread stays at most AHEAD blocks ahead.
 * (The port here is a MessageChannel in this thread; `seqscope check` runs it in a worker thread,
 * see check.test.ts.)
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl } from '../testing/builders';
import { loadOutcome, zstdCorpusCases } from '../testing/zstd-cases';
import { loadBytes } from '../io/load';
import { concatBytes, encodeFrame } from '../io/zstd-encode';
import { AHEAD, serveZstdFrames, zstdFramesOver } from '../io/zstd-port';
import { nodePort } from './zstd-thread';

/** A source over a fresh channel per load, counting the blocks the serving end posts. */
function channelSource() {
  const stats = { blocksPosted: 0, closed: 0, piecesAsked: 0 };
  const source = zstdFramesOver(() => {
    const ch = new MessageChannel();
    const post = ch.port2.postMessage.bind(ch.port2);
    ch.port2.postMessage = (m: unknown, t?: never) => {
      if (m === 'more') stats.piecesAsked++;
      else if ((m as { item?: { kind: string } }).item?.kind === 'block') stats.blocksPosted++;
      post(m, t);
    };
    serveZstdFrames(nodePort(ch.port2));
    return { port: nodePort(ch.port1), close: () => { stats.closed++; ch.port1.close(); ch.port2.close(); }, onError: () => undefined };
  });
  return { source, stats };
}

/** A log of `turns` closed tool turns, a frame each. */
async function manyFrames(turns: number): Promise<Uint8Array> {
  const frames = [await encodeFrame(JSON.stringify(headerRecord()) + '\n')];
  for (let t = 0; t < turns; t++) frames.push(await encodeFrame(jsonl(closedToolTurn(t * 8, t + 1))));
  return concatBytes(frames);
}

describe('zstd decoding over a port', () => {
  it('loads every corpus log and damaged copy to the same outcome as decoding in the loader', async () => {
    const { source, stats } = channelSource();
    let n = 0;
    for (const [name, b] of zstdCorpusCases()) {
      const ref = loadOutcome(await loadBytes(b, { now: 0 }));
      for (const limits of [{}, { zstdPieceBytes: 7, zstdBlockBytes: 64 }]) {
        expect(loadOutcome(await loadBytes(b, { now: 0, zstdFrames: source, ...limits })), `${name} ${JSON.stringify(limits)}`).toEqual(ref);
        n++;
      }
      const asked = stats.piecesAsked;
      expect(loadOutcome(await loadBytes(new Blob([b.slice()]), { now: 0, zstdFrames: source, zstdPieceBytes: 5 })), `${name} as a Blob`).toEqual(ref);
      expect(stats.piecesAsked, 'a Blob is read by the thread itself').toBe(asked);
      n++;
    }
    expect(stats.closed, 'every load ends its port').toBe(n);
    expect(stats.piecesAsked, 'bytes are handed over a piece at a time').toBeGreaterThan(0);
  });

  it('refuses a log past the plaintext limit at the same line and seq', async () => {
    const b = await manyFrames(40);
    const { source } = channelSource();
    for (const max of [300, 5000, 20000]) {
      const ref = await loadBytes(b, { now: 0, maxPlaintext: max });
      expect(ref.verdict.ok).toBe(false);
      expect((await loadBytes(b, { now: 0, maxPlaintext: max, zstdFrames: source, zstdBlockBytes: 100 })).verdict).toEqual(ref.verdict);
    }
  });

  it('decodes at most AHEAD blocks ahead of the consumer, and ends its port when the consumer stops', async () => {
    const b = await manyFrames(60);
    const { source, stats } = channelSource();
    const it = source(b, { pieceBytes: 1 << 20, maxPlain: 1 << 30, blockBytes: 100 })[Symbol.asyncIterator]();
    expect((await it.next()).value?.kind).toBe('header');
    await new Promise((r) => setTimeout(r, 100));
    expect(stats.blocksPosted).toBe(AHEAD);
    for (let i = 0; i < 5; i++) expect((await it.next()).value?.kind).toBe('block');
    await new Promise((r) => setTimeout(r, 100));
    expect(stats.blocksPosted).toBe(AHEAD + 5);
    await it.return!();
    expect(stats.closed).toBe(1);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });
});
