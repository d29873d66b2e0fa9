import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeForkExportZstd, formatForkExport } from './export';
import { loadBytes } from './load';
import { CONFORMANCE_DIR } from '../testing/corpus';

const corpus = CONFORMANCE_DIR;
const enc = new TextEncoder();

describe('formatForkExport', () => {
  it('writes the log truncated at the cursor as a fork that loads ok with the same events', async () => {
    const parent = await loadBytes(new Uint8Array(readFileSync(resolve(corpus, 'v07-tool-result-prune.jsonl'))), { now: 0 });
    expect(parent.verdict.ok).toBe(true);
    for (const cursor of [5, 20, parent.session!.log.length - 1]) {
      const x = formatForkExport(parent, cursor, { now: 1 });
      expect(x.header).toMatchObject({ parentSession: parent.header!.id, seedLength: cursor + 1 });
      const child = await loadBytes(enc.encode(x.text), { now: 0 });
      expect(child.verdict).toEqual({ ok: true });
      const n = cursor + 1;
      expect(child.session!.events(0, n)).toEqual(parent.session!.events(0, n));
      expect(child.timeline!.surfaceAt(cursor)).toEqual(parent.timeline!.surfaceAt(cursor));
    }
  });

  it('writes the same fork as zstd frames that load ok', async () => {
    const parent = await loadBytes(new Uint8Array(readFileSync(resolve(corpus, 'v06-compaction-nested.jsonl'))), { now: 0 });
    const x = formatForkExport(parent, 40, { now: 1 });
    const z = await encodeForkExportZstd(x);
    expect(Array.from(z.subarray(0, 4))).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    const child = await loadBytes(z, { now: 0 });
    expect(child.verdict).toEqual({ ok: true });
    expect(child.encoding).toBe('zstd');
    expect(child.session!.events(0, 41)).toEqual(parent.session!.events(0, 41));
  });

  it('closes a cursor inside an open turn with crash-repair closers on reload', async () => {
    const parent = await loadBytes(new Uint8Array(readFileSync(resolve(corpus, 'v01-minimal-one-turn.jsonl'))), { now: 0 });
    const child = await loadBytes(enc.encode(formatForkExport(parent, 6).text), { now: 0 });
    expect(child.verdict.ok).toBe(true);
    expect(child.closers.map((c) => c.type)).toContain('turn/end');
  });
});

describe('redactForkExport', () => {
  it('redacts the fork it is given: DSH loads it ok with the same events, and no credential is left', async () => {
    const { redactForkExport } = await import('./export');
    const { skeleton } = await import('../testing/skeleton');
    const parent = await loadBytes(new Uint8Array(readFileSync(resolve(__dirname, '../../public/demo/demo.jsonl'))), { now: 0 });
    const cursor = parent.session!.log.length - 1;
    const x = formatForkExport(parent, cursor, { now: 1 });
    expect(x.text).toContain('/home/dev/');
    const r = await redactForkExport(x);
    expect(r.redacted).toBeGreaterThan(0);
    expect(r.text).not.toContain('/home/dev/');
    expect(r.header.cwd).toBe('/home/user/quayside');
    const child = await loadBytes(enc.encode(r.text), { now: 0 });
    expect(child.verdict).toEqual({ ok: true });
    const n = cursor + 1;
    expect(child.session!.events(0, n).map((e) => skeleton(e))).toEqual(parent.session!.events(0, n).map((e) => skeleton(e)));
  });
});
