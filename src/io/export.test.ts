import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeForkExportZstd, forkText, formatForkExport } from './export';
import { writeRedactedFork } from './redact/fork';
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
      const child = await loadBytes(enc.encode(forkText(x)), { now: 0 });
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
    const child = await loadBytes(enc.encode(forkText(formatForkExport(parent, 6))), { now: 0 });
    expect(child.verdict.ok).toBe(true);
    expect(child.closers.map((c) => c.type)).toContain('turn/end');
  });
});

describe('writeRedactedFork', () => {
  it('redacts the fork it is given: DSH loads it ok with the same events, and no credential is left', async () => {
    const { skeleton } = await import('../testing/skeleton');
    const parent = await loadBytes(new Uint8Array(readFileSync(resolve(__dirname, '../../public/demo/demo.jsonl'))), { now: 0 });
    const cursor = parent.session!.log.length - 1;
    const x = formatForkExport(parent, cursor, { now: 1 });
    expect(forkText(x)).toContain('/home/dev/');
    const parts: Uint8Array[] = [];
    const redacted = await writeRedactedFork(x, (b) => parts.push(b), { encoding: 'jsonl' });
    const text = new TextDecoder().decode(await new Blob(parts as BlobPart[]).arrayBuffer());
    expect(redacted).toBeGreaterThan(0);
    expect(text).not.toContain('/home/dev/');
    expect(JSON.parse(text.slice(0, text.indexOf('\n'))).cwd).toBe('/home/user/quayside');
    const child = await loadBytes(enc.encode(text), { now: 0 });
    expect(child.verdict).toEqual({ ok: true });
    const n = cursor + 1;
    expect(child.session!.events(0, n).map((e) => skeleton(e))).toEqual(parent.session!.events(0, n).map((e) => skeleton(e)));
  });
});

describe('formatForkExport in pieces', () => {
  it('cuts a long log into pieces of whole lines, never inside a chunk run, and the pieces load as the whole', async () => {
    const { synthesize } = await import('../synth/generate');
    const { formatJsonl } = await import('../synth/write');
    const s = synthesize({ seed: 3, events: 40_000 });
    const parent = await loadBytes(enc.encode(formatJsonl(s.header, s.events)), { now: 0 });
    const x = formatForkExport(parent, parent.session!.log.length - 2, { now: 1, pieceBytes: 100_000 });
    const pieces = [...x.pieces()];
    expect(pieces.length).toBeGreaterThan(10);
    const dec = new TextDecoder();
    for (const p of pieces) expect(p[p.length - 1], 'each piece ends a line').toBe(10);
    const child = await loadBytes(enc.encode(pieces.map((p) => dec.decode(p)).join('')), { now: 0 });
    expect(child.verdict).toEqual({ ok: true });
    const n = parent.session!.log.length - 1;
    expect(child.session!.events(0, n)).toEqual(parent.session!.events(0, n));
    // no chunk run was split where the events were cut into windows: as many rows as packing them all at once makes
    const { packChunkRuns } = await import('../core/chunk-rows');
    const rows = (text: string) => text.split('\n').filter((l) => l.includes('"seq0":')).length;
    const whole = packChunkRuns(parent.session!.events(0, n)).filter((r) => typeof (r as { seq0?: unknown }).seq0 === 'number').length;
    expect(rows(pieces.map((p) => dec.decode(p)).join(''))).toBe(whole);
  });
});
