import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openBytes } from '../io/open';
import { compareWith, containerFields, forkExportFile, mediaList, peekHeader } from './extras';
import { encodeFork } from './fork-encode';
import { SessionQueries } from './queries';

const demo = (n: string) => new Uint8Array(readFileSync(new URL(`../../public/demo/${n}`, import.meta.url)));

describe('worker extras', () => {
  it('describes an export ZIP: sessions with header links, media, ignored entries', async () => {
    const parent = demo('fork-parent.jsonl'), child = demo('fork-child.jsonl');
    const zip = zipSync({ 'session.jsonl': parent, 'subagents/c/session.jsonl': child, 'media/sha256:ab.png': new Uint8Array([1, 2]), 'x.txt': new Uint8Array(1) });
    const o = await openBytes(zip, { now: 0 });
    const f = containerFields(o);
    expect(f.container).toBe('zip');
    expect(f.entry).toBe('session.jsonl');
    expect(f.archive!.mediaCount).toBe(1);
    expect(f.archive!.ignored).toEqual(['x.txt']);
    const [root, c] = f.archive!.sessions;
    expect(root.id).toBe(peekHeader(parent).id);
    expect(c.parentSession).toBe(root.id);
    expect(c.seedLength).toBeGreaterThan(0);
    expect(mediaList(o.archive).map((m) => [m.id, m.mediaType, m.bytes.byteLength])).toEqual([['sha256:ab', 'image/png', 2]]);
    const cmp = await compareWith(new SessionQueries(o.result), o, { entry: 'subagents/c/session.jsonl', from: c.seedLength!, limit: 5 });
    expect(cmp.other.rows[0].seq).toBe(c.seedLength);
  });

  it('says where and why fixture mode stopped: a record citing a later seq (line and seq)', async () => {
    const rec = [
      { type: 'session', id: '{{sessionId}}', createdAt: 1, cwd: '{{cwd}}' },
      { type: 'turn/start', data: { turn: 1 } },
      { type: 'user/message', data: { id: 'u1', role: 'user', content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } }, surfaceOp: 'append' },
      { type: 'step/start', data: { turn: 1, step: 1 } },
      { type: 'assistant/message', data: { turn: 1, step: 1, message: { id: 'a1', role: 'assistant', source: { kind: 'model', provider: 'p', model: 'm' }, content: [{ type: 'text', text: 'x' }] } }, surfaceOp: 'append', sourceEventSeqs: [7] },
      { type: 'step/end', data: { turn: 1, step: 1 } },
    ];
    const o = await openBytes(new TextEncoder().encode(rec.map((r) => JSON.stringify(r) + '\n').join('')), { now: 0 });
    expect(o.container).toBe('fixture');
    const f = containerFields(o);
    expect(f.fixtureFailure).toMatchObject({ line: 5, seq: 3 });
    expect(f.fixtureFailure!.message).toMatch(/^Line 5 \(seq 3\): .*7 >= current seq 3.* Fixture mode shows the events before it\.$/);
    const ok = containerFields(await openBytes(new TextEncoder().encode(rec.slice(0, 4).map((r) => JSON.stringify(r) + '\n').join('')), { now: 0 }));
    expect(ok.container).toBe('fixture');
    expect(ok.fixtureFailure).toBeUndefined();
  });

  it('exports a fork at the cursor that loads ok, plain and zstd', async () => {
    const o = await openBytes(demo('tool-round.jsonl'), { now: 0 });
    const r = o.result;
    const end = r.session!.log.length - 1;
    for (const zstd of [false, true]) {
      const x = await forkExportFile(r, end, zstd, 1, false, encodeFork);
      expect(x.name).toBe(`${r.header!.id}-fork-${end}.jsonl${zstd ? '.zstd' : ''}`);
      const back = (await openBytes(new Uint8Array(await x.bytes.arrayBuffer()), { now: 0 })).result;
      expect(back.verdict.ok).toBe(true);
      expect(back.header!.seedLength).toBe(end + 1);
    }
    for (const zstd of [false, true]) {
      const red = await forkExportFile(r, end, zstd, 1, true, encodeFork);
      expect(red.redacted).toBeGreaterThanOrEqual(0);
      const back = (await openBytes(new Uint8Array(await red.bytes.arrayBuffer()), { now: 0 })).result;
      expect([back.verdict.ok, back.encoding, back.header!.seedLength]).toEqual([true, zstd ? 'zstd' : 'jsonl', end + 1]);
    }
    expect((await forkExportFile(r, end, false, 1, false, encodeFork)).redacted, 'not redacted unless asked').toBeUndefined();
  });

  it('peeks header links even when the header gate refuses it', () => {
    expect(peekHeader(new TextEncoder().encode('{"type":"session","id":"x","parentSession":"p","seedLength":3}\n'))).toMatchObject({ id: 'x', parentSession: 'p', seedLength: 3 });
    expect(peekHeader(new TextEncoder().encode('nope'))).toEqual({});
  });
});
