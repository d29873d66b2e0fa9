import { describe, expect, it } from 'vitest';
import { MAX_LOG_PLAINTEXT } from '../io/limits';
import { sizeRefusal } from './size-guard';

/** A Blob that reports `size` without holding it: only its head is ever read. */
function claimed(size: number, head: number[]): Blob {
  const real = new Blob([new Uint8Array(head)]);
  return { size, slice: (a?: number, b?: number) => real.slice(a, b) } as unknown as Blob;
}
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd], TEXT = [0x7b, 0x22, 0x74, 0x79];

describe('sizeRefusal', () => {
  it('refuses, in one sentence naming the file and both sizes, what a tab cannot hold', async () => {
    expect(await sizeRefusal(claimed(MAX_LOG_PLAINTEXT + 1, TEXT), 'big.jsonl')).toBe('big.jsonl is 4.00 GiB (4,294,967,297 bytes), more than the 4 GiB of log this viewer reads, so it was not opened.');
    expect(await sizeRefusal(claimed(5 * 2 ** 30, ZSTD), 'big.jsonl.zstd')).toBe('big.jsonl.zstd is 5.00 GiB (5,368,709,120 bytes) of Zstandard, which expands past the 4 GiB of log this viewer reads, so it was not opened.');
  });
  it('lets through what fits: plain and zstd up to the 4 GiB plaintext limit (past the 1.5 GiB and 384 MiB of old)', async () => {
    expect(MAX_LOG_PLAINTEXT).toBe(4 * 2 ** 30);
    expect(await sizeRefusal(claimed(MAX_LOG_PLAINTEXT, TEXT), 'a.jsonl')).toBeUndefined();
    expect(await sizeRefusal(claimed(2 * 2 ** 30, TEXT), 'a.jsonl')).toBeUndefined();
    expect(await sizeRefusal(claimed(MAX_LOG_PLAINTEXT, ZSTD), 'a.jsonl.zstd')).toBeUndefined();
    expect(await sizeRefusal(claimed(400 * 2 ** 20, ZSTD), 'a.jsonl.zstd')).toBeUndefined();
  });
});
