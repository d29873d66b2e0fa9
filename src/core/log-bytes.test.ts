import { describe, expect, it } from 'vitest';
import { LogBytes, type ByteBacking } from './log-bytes';

/** A backing over `bytes` that counts its reads (a disk-backed file's part). */
function counted(bytes: Uint8Array): ByteBacking & { reads: number } {
  return { reads: 0, covered: bytes.length, heldBytes: 0, read(s, e) { this.reads++; return bytes.slice(s, e); } };
}

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => i & 0xff);

describe('LogBytes: the scanned bytes a backing covers, kept while loading', () => {
  it('reads a line of the ranges scanned last from memory until the load settles, then from the backing', () => {
    const file = bytesOf(4096), backing = counted(file), store = new LogBytes(backing);
    store.note(0, file.subarray(0, 2048));
    store.note(2048, file.subarray(2048));
    expect(store.read(100, 200)).toEqual(file.subarray(100, 200));
    expect(store.read(3000, 3100)).toEqual(file.subarray(3000, 3100));
    expect(backing.reads).toBe(0);
    expect(store.heldBytes).toBe(4096);
    // a range across two scanned pieces is the backing's to join
    expect(store.read(2000, 2100)).toEqual(file.subarray(2000, 2100));
    expect(backing.reads).toBe(1);
    store.settle();
    expect(store.heldBytes).toBe(0);
    expect(store.read(100, 200)).toEqual(file.subarray(100, 200));
    expect(backing.reads).toBe(2);
    // nothing is kept once settled (a followed log's appends, scanned later)
    store.note(0, file.subarray(0, 2048));
    expect(store.heldBytes).toBe(0);
  });

  it('keeps about 8 MiB of the latest ranges: older ones are read from the backing again', () => {
    const piece = 1 << 20, file = new Uint8Array(12 * piece), backing = counted(file), store = new LogBytes(backing);
    for (let k = 0; k < 12; k++) store.note(k * piece, file.subarray(k * piece, (k + 1) * piece));
    expect(store.heldBytes).toBe(8 * piece);
    store.read(11 * piece, 11 * piece + 10);
    store.read(4 * piece, 4 * piece + 10);
    expect(backing.reads).toBe(0);
    store.read(3 * piece, 3 * piece + 10);
    expect(backing.reads).toBe(1);
  });
});
