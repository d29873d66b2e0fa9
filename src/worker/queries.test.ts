import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadBytes } from '../io/load';
import { searchAll } from './session-search';
import { SessionQueries } from './queries';
import { headerInForce } from './moment';
import { FLAG_NOT_ACCEPTED, TR_COMPACTION, TR_SHADOWED } from '../protocol/worker-protocol';
import { conformanceFile } from '../testing/corpus';

const bytes = () => new Uint8Array(readFileSync(conformanceFile('v06-compaction-nested.jsonl')));

describe('SessionQueries', () => {
  it('filters by family or by exact type, with the counts the summary lists', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const s = q.summary();
    const log = r.session!.log;
    const all = Array.from({ length: log.length }, (_, i) => i);
    for (const { type, count } of s.types) {
      const seqs = Array.from(q.filter([`type:${type}`]));
      expect(seqs).toEqual(all.filter((i) => log.typeAt(i) === type));
      expect(seqs.length).toBe(count);
    }
    expect(s.types.reduce((a, t) => a + t.count, 0)).toBe(log.length);
    expect(Array.from(q.filter(['compaction']))).toEqual(all.filter((i) => log.typeAt(i).startsWith('compaction/')));
  });

  it('counts events per type through a seq, for the filter menu', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const log = r.session!.log;
    const mid = Math.floor(log.length / 2);
    const through = new Map(q.typeCountsThrough(mid));
    for (const { type, count } of q.summary().types) {
      const want = Array.from({ length: mid + 1 }, (_, i) => i).filter((i) => log.typeAt(i) === type).length;
      expect(through.get(type) ?? 0).toBe(want);
      expect(want).toBeLessThanOrEqual(count);
    }
    expect([...through.values()].reduce((a, b) => a + b, 0)).toBe(mid + 1);
    expect(new Map(q.typeCountsThrough(log.length + 10))).toEqual(new Map(q.summary().types.map((t) => [t.type, t.count])));
  });

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
      expect(Array.from(m.surfaceSeqs)).toEqual(r.timeline!.surfaceAt(n));
      expect(Array.from(m.transcriptSeqs)).toEqual(r.timeline!.transcriptEntriesAt(n).map((e) => e.seq));
      expect(Array.from(m.transcriptFlags).filter((f) => !(f & TR_COMPACTION)).length).toBe(m.counts.transcript);
      expect(q.cards(Array.from(m.surfaceSeqs)).map((c) => c.seq)).toEqual(Array.from(m.surfaceSeqs));
    }
  });

  it('a moment names the header in force by seq, and headers() answers it by that seq', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const t = r.timeline!, last = q.length - 1;
    expect(t.headerSeqs.length).toBeGreaterThan(0);
    const first = t.headerSeqs[0];
    if (first > 0) expect(q.moment(first - 1).headerSeq).toBe(-1);
    for (const n of [first, first + 1, last]) {
      const m = q.moment(n);
      expect(m.headerSeq).toBe(t.headerSeqAt(n));
      const [h] = q.headers([m.headerSeq]);
      expect(h).toEqual(headerInForce(t, r.session!.log, m.headerSeq));
      // asked again, the same answer (kept, not read again)
      expect(q.headers([m.headerSeq])[0]).toBe(h);
    }
    // a seq that is not a header's names none; -1 (no header) neither
    const notHeader = Array.from({ length: 50 }, (_, i) => i).find((s) => t.headerSeqAt(s) !== s)!;
    expect(q.headers([notHeader, -1, 1e9])).toEqual([]);
  });

  it('lineage of a compaction names what it replaced, and compare labels shadowed rows', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const c = q.summary().compactionSeqs[0];
    const lin = q.lineage(c);
    expect(lin.replaced.length).toBeGreaterThan(0);
    expect(lin.sources.length).toBeGreaterThan(0);
    const m = q.moment(c);
    // at the compaction, the transcript marks the messages it shadowed, and the summary it put in their place is on the surface
    const shadowed = Array.from(m.transcriptSeqs).filter((_, i) => m.transcriptFlags[i] === TR_SHADOWED);
    expect(shadowed.length).toBeGreaterThan(0);
    expect(shadowed.every((s) => !m.surfaceSeqs.includes(s))).toBe(true);
    expect(shadowed.some((s) => lin.replaced.includes(s))).toBe(true);
    expect(m.surfaceSeqs.includes(c) && q.summary().replacementSeqs.includes(c)).toBe(true);
    expect(q.card(c).replaced).toEqual(lin.replaced);
    expect(q.card(c).compaction?.summaryText.length).toBeGreaterThan(0);
  });

  it('lineage of a compaction/summary names the checkpoint that carries it and what that checkpoint shadowed (issue 14)', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const c = q.summary().compactionSeqs[0];
    const summarySeq = r.timeline!.summaryOf(c)!;
    expect(summarySeq).toBeLessThan(c);
    const lin = q.lineage(summarySeq);
    expect(lin.carriedBy).toEqual({ checkpoint: c, shadowed: q.lineage(c).replaced });
    expect(lin.carriedBy!.shadowed.length).toBeGreaterThan(0);
    expect(q.lineage(c).carriedBy).toBeUndefined();
  });

  it('searches the whole log and expands JSON one level at a time', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const hits = searchAll(q, 'TURN/START');
    expect(Array.from(hits)).toEqual(Array.from(r.timeline!.turnSeqs));
    // batches resume where they stopped and agree with the whole search
    const all: number[] = [];
    for (let from = 0; from >= 0;) { const b = q.searchFrom('turn/START', from, 0, 3); all.push(...b.hits); from = b.next; }
    expect(all).toEqual(Array.from(hits));
    // packed chunk members match on their own text, like the old per-event JSON search
    const log = r.session!.log;
    const chunkSeqs = Array.from({ length: log.length }, (_, s) => s).filter((s) => log.typeAt(s) === 'assistant/chunk');
    expect(Array.from(searchAll(q, 'assistant/chunk'))).toEqual(chunkSeqs.filter((s) => JSON.stringify(log.rawAt(s)).toLowerCase().includes('assistant/chunk')));
    const root = q.node(4, []);
    expect(root.kind).toBe('object');
    expect(root.children!.map((c) => c.key)).toContain('data');
    const data = q.node(4, ['data']);
    expect(data.children!.some((c) => c.key === 'content')).toBe(true);
    expect(JSON.parse(q.json(4)).seq).toBe(4);
  });

  it('folds runs of chunk events and previews them', async () => {
    const r = await loadBytes(bytes(), { now: 0 });
    const q = new SessionQueries(r);
    const { chunkRunStarts: st, chunkRunEnds: en } = q.summary();
    const log = r.session!.log;
    for (let i = 0; i < st!.length; i++) {
      expect(en![i]).toBeGreaterThan(st![i]);
      for (let s = st![i]; s <= en![i]; s++) expect(log.typeAt(s)).toBe('assistant/chunk');
      if (st![i] > 0) expect(log.typeAt(st![i] - 1)).not.toBe('assistant/chunk');
    }
    if (st!.length) expect(q.runInfo([st![0]])[0].end).toBe(en![0]);
  });

  it('handles a deep value without recursion', async () => {
    const text = readFileSync(conformanceFile('v06-compaction-nested.jsonl'), 'utf8').split('\n');
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
    const lines = readFileSync(conformanceFile('v06-compaction-nested.jsonl'), 'utf8').split('\n');
    lines[6] = lines[6].replace('"surfaceOp":"append"', '"surfaceOp":"bogus"').replace('"seq":5', '"seq":5');
    const r = await loadBytes(new TextEncoder().encode(lines.join('\n')), { now: 0 });
    const q = new SessionQueries(r);
    const s = q.summary();
    if (!s.verdict.ok) expect(q.rows(0, q.length).some((x) => (x.flags & FLAG_NOT_ACCEPTED) !== 0) || s.droppedTotal > 0).toBe(true);
  });
});

describe('broken lines (issue 14)', () => {
  it('gives the raw text of a line DSH would not read, the parser message and where the JSON breaks', async () => {
    const text = readFileSync(new URL('../../public/demo/refused.jsonl', import.meta.url), 'utf8');
    const r = await loadBytes(new TextEncoder().encode(text), { now: 0 });
    const q = new SessionQueries(r);
    const raw = text.split('\n')[25];
    const b = q.brokenLine(26)!;
    expect(b).toMatchObject({ line: 26, reason: 'unparsable', length: raw.length, text: raw, start: 0 });
    expect(b.message).toMatch(/JSON/);
    expect(b.offset).toBeGreaterThan(0);
    expect(b.offset).toBeLessThanOrEqual(raw.length);
    expect(q.brokenLine(27)!.message).toBeUndefined();
    expect(q.brokenLine(5)).toBeUndefined();
  });

  it('sends a window around the break of a long line, and the whole line on request', async () => {
    const long = `{"type":"x","seq":1,"data":"${'a'.repeat(20_000)}",}`;
    const lines = ['{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/","delegationDepth":0}', '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}', long, ''];
    const r = await loadBytes(new TextEncoder().encode(lines.join('\n')), { now: 0 });
    const q = new SessionQueries(r);
    const b = q.brokenLine(3)!;
    expect(b.length).toBe(long.length);
    expect(b.text.length).toBe(4000);
    expect(b.offset! - b.start).toBeGreaterThan(0);
    expect(b.offset! - b.start).toBeLessThan(4000);
    expect(long.slice(b.start, b.start + 4000)).toBe(b.text);
    expect(q.brokenLine(3, true)!.text).toBe(long);
  });
});
