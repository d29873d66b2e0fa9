import { describe, expect, it } from 'vitest';
import { MAX_PLAIN_BYTES, MAX_ZSTD_BYTES, sizeRefusal } from './size-guard';

/** A Blob that reports `size` without holding it: only its head is ever read. */
function claimed(size: number, head: number[]): Blob {
  const real = new Blob([new Uint8Array(head)]);
  return { size, slice: (a?: number, b?: number) => real.slice(a, b) } as unknown as Blob;
}
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd], TEXT = [0x7b, 0x22, 0x74, 0x79];

describe('sizeRefusal', () => {
  it('refuses, in one sentence naming the file and both sizes, what a tab cannot hold', async () => {
    expect(await sizeRefusal(claimed(MAX_PLAIN_BYTES + 1, TEXT), 'big.jsonl')).toBe('big.jsonl is 1.50 GiB, more than the 1.50 GiB this viewer can hold in a browser tab, so it was not opened.');
    expect(await sizeRefusal(claimed(MAX_ZSTD_BYTES + 1, ZSTD), 'big.jsonl.zstd')).toBe('big.jsonl.zstd is 384.0 MiB of Zstandard, which expands past the 384.0 MiB this viewer can hold in a browser tab, so it was not opened.');
  });
  it('lets through what fits: plain up to its limit, zstd up to the plaintext cap', async () => {
    expect(await sizeRefusal(claimed(MAX_PLAIN_BYTES, TEXT), 'a.jsonl')).toBeUndefined();
    expect(await sizeRefusal(claimed(MAX_ZSTD_BYTES + 1, TEXT), 'a.jsonl')).toBeUndefined();
    expect(await sizeRefusal(claimed(MAX_ZSTD_BYTES, ZSTD), 'a.jsonl.zstd')).toBeUndefined();
  });
});
