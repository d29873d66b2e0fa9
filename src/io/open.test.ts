import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBytes, readInput } from './open';
import { MAX_ENTRY_BYTES, readExportZip } from './zip';
import { CONFORMANCE_DIR } from '../testing/corpus';

const corpus = CONFORMANCE_DIR;
const read = (name: string) => new Uint8Array(readFileSync(resolve(corpus, name)));

describe('openBytes', () => {
  it('reads a Blob whole unless it is zstd, and opens any Blob as it opens the same bytes', async () => {
    const plain = read('v01-minimal-one-turn.jsonl'), zstd = read('z01-zstd-multi-frame.jsonl.zstd');
    const zip = zipSync({ 'session.jsonl': read('v09-fork-parent.jsonl') });
    expect(await readInput(new Blob([plain])), 'plain').toEqual(plain);
    expect(await readInput(new Blob([zip])), 'zip').toEqual(zip);
    expect(await readInput(new Blob([zstd]))).toBeInstanceOf(Blob);
    for (const b of [plain, zstd, zip]) {
      const [fromBytes, fromBlob] = [await openBytes(b, { now: 0 }), await openBytes(new Blob([b]), { now: 0 })];
      expect([fromBlob.container, fromBlob.result.verdict, fromBlob.result.session?.log.events()]).toEqual([fromBytes.container, fromBytes.result.verdict, fromBytes.result.session?.log.events()]);
    }
  });

  it('opens an export ZIP at its root session and lists its sub-agent sessions and media', async () => {
    const zip = zipSync({
      'session.jsonl': read('v09-fork-parent.jsonl'),
      'subagents/v09-child/session.jsonl': read('v09-fork-child.jsonl'),
      'media/sha256:abc.png': new Uint8Array([137, 80, 78, 71]),
      '../../escape.jsonl': new Uint8Array([1]),
    });
    const o = await openBytes(zip, { now: 0, fileName: 'dsh-session-x.zip' });
    expect(o.container).toBe('zip');
    expect(o.result.verdict.ok).toBe(true);
    expect(o.result.header!.id).toBe('v09-parent');
    expect(o.archive!.children.map((c) => c.key)).toEqual(['v09-child']);
    expect(o.archive!.media.get('sha256:abc')?.mediaType).toBe('image/png');
    expect(o.archive!.ignored).toEqual(['../../escape.jsonl']);
    const child = await openBytes(zip, { now: 0, entry: 'subagents/v09-child/session.jsonl' });
    expect(child.result.header!.parentSession).toBe('v09-parent');
  });

  it('refuses a ZIP entry that claims a huge uncompressed size before inflating it', () => {
    const zip = zipSync({ 'session.jsonl': new TextEncoder().encode('{}\n') }, { level: 0 });
    // patch the central directory's uncompressed size (offset 24 of the CD header) to 4 GiB - 1
    const cd = findSig(zip, 0x02014b50);
    new DataView(zip.buffer).setUint32(cd + 24, 0xffffffff, true);
    expect(0xffffffff).toBeGreaterThan(MAX_ENTRY_BYTES);
    expect(() => readExportZip(zip)).toThrow(/claims more than/);
  });

  it('opens plain and zstd logs directly', async () => {
    expect((await openBytes(read('v01-minimal-one-turn.jsonl'), { now: 0 })).container).toBe('log');
    const z = await openBytes(read('z01-zstd-multi-frame.jsonl.zstd'), { now: 0 });
    expect(z.result.encoding).toBe('zstd');
    expect(z.result.verdict.ok).toBe(true);
  });
});

function findSig(b: Uint8Array, sig: number): number {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i + 4 <= b.length; i++) if (dv.getUint32(i, true) === sig) return i;
  throw new Error('signature not found');
}
