/**
 * A zstd log redacted as zstd keeps its frames: every frame none of whose lines changed is written
 * byte for byte as it was read (compression, block layout and checksum as they were), only a frame
 * holding a change is encoded again, and DSH judges the copy as it judged the original, whatever
 * the framing (records split across frames, empty frames, a torn final frame). The decoding gives
 * the same copy in this thread, over a port (as `seqscope redact` runs it in a worker thread) and
 * in batches of any size.
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { nodePort } from '../../cli/zstd-thread';
import { closedToolTurn, headerRecord, jsonl } from '../../testing/builders';
import { verdictShape } from '../../testing/skeleton';
import { concatBytes } from '../bytes';
import { loadBytes } from '../load';
import { encodeFrame, frameSpans, rawFrame } from '../zstd-encode';
import { redactFile, type RedactFileOptions } from './index';
import { decodeZstdBatches, serveZstdBatches, zstdBatchesOver, type ZstdBatchSource } from './zstd-batches';

const KEY = `sk-${'0f1e2d3c4b5a6978'.repeat(2)}`;
/** Frames of 1,000-byte raw blocks: a frame the writer encoded again would have one 128 KiB block. */
const SMALL_BLOCKS = { blockSize: 1000 } as const;

const header = () => JSON.stringify(headerRecord('s1', { cwd: '/srv/app' })) + '\n';
/** Turn `t` (8 records) as text, its tool result holding `secret` when given. */
function turn(t: number, secret?: string): string {
  const events = closedToolTurn(t * 8, t + 1);
  if (secret) (events[5] as { data: { message: { content: { content: { text: string }[] }[] } } }).data.message.content[0].content[0].text = `export TOKEN=${secret}`;
  return jsonl(events);
}

const framesOf = (z: Uint8Array) => frameSpans(z).map((f) => z.subarray(f.start, f.end));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

async function redacted(input: Uint8Array, opts: RedactFileOptions = {}): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  await redactFile(input, (b) => parts.push(b.slice()), opts);
  return concatBytes(parts);
}

async function sameVerdict(input: Uint8Array, out: Uint8Array) {
  const [before, after] = await Promise.all([loadBytes(input, { now: 0 }), loadBytes(out, { now: 0 })]);
  expect(verdictShape(after)).toEqual(verdictShape(before));
  return { before, after };
}

/** The same decoding over a MessageChannel, the input's pieces handed over as the serving end asks. */
const overPort: ZstdBatchSource = zstdBatchesOver(() => {
  const ch = new MessageChannel();
  serveZstdBatches(nodePort(ch.port2));
  return { port: nodePort(ch.port1), close: () => { ch.port1.close(); ch.port2.close(); }, onError: () => undefined };
});
const smallBatches: ZstdBatchSource = (pieces) => decodeZstdBatches(pieces(), 300);

describe('redacting a zstd log keeps its frames', () => {
  it('writes every frame without a change as it was read, and encodes again only the one with a credential', async () => {
    const plain = [header(), turn(0), turn(1, KEY), turn(2), turn(3)];
    const input = concatBytes(await Promise.all(plain.map((p) => encodeFrame(p, SMALL_BLOCKS))));
    let compressed = 0;
    const compress = (b: Uint8Array) => { compressed++; return rawFrame(b, null); };
    const out = await redacted(input, { compress });
    const inFrames = framesOf(input), outFrames = framesOf(out);
    expect(outFrames.length).toBe(inFrames.length);
    expect(compressed, 'only the frame holding the credential is encoded again').toBe(1);
    outFrames.forEach((f, i) => {
      if (i === 2) expect(hex(f)).not.toBe(hex(inFrames[i]));
      else expect(hex(f), `frame ${i}`).toBe(hex(inFrames[i]));
    });
    expect(Buffer.from(out).includes(Buffer.from(KEY))).toBe(false);
    const { after } = await sameVerdict(input, out);
    expect(after.frames).toEqual({ complete: 5, tornBytes: 0 });
  });

  it('copies a log without findings byte for byte', async () => {
    const input = concatBytes(await Promise.all([header(), turn(0), turn(1)].map((p) => encodeFrame(p, SMALL_BLOCKS))));
    expect(hex(await redacted(input))).toBe(hex(input));
  });

  it('keeps the verdict when records are split across frames, frames are empty, and the last frame is torn', async () => {
    const body = turn(0) + turn(1, KEY) + turn(2) + turn(3);
    const cuts = [0, 37, 38, 400, 401, 401, 1200, body.indexOf('TOKEN=') + 9, body.length - 700, body.length];
    const pieces = [header(), ...cuts.slice(1).map((c, i) => body.slice(cuts[i], c))];
    const whole = concatBytes(await Promise.all(pieces.map((p) => encodeFrame(p, SMALL_BLOCKS))));
    const last = frameSpans(whole).at(-1)!;
    const inputs = {
      whole,
      'torn in its checksum': whole.subarray(0, whole.length - 2),
      'torn in its first block': whole.subarray(0, last.start + 20),
      'torn in its header': whole.subarray(0, last.start + 3),
    };
    for (const [name, input] of Object.entries(inputs)) {
      for (const zstdBatches of [undefined, overPort, smallBatches]) {
        const out = await redacted(input, { zstdBatches });
        const { before, after } = await sameVerdict(input, out);
        expect(after.frames?.tornBytes, name).toBe(before.frames?.tornBytes === undefined ? undefined : after.frames!.tornBytes);
        expect(!!after.frames?.tornBytes, name).toBe(!!before.frames?.tornBytes);
        expect(Buffer.from(out).includes(Buffer.from(KEY)), name).toBe(false);
        // the frames before the line with the credential, split records and the empty frame included, are as they were read
        const inF = framesOf(input).map(hex), outF = framesOf(out).map(hex);
        expect(outF.slice(0, 6), name).toEqual(inF.slice(0, 6));
        expect(outF.length, name).toBe(inF.length);
      }
    }
  });

  it('gives the same copy decoded here, over a port and in small batches', async () => {
    const frames = [header()];
    for (let t = 0; t < 30; t++) frames.push(turn(t, t % 7 === 3 ? KEY : undefined));
    const input = concatBytes(await Promise.all(frames.map((p) => encodeFrame(p, SMALL_BLOCKS))));
    const here = await redacted(input);
    expect(hex(await redacted(input, { zstdBatches: overPort }))).toBe(hex(here));
    expect(hex(await redacted(input, { zstdBatches: smallBatches }))).toBe(hex(here));
    expect(hex(await redacted(input, { encoding: 'jsonl', zstdBatches: overPort }))).toBe(hex(await redacted(input, { encoding: 'jsonl' })));
    await sameVerdict(input, here);
  });

  it('refuses a frame that does not decode, over a port too', async () => {
    const good = await encodeFrame(turn(0));
    const bad = await encodeFrame(turn(1), { checksum: 'wrong' });
    const input = concatBytes([await encodeFrame(header()), good, bad]);
    for (const zstdBatches of [undefined, overPort]) {
      await expect(redacted(input, { zstdBatches })).rejects.toMatchObject({ code: 'redact-zstd-damage' });
    }
  });
});
