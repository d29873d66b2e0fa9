import { describe, expect, it, vi } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, stepStart, turnStart, utf8 } from '../testing/builders';
import { concatBytes, encodeFrame, encodeZstdFrames, frameSpans } from './zstd-encode';
import { loadBytes } from './load';
import { decodeFrame, decodeTornFrame, scanZstdFrames } from './zstd';

const H = JSON.stringify(headerRecord()) + '\n';

describe('zstd frame scan (persistence.md §2.4)', () => {
  it('finds every complete hand-built frame and decodes it with a verified checksum', async () => {
    const a = await encodeFrame(utf8('hello\n'));
    const b = await encodeFrame(utf8('x'.repeat(70_000)), { blockSize: 30_000 });
    const bytes = concatBytes([a, b]);
    const scan = scanZstdFrames(bytes);
    expect(scan.tornStart).toBe(-1);
    expect(scan.frames.map((f) => [f.start, f.end, f.checksum])).toEqual([[0, a.length, true], [a.length, bytes.length, true]]);
    expect(new TextDecoder().decode(await decodeFrame(bytes, scan.frames[0]))).toBe('hello\n');
    expect((await decodeFrame(bytes, scan.frames[1])).length).toBe(70_000);
  });
  it('reports a structurally incomplete final frame as torn at every cut point', async () => {
    const a = await encodeFrame(utf8('one\n'));
    const b = await encodeFrame(utf8('two\n'), { blockSize: 2 });
    for (let cut = 1; cut < b.length; cut++) {
      const scan = scanZstdFrames(concatBytes([a, b.subarray(0, cut)]));
      expect(scan.frames).toHaveLength(1);
      expect(scan.tornStart).toBe(a.length);
    }
  });
  it('reports junk at a frame start and a reserved block type as fatal, after the frames before it', async () => {
    const junk = scanZstdFrames(utf8('not zstd at all'));
    expect(junk.frames).toHaveLength(0);
    expect(junk.error?.message).toMatch(/invalid frame magic at byte 0/);
    const f = await encodeFrame(utf8('abc'));
    const bad = f.slice();
    bad[frameSpans(f)[0].blocksStart] |= 0b110; // first block header: block type 3 (reserved)
    const twice = new Uint8Array([...f, ...bad]);
    const scan = scanZstdFrames(twice);
    expect(scan.frames).toHaveLength(1);
    expect(scan.error?.message).toMatch(/reserved block type/);
  });
  it('refuses a complete frame whose checksum does not match', async () => {
    const f = await encodeFrame(utf8('abc\n'), { checksum: 'wrong' });
    await expect(decodeFrame(f, scanZstdFrames(f).frames[0])).rejects.toThrow(/checksum mismatch/);
  });
  it('prefix-decodes the completed blocks of a torn frame', async () => {
    const f = await encodeFrame(utf8('aabbcc'), { blockSize: 2 });
    const torn = f.subarray(0, f.length - 4 - 3); // drop checksum and most of the last block
    expect(new TextDecoder().decode(decodeTornFrame(torn))).toBe('aabb');
  });
});

describe('loadBytes on zstd logs', () => {
  it('loads a DSH-shaped log: header frame, then one frame per batch', async () => {
    const bytes = await encodeZstdFrames([H, jsonl(closedToolTurn().slice(0, 4)), jsonl(closedToolTurn().slice(4))]);
    const r = await loadBytes(bytes, { now: 0 });
    expect(r.encoding).toBe('zstd');
    expect(r.verdict.ok).toBe(true);
    expect(r.storedEventCount).toBe(8);
    expect(r.frames).toEqual({ complete: 3, tornBytes: 0 });
  });
  it('recovers the complete records of a torn final frame and repairs the open turn', async () => {
    const full = await encodeZstdFrames([H, jsonl([turnStart(0, 1)]), jsonl([stepStart(1, 1, 1)]) + '{"type":"step/end","seq":2'], { blockSize: 16 });
    const r = await loadBytes(full.subarray(0, full.length - 6), { now: 0 });
    expect(r.verdict.ok).toBe(true);
    expect(r.storedEventCount).toBe(2);
    expect(r.closers.map((c) => c.type)).toEqual(['step/end', 'turn/end']);
    expect(r.frames!.tornBytes).toBeGreaterThan(0);
  });
  it('refuses a header frame that is not exactly one line', async () => {
    const bytes = await encodeZstdFrames([H + jsonl([turnStart(0, 1)])]);
    expect((await loadBytes(bytes)).verdict).toMatchObject({ ok: false, kind: 'corrupt' });
  });
  it('refuses a torn record inside a complete frame', async () => {
    const bytes = await encodeZstdFrames([H, '{"type":"turn/start","seq":0', jsonl([stepStart(1, 1, 1)])]);
    expect((await loadBytes(bytes)).verdict).toMatchObject({ ok: false, kind: 'corrupt' });
  });
  it('refuses a file that expands past the plaintext limit, naming the limit, and keeps what came before', async () => {
    const turn = closedToolTurn();
    const [first, second] = [jsonl(turn.slice(0, 4)), jsonl(turn.slice(4))];
    const bytes = await encodeZstdFrames([H, first, second]);
    expect((await loadBytes(bytes, { now: 0 })).verdict.ok).toBe(true);
    const limit = H.length + first.length + 1; // ASCII: bytes = characters
    const r = await loadBytes(bytes, { now: 0, maxPlaintext: limit });
    expect(r.verdict).toMatchObject({ ok: false, code: 'zstd-too-large', message: `Line 6, seq 4: The Zstandard file expands to more than ${limit} bytes, more than this viewer will read.`, line: 6, seq: 4 });
    expect(r.storedEventCount).toBe(4);
  });
});

describe('libzstd instances across loads', () => {
  const turns = (n: number): string[] => Array.from({ length: n }, (_, k) => jsonl(closedToolTurn(8 * k, k + 1)));

  it('serve one load after another: a thread of many small zstd logs instantiates libzstd once', async () => {
    const bytes = await encodeZstdFrames([H, ...turns(2)]);
    await loadBytes(bytes, { now: 0 });
    const made = vi.spyOn(WebAssembly, 'instantiate');
    try {
      for (let i = 0; i < 3; i++) expect((await loadBytes(bytes, { now: 0 })).storedEventCount).toBe(16);
      // a refused log hands its instance back too
      expect((await loadBytes(await encodeZstdFrames([H, '{"type":"turn/start","seq":0', jsonl([stepStart(1, 1, 1)])]))).verdict.ok).toBe(false);
      expect((await loadBytes(bytes, { now: 0 })).verdict.ok).toBe(true);
      expect(made).not.toHaveBeenCalled();
    } finally { made.mockRestore(); }
  });

  it('read a kept log\'s lines again with an idle instance of the thread: a log holds none of its own', async () => {
    const frames = [H, ...turns(3)];
    const bytes = await encodeZstdFrames(frames);
    await loadBytes(bytes, { now: 0 });
    const made = vi.spyOn(WebAssembly, 'instantiate'), madeSync = vi.spyOn(WebAssembly, 'Instance');
    try {
      const r = await loadBytes(bytes, { now: 0 });
      const lines = frames.slice(1).join('').split('\n').filter(Boolean);
      const log = r.session!.log;
      expect(r.storedEventCount).toBe(24);
      for (let s = 0; s < r.storedEventCount; s++) expect(new TextDecoder().decode(log.lineBytes(s))).toBe(lines[s]);
      expect(made).not.toHaveBeenCalled();
      expect(madeSync).not.toHaveBeenCalled();
    } finally { made.mockRestore(); madeSync.mockRestore(); }
  });

  it('stay with a followed log: loads while it is followed get instances of their own, and its appends decode on', async () => {
    const frames = [H, ...turns(3)];
    const whole = await encodeZstdFrames(frames);
    const start = await encodeZstdFrames(frames.slice(0, 2));
    const followed = await loadBytes(start, { now: 0, live: true });
    expect(followed.storedEventCount).toBe(8);
    const made = vi.spyOn(WebAssembly, 'instantiate');
    try {
      // another load in the same thread, while the followed one keeps its decoder
      expect((await loadBytes(whole, { now: 0 })).storedEventCount).toBe(24);
      expect(made).toHaveBeenCalledTimes(1);
    } finally { made.mockRestore(); }
    const grown = followed.live!.append(whole.subarray(start.length));
    expect(grown.storedEventCount).toBe(24);
    expect(grown.verdict).toEqual({ ok: true });
  });
});
