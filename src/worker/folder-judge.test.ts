import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedToolTurn, headerRecord, jsonl, logBytes } from '../testing/builders';
import { encodeZstdFrames } from '../io/zstd-encode';
import { judgeFiles } from './folder-judge';

describe('judgeFiles', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('judges each file of a batch in order, with one read of their bytes; a file that is not a log or cannot be read is answered with why', async () => {
    const plain = new Blob([new Uint8Array(logBytes(closedToolTurn(0, 1), headerRecord('p', { cwd: '/w' })))]);
    const zstd = new Blob([new Uint8Array(await encodeZstdFrames([jsonl([headerRecord('z')]), jsonl(closedToolTurn(0, 1))]))]);
    const reads = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const out = await judgeFiles([{ blob: plain, name: 'session.jsonl', path: 'a/p/session.jsonl' }, { blob: new Blob([]), name: 'e.jsonl', path: 'e.jsonl' }, { blob: zstd, name: 'session.jsonl.zstd', path: 'a/z/session.jsonl.zstd' }]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(out[0]).toMatchObject({ verdict: { ok: true }, events: 8, fleet: { id: 'p', path: 'a/p/session.jsonl', project: '/w', figures: { turns: 1, toolCalls: 1 } } });
    expect(out[1]).toEqual({ error: 'This is an empty file, not a session log.' });
    expect(out[2]).toMatchObject({ verdict: { ok: true }, events: 8, fleet: { id: 'z', kind: 'root' } });
    // a file gone since it was listed: the joint read fails, then that one alone
    reads.mockRestore();
    const gone = new Blob(['x']);
    const real = Blob.prototype.arrayBuffer;
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) { return this === gone || this.size === gone.size + plain.size ? Promise.reject(new Error('NotReadableError')) : real.call(this); });
    const again = await judgeFiles([{ blob: gone, name: 'g.jsonl', path: 'g.jsonl' }, { blob: plain, name: 'session.jsonl', path: 'a/p/session.jsonl' }]);
    expect(again[0]).toEqual({ error: 'g.jsonl could not be read (changed or removed since the folder was listed?).' });
    expect(again[1]).toMatchObject({ verdict: { ok: true }, events: 8 });
  });
});
