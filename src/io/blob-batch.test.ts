import { afterEach, describe, expect, it, vi } from 'vitest';
import { utf8 } from '../testing/builders';
import { readBlobs } from './blob-batch';

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : b);

describe('readBlobs', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('reads many Blobs with one read and gives each its own bytes', async () => {
    const blobs = [new Blob(['alpha']), new Blob([]), new Blob([utf8('β-gamma\n')]), new Blob(['d']).slice(0, 1)];
    const reads = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const out = await readBlobs(blobs);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(out.map(text)).toEqual(['alpha', '', 'β-gamma\n', 'd']);
  });

  it('reads each alone when the joint read fails, and gives undefined for one that cannot be read', async () => {
    const bad = new Blob(['gone']);
    const real = Blob.prototype.arrayBuffer;
    let calls = 0;
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      calls++;
      // the Blob made of all of them, and the one file, cannot be read (a file changed since it was picked)
      return calls === 1 || this === bad ? Promise.reject(new Error('NotReadableError')) : real.call(this);
    });
    expect((await readBlobs([new Blob(['a']), bad, new Blob(['c'])])).map(text)).toEqual(['a', undefined, 'c']);
    expect(calls).toBe(4);
  });
});
