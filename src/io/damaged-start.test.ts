/**
 * A zstd log whose first bytes are damaged is refused as a damaged log (DSH's "invalid frame magic
 * at byte 0"), not named binary data, when its name or a later intact frame says what it was; the
 * loader (the CLI) and the page's open give the same verdict. Binary data with neither stays binary data.
 */
import { describe, expect, it } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, logBytes } from '../testing/builders';
import { loadBytes } from './load';
import { openBytes } from './open';
import { encodeZstdFrames } from './zstd-encode';

async function zstdLog(): Promise<Uint8Array> {
  return encodeZstdFrames([headerRecord('z'), ...closedToolTurn(0, 1)].map((r) => jsonl([r])));
}
const damaged = (b: Uint8Array) => { const c = b.slice(); c.fill(0, 0, 4); return c; };
const verdictOfOpen = async (b: Uint8Array, fileName: string) => (await openBytes(b, { fileName, now: 0 })).result.verdict;

describe('a zstd log damaged at its start', () => {
  it('is a damaged log at line 1 when an intact frame follows, whatever its name, and the page and the CLI agree', async () => {
    const b = damaged(await zstdLog());
    for (const name of ['session.jsonl.zstd', 'renamed.jsonl', 'no-name']) {
      const page = await verdictOfOpen(b, name);
      const cli = (await loadBytes(b, { fileName: name, now: 0 })).verdict;
      expect(page).toEqual(cli);
      expect(page).toMatchObject({ ok: false, kind: 'corrupt', code: 'zstd-framing', line: 1 });
      expect(page.ok ? '' : page.message).toMatch(/^Line 1: Corrupt Zstandard session log, damaged at its start: invalid frame magic at byte 0, so frame 1 \(the header\) cannot be decoded; an intact frame starts at byte \d+\.$/);
    }
    expect((await loadBytes(b, { now: 0 })).encoding).toBe('zstd');
  });

  it('is a damaged log by its name alone when no intact frame follows (one frame, its magic gone)', async () => {
    const one = await encodeZstdFrames([jsonl([headerRecord('z')])]);
    const b = damaged(one);
    for (const name of ['s.jsonl.zstd', 's.jsonl.zst']) {
      const v = await verdictOfOpen(b, name);
      expect(v).toEqual((await loadBytes(b, { fileName: name, now: 0 })).verdict);
      expect(v.ok ? '' : v.message).toBe(`Line 1: Corrupt Zstandard session log, damaged at its start: invalid frame magic at byte 0, so frame 1 (the header) cannot be decoded; its name ends in ${name.slice(name.lastIndexOf('.'))}, and no intact frame follows.`);
    }
    await expect(openBytes(b, { fileName: 's.jsonl', now: 0 })).rejects.toThrow('This is binary data, not a session log.');
  });

  it('leaves binary data binary data, and a plain log named .jsonl.zstd a plain log', async () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    await expect(openBytes(noise, { fileName: 'noise.jsonl', now: 0 })).rejects.toThrow('This is binary data, not a session log.');
    const plain = logBytes(closedToolTurn());
    const r = await loadBytes(plain, { fileName: 'renamed.jsonl.zstd', now: 0 });
    expect([r.verdict.ok, r.encoding]).toEqual([true, 'jsonl']);
  });
});
