/**
 * zstd logs are judged in stream order, as DSH does: it decodes one frame at a time and judges
 * each record as it arrives, so damage that a later `turn/end` commits within the frames read so
 * far is the verdict, with its line, before a later frame that fails is ever reached.
 */
import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, utf8 } from '../testing/builders';
import { loadBytes } from './load';
import { concatBytes, encodeFrame, frameSpans } from './zstd-encode';

const H = JSON.stringify(headerRecord()) + '\n';
const TURN1 = jsonl(closedToolTurn(0, 1)); // seqs 0–7, lines 2–9
const TURN2 = jsonl(closedToolTurn(8, 2)); // seqs 8–15

/** A frame that fails as `how` says: its checksum does not match, or its block does not decompress. */
async function badFrame(how: 'checksum' | 'decompress'): Promise<Uint8Array> {
  const text = jsonl(closedToolTurn(16, 3));
  if (how === 'checksum') return encodeFrame(text, { checksum: 'wrong' });
  const f = (await encodeFrame(text)).slice();
  const { blocksStart } = frameSpans(f)[0];
  f[blocksStart] = (f[blocksStart] & ~0b110) | 0b100; // the raw block now claims to be compressed
  return f;
}

/** Header frame, then the given frames, each plain text or ready bytes. */
async function log(parts: (string | Uint8Array)[]): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/await-thenable -- encodeFrame promises mixed with ready bytes
  const frames = await Promise.all([H, ...parts].map((p) => (typeof p === 'string' ? encodeFrame(p) : p)));
  return concatBytes(frames);
}

/** The verdict whole and read a few bytes at a time (the frames then end in different pieces). */
async function verdicts(bytes: Uint8Array) {
  return [(await loadBytes(bytes, { now: 0 })).verdict, (await loadBytes(bytes, { now: 0, zstdPieceBytes: 7 })).verdict];
}

const UNPARSABLE = {
  ok: false, kind: 'corrupt', code: 'committed-unparsable', line: 10, seq: 8,
  message: 'Line 10 (seq 8) is unparsable, and a turn/end follows on line 18, so the damage is in committed history.',
};
const GAP = {
  ok: false, kind: 'corrupt', code: 'committed-seq-gap', line: 10, seq: 8,
  message: 'Line 10 breaks seq contiguity (expected seq 8, got 9) in committed history (a turn/end is on line 17).',
};

describe('zstd damage is judged in stream order', () => {
  for (const how of ['checksum', 'decompress'] as const) {
    it(`an unparsable record committed by a later turn/end in the frames read so far comes before a frame whose ${how} fails`, async () => {
      const bytes = await log([TURN1, '{"type":"turn/st\n' + TURN2, await badFrame(how)]);
      for (const v of await verdicts(bytes)) expect(v).toEqual(UNPARSABLE);
    });
    it(`a seq gap committed by a later turn/end in the frames read so far comes before a frame whose ${how} fails`, async () => {
      const gap = jsonl(closedToolTurn(9, 2)); // seq 9 where 8 is due; its turn/end is seq 16 on line 17
      const bytes = await log([TURN1, gap, await badFrame(how)]);
      for (const v of await verdicts(bytes)) expect(v).toEqual(GAP);
    });
  }

  it('the committing turn/end may be in a later frame than the damage, as long as it comes before the failing one', async () => {
    const bytes = await log([TURN1, '{"type":"turn/st\n', TURN2, await badFrame('checksum')]);
    for (const v of await verdicts(bytes)) expect(v).toEqual(UNPARSABLE);
  });

  it('a committed seq gap comes before structural junk after the frames read so far', async () => {
    const bytes = concatBytes([await log([TURN1, jsonl(closedToolTurn(9, 2))]), utf8('junk after the last frame')]);
    for (const v of await verdicts(bytes)) expect(v).toEqual(GAP);
  });

  it('damage not yet committed when a frame fails: the failing frame is the verdict, at the line and seq it would have held', async () => {
    // the turn/end that would commit the damage lies beyond the failing frame, so DSH never reads it
    const bad = await badFrame('checksum');
    const head = await log([TURN1, '{"type":"turn/st\n']);
    const bytes = concatBytes([head, bad, await encodeFrame(TURN2)]);
    for (const v of await verdicts(bytes)) {
      expect(v).toEqual({
        ok: false, kind: 'corrupt', code: 'zstd-framing', line: 11, seq: 8,
        message: `Line 11, seq 8: Corrupt Zstandard session log: frame at byte ${head.length} failed validation (checksum mismatch).`,
      });
    }
  });
});
