import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { handleRequest } from './handle';
import { SessionQueries } from './queries';
import { FLAG_NOT_ACCEPTED } from './protocol';

const bytes = () => new Uint8Array(readFileSync(new URL('../../../shared/conformance/v06-compaction-nested.jsonl', import.meta.url)));

describe('SessionQueries', () => {
  it('summarizes, answers rows and moments that agree with the timeline', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const s = q.summary();
    expect(s.verdict.ok).toBe(true);
    expect(s.length).toBe(r.session!.log.length);
    expect(s.compactionSeqs.length).toBeGreaterThan(0);
    const rows = q.rows(0, 5);
    expect(rows.map((x) => x.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(rows[0].type).toBe('turn/start');
    for (const n of [0, 10, s.compactionSeqs[0], s.length - 1]) {
      const m = q.moment(n);
      expect(m.counts).toEqual(r.timeline!.countsAt(n));
      expect(m.surface.map((c) => c.seq)).toEqual(r.timeline!.surfaceAt(n));
      expect(m.transcript.filter((x) => x.kind === 'message').length).toBe(m.counts.transcript);
    }
  });

  it('lineage of a compaction names what it replaced, and compare labels shadowed rows', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const c = q.summary().compactionSeqs[0];
    const lin = q.lineage(c);
    expect(lin.replaced.length).toBeGreaterThan(0);
    expect(lin.sources.length).toBeGreaterThan(0);
    const m = q.moment(c);
    const shadowed = m.compare.filter((x) => x.label === 'shadowed').map((x) => x.seq);
    expect(shadowed.length).toBeGreaterThan(0);
    expect(m.compare.some((x) => x.seq === c && x.label === 'replacement')).toBe(true);
  });

  it('searches the whole log and expands JSON one level at a time', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const hits = handleRequest(q, { op: 'search', query: 'TURN/START' }) as Int32Array;
    expect(Array.from(hits)).toEqual(Array.from(r.timeline!.turnSeqs));
    const root = q.node(4, []);
    expect(root.kind).toBe('object');
    expect(root.children!.map((c) => c.key)).toContain('data');
    const data = q.node(4, ['data']);
    expect(data.children!.some((c) => c.key === 'content')).toBe(true);
    expect(JSON.parse(q.json(4)).seq).toBe(4);
  });

  it('handles a deep value without recursion', async () => {
    const text = readFileSync(new URL('../../../shared/conformance/v06-compaction-nested.jsonl', import.meta.url), 'utf8').split('\n');
    let deep = '0';
    for (let i = 0; i < 100_000; i++) deep = `[${deep}]`;
    const lines = text.slice(0, 4);
    lines.push(`{"type":"feedback/record","seq":3,"time":1767225600012,"data":{"v":${deep}}}`);
    const r = await loadBytes(new TextEncoder().encode(lines.join('\n') + '\n'), { now: 0 });
    const q = new SessionQueries(r);
    const seq = 3;
    expect(q.node(seq, ['data', 'v']).kind).toBe('array');
    expect(q.json(seq).length).toBeGreaterThan(200_000);
    expect(q.row(seq).summary.length).toBeLessThan(200);
  });

  it('marks records past a refusal', async () => {
    const lines = readFileSync(new URL('../../../shared/conformance/v06-compaction-nested.jsonl', import.meta.url), 'utf8').split('\n');
    lines[6] = lines[6].replace('"surfaceOp":"append"', '"surfaceOp":"bogus"').replace('"seq":5', '"seq":5');
    const r = await loadBytes(new TextEncoder().encode(lines.join('\n')), { now: 0 });
    const q = new SessionQueries(r);
    const s = q.summary();
    if (!s.verdict.ok) expect(q.rows(0, q.length).some((x) => (x.flags & FLAG_NOT_ACCEPTED) !== 0) || s.droppedTotal > 0).toBe(true);
  });
});
