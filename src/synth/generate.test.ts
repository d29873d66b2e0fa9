import { decompress } from 'fzstd';
import xxhash from 'xxhash-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeStorageRecord, PackedRow } from '../core/chunk-rows';
import { collectInvariantDiagnostics } from '../core/invariants';
import { interruptedTurnClosers } from '../core/repair';
import { Session } from '../core/session';
import type { SessionEvent } from '../core/types';
import { synthesize, synthesizeFork, Synthesizer } from './generate';
import { libzstdCompressor } from './libzstd';
import { loadBytes } from '../io/load';
import { rawFrame } from '../io/zstd-encode';
import { batchEvents, encodeZstd, formatJsonl, headerLine } from './write';

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** Parses a plain file back into header + events, expanding packed rows. */
function parseJsonl(s: string): { header: Record<string, unknown>; records: unknown[]; events: SessionEvent[] } {
  const lines = s.split('\n');
  expect(lines.pop()).toBe('');
  const header = JSON.parse(lines[0]);
  const records = lines.slice(1).map((l) => JSON.parse(l));
  const events: SessionEvent[] = [];
  for (const r of records) {
    const d = decodeStorageRecord(r);
    if (d instanceof PackedRow) events.push(...d.expand());
    else events.push(d as SessionEvent);
  }
  return { header, records, events };
}

/** Walks concatenated zstd frames (descriptor, raw/RLE/compressed blocks, checksum) into [start, end) ranges. */
function frameRanges(b: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let p = 0;
  while (p < b.length) {
    const start = p;
    expect([b[p], b[p + 1], b[p + 2], b[p + 3]]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    p += 4;
    const fhd = b[p++];
    const single = (fhd >> 5) & 1;
    const fcs = fhd >> 6;
    p += (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3] + (fcs ? 1 << fcs : single ? 1 : 0);
    for (;;) {
      const bh = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      p += 3 + (((bh >> 1) & 3) === 1 ? 1 : bh >> 3);
      if (bh & 1) break;
    }
    if (fhd & 4) p += 4;
    out.push([start, p]);
  }
  expect(p).toBe(b.length);
  return out;
}

const small = { seed: 11, events: 12_000, contextTokens: 6_000, resumeRate: 0.25 };

describe('synthesize', () => {
  it('is deterministic from the seed: the same options give identical bytes, another seed differs', () => {
    const a = synthesize({ seed: 42, events: 3_000 });
    const b = synthesize({ seed: 42, events: 3_000 });
    const c = synthesize({ seed: 43, events: 3_000 });
    const fa = formatJsonl(a.header, a.events);
    expect(formatJsonl(b.header, b.events)).toBe(fa);
    expect(formatJsonl(c.header, c.events)).not.toBe(fa);
  });

  it('lands within a few events of the requested count, from tiny to large sessions', () => {
    expect(synthesize({ seed: 1, events: 40 }).events.length).toBe(40);
    for (const n of [300, 2_500, 20_000]) {
      for (const crash of [false, true]) {
        const r = synthesize({ seed: n + (crash ? 1 : 0), events: n, crash });
        expect(Math.abs(r.events.length - n), `n=${n} crash=${crash}`).toBeLessThanOrEqual(20);
      }
    }
  });

  it('is dominated by chunk deltas (about 85% of events), like DSH large sessions', () => {
    const r = synthesize({ seed: 5, events: 40_000 });
    const share = r.stats.chunkDeltas / r.events.length;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.9);
    const header = r.events.find((e) => e.type === 'request/header')!;
    expect(JSON.stringify(header.data).length).toBeGreaterThan(4_000);
  });

  it('round-trips through Session.create(header, events) and keeps every relational invariant', () => {
    const r = synthesize(small);
    expect(r.stats.prunes).toBeGreaterThan(0);
    expect(r.stats.compactions).toBeGreaterThan(0);
    expect(r.stats.resumes).toBeGreaterThan(0);
    expect(r.stats.toolErrors).toBeGreaterThan(0);
    const again = Session.create(r.header, r.events, { now: 0 });
    expect(again.length).toBe(r.events.length + 1); // plus the end-seed marker a seed gets
    expect(again.surfaceSeqs()).toEqual(r.session.surfaceSeqs());
    expect(collectInvariantDiagnostics(r.session.log)).toEqual([]);
    expect(interruptedTurnClosers(r.session.log)).toEqual([]);
  });

  it('writes the event shapes the brief asks for: cited chunks, paired tool results, prunes and checkpoints', () => {
    const { events } = synthesize(small);
    const bySeq = (s: number) => events[s];
    for (const e of events) {
      if (e.type === 'assistant/message') {
        expect(e.sourceEventSeqs!.length).toBeGreaterThan(0);
        for (const s of e.sourceEventSeqs!) expect(bySeq(s).type).toBe('assistant/chunk');
      }
      if (e.type === 'tool/result' && e.surfaceOp === 'append') {
        const call = bySeq(e.sourceEventSeqs![0]);
        expect(call.type).toBe('tool/call');
        expect(e.data.message.source).toEqual({ kind: 'tool', callId: call.data.callId });
        expect(e.data.message.content).toHaveLength(1);
        expect(e.data.message.content[0].toolCallId).toBe(call.data.callId);
        if (e.data.message.content[0].isError) expect(e.data.error).toEqual({ name: expect.any(String), code: expect.any(String) });
      }
      if (e.type === 'tool/result' && e.surfaceOp !== 'append') {
        const op = e.surfaceOp as { start: number; end: number };
        expect(op.start).toBe(op.end);
        expect(bySeq(e.seq - 1).type).toBe('compaction/prune');
        expect(e.sourceEventSeqs).toContain(op.start);
        expect(e.data.message.id).toBe(bySeq(op.start).data.message.id);
      }
      if (e.type === 'user/message' && e.surfaceOp !== 'append') {
        expect(e.data.source).toMatchObject({ kind: 'plugin', plugin: 'compact' });
        expect(bySeq(e.seq - 1).type).toBe('compaction/summary');
        expect(bySeq(e.seq + 1).type).toBe('compaction/end');
        const start = events.find((x) => x.type === 'compaction/start' && x.data.compactionId === e.data.source.compactionId)!;
        expect(e.sourceEventSeqs!.slice(0, 2)).toEqual([start.seq, e.seq - 1]);
      }
    }
    const types = new Set(events.map((e) => e.type));
    for (const t of ['todo/write', 'session/title', 'request/context', 'session/end-seed', 'compaction/prune', 'compaction/summary']) expect(types).toContain(t);
    const reasons = events.filter((e) => e.type === 'request/header').map((e) => e.data.reason);
    expect(reasons[0]).toBe('initial');
    expect(reasons).toContain('resume');
  });

  it('marks each resume with an end-seed between turns followed by a resume request header', () => {
    const { events } = synthesize(small);
    const seeds = events.filter((e) => e.type === 'session/end-seed');
    expect(seeds.length).toBeGreaterThan(0);
    for (const m of seeds) {
      expect(events[m.seq - 1].type).toBe('turn/end');
      const next = events.slice(m.seq + 1).find((e) => e.type === 'request/header')!;
      expect(next.data.reason).toBe('resume');
      expect(events.slice(m.seq + 1, next.seq).some((e) => e.type === 'assistant/chunk')).toBe(false);
    }
  });

  it('stops a crash session mid-turn, after an assistant message whose tool calls are not all answered', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = synthesize({ seed, events: 1_500, crash: true });
      const lastStart = r.events.findLast((e) => e.type === 'turn/start')!;
      expect(r.events.slice(lastStart.seq).some((e) => e.type === 'turn/end')).toBe(false);
      const msg = r.events.findLast((e) => e.type === 'assistant/message')!;
      expect(msg.seq).toBeGreaterThan(lastStart.seq);
      expect(msg.data.message.content.filter((b: { type: string }) => b.type === 'tool-call').length).toBeGreaterThanOrEqual(2);
      const closers = interruptedTurnClosers(r.session.log);
      expect(closers.at(-1)!.data.reason).toEqual({ kind: 'interrupted' });
      expect(closers.filter((c) => c.type === 'tool/result').length).toBeGreaterThanOrEqual(1);
    }
  });

  it('forks at a turn boundary: the child starts with the parent\'s first seedLength events, then an end-seed marker', () => {
    const f = synthesizeFork({ seed: 9, events: 4_000, childEvents: 1_500 });
    const n = f.child.header.seedLength!;
    expect(n).toBe(f.boundary + 1);
    expect(f.parent.events[f.boundary].type).toBe('turn/end');
    expect(f.child.header.parentSession).toBe(f.parent.header.id);
    expect(f.child.header.id).not.toBe(f.parent.header.id);
    expect(JSON.stringify(f.child.events.slice(0, n))).toBe(JSON.stringify(f.parent.events.slice(0, n)));
    expect(f.child.events[n]).toMatchObject({ type: 'session/end-seed', seq: n, data: {} });
    const nextTurn = f.child.events.slice(n).find((e) => e.type === 'turn/start')!;
    expect(nextTurn.data.turn).toBe(f.parent.events[f.boundary].data.turn + 1);
    expect(Math.abs(f.child.events.length - (n + 1 + 1_500))).toBeLessThanOrEqual(20);
    expect(() => Session.create(f.child.header, f.child.events, { now: 0 })).not.toThrow();
    expect(collectInvariantDiagnostics(f.child.session.log)).toEqual([]);
  });

  it('streams the same events turn by turn as the in-memory result', () => {
    const s = new Synthesizer({ seed: 3, events: 2_000 });
    const streamed: SessionEvent[] = [];
    let batches = 0;
    for (const b of s.run()) { streamed.push(...b); batches++; }
    expect(batches).toBeGreaterThan(1);
    expect(JSON.stringify(streamed)).toBe(JSON.stringify(synthesize({ seed: 3, events: 2_000 }).events));
  });
});

describe('write', () => {
  let h64: (b: Uint8Array) => number;
  beforeAll(async () => {
    const x = await xxhash();
    h64 = (b) => Number(x.h64Raw(b, 0n) & 0xffffffffn);
  });

  it('writes the header in writer key order and packed rows that expand back to the same events', () => {
    const r = synthesize({ seed: 2, events: 5_000 });
    const s = formatJsonl(r.header, r.events);
    expect(s.startsWith('{"type":"session","version":0,"id":')).toBe(true);
    expect(s.split('\n')[0]).toMatch(/"delegationDepth":0}$/);
    const p = parseJsonl(s);
    expect(p.records.some((x) => (x as { type: string }).type.endsWith('-chunks'))).toBe(true);
    expect(JSON.stringify(p.events)).toBe(JSON.stringify(r.events));
    const plain = formatJsonl(r.header, r.events, { pack: false });
    expect(plain.split('\n').length - 2).toBe(r.events.length);
    expect(plain.split('\n')[1]).toBe(JSON.stringify(r.events[0]));
  });

  it('breaks packed runs at batch boundaries: flushes before steps and model requests, after tool calls, every 200 ms', () => {
    const r = synthesize({ seed: 4, events: 4_000 });
    const batches = [...batchEvents(r.events)];
    expect(batches.flat()).toEqual(r.events);
    for (const b of batches) {
      expect(b.at(-1)!.time - b[0].time).toBeLessThan(200);
      for (let i = 1; i < b.length; i++) {
        expect(b[i].type).not.toBe('step/start');
        expect(b[i - 1].type).not.toBe('tool/call');
      }
    }
    const rows = parseJsonl(formatJsonl(r.header, r.events)).records.filter((x) => (x as { type: string }).type.endsWith('-chunks'));
    const whole = parseJsonl(formatJsonl(r.header, r.events, { windowMs: Infinity })).records.filter((x) => (x as { type: string }).type.endsWith('-chunks'));
    expect(rows.length).toBeGreaterThan(whole.length);
  });

  it('encodes zstd as checksummed frames, header line alone in frame 1, that fzstd decodes to the same plaintext', async () => {
    const r = synthesize({ seed: 8, events: 3_000 });
    const plain = formatJsonl(r.header, r.events);
    const z = await encodeZstd(r.header, r.events);
    expect(text.decode(decompress(z))).toBe(plain);
    const frames = frameRanges(z);
    expect(frames.length).toBe([...batchEvents(r.events)].length + 1);
    const parts = frames.map(([a, b]) => {
      const f = z.subarray(a, b);
      const out = decompress(f);
      expect(f[4] & 0x04).toBe(0x04);
      const stored = (f[f.length - 4] | (f[f.length - 3] << 8) | (f[f.length - 2] << 16) | (f[f.length - 1] << 24)) >>> 0;
      expect(stored).toBe(h64(out));
      return text.decode(out);
    });
    expect(parts[0]).toBe(headerLine(r.header));
    expect(parts.every((p) => p.endsWith('\n'))).toBe(true);
    expect(parts.join('')).toBe(plain);
  });

  it('compresses with libzstd: every frame checksummed, compressed blocks, fzstd decodes the same plaintext', async () => {
    const r = synthesize({ seed: 8, events: 3_000 });
    const plain = formatJsonl(r.header, r.events);
    const raw = await encodeZstd(r.header, r.events);
    const z = await encodeZstd(r.header, r.events, {}, await libzstdCompressor(3));
    expect(text.decode(decompress(z))).toBe(plain);
    expect(z.length).toBeLessThan(raw.length * 0.8); // small ~200 ms frames compress poorly, as in DSH
    const frames = frameRanges(z);
    expect(frames.length).toBe(frameRanges(raw).length);
    const blockTypes = new Set<number>();
    const parts = frames.map(([a, b]) => {
      const f = z.subarray(a, b);
      expect(f[4] & 0x04).toBe(0x04);
      const out = decompress(f);
      const stored = (f[f.length - 4] | (f[f.length - 3] << 8) | (f[f.length - 2] << 16) | (f[f.length - 1] << 24)) >>> 0;
      expect(stored).toBe(h64(out));
      const single = (f[4] >> 5) & 1, fcs = f[4] >> 6;
      const p = 5 + (single ? 0 : 1) + [0, 1, 2, 4][f[4] & 3] + (fcs ? 1 << fcs : single ? 1 : 0);
      blockTypes.add((f[p] >> 1) & 3);
      return text.decode(out);
    });
    expect(blockTypes.has(2)).toBe(true); // compressed blocks, not only raw ones
    expect(parts[0]).toBe(headerLine(r.header));
    expect(parts.join('')).toBe(plain);
  });

  it('splits a large frame into raw blocks of at most 128 KiB and covers every content-size width', () => {
    for (const n of [0, 1, 255, 256, 65_791, 65_792, 300_000]) {
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = (i * 7 + 3) & 0xff;
      const f = rawFrame(b, h64(b));
      expect(Buffer.from(decompress(f)).equals(Buffer.from(b))).toBe(true);
      expect(frameRanges(f)).toEqual([[0, f.length]]);
    }
  });
});


describe('loading synthesized files with the viewer loader', () => {
  const load = (bytes: Uint8Array) => loadBytes(bytes, { now: 0 });

  it('loads plain and zstd files (raw and compressed frames) with verdict ok, no closers and no relational diagnostics', async () => {
    const r = synthesize(small);
    const compressed = await encodeZstd(r.header, r.events, {}, await libzstdCompressor(3));
    for (const bytes of [utf8.encode(formatJsonl(r.header, r.events)), await encodeZstd(r.header, r.events), compressed]) {
      const res = await load(bytes);
      expect(res.verdict).toEqual({ ok: true });
      expect(res.storedEventCount).toBe(r.events.length);
      expect(res.closers).toEqual([]);
      expect(res.diagnostics).toEqual([]);
    }
  });

  it('loads crash files with verdict ok and crash-repair closers that end the turn as interrupted', async () => {
    const r = synthesize({ seed: 21, events: 2_000, crash: true });
    for (const bytes of [utf8.encode(formatJsonl(r.header, r.events)), await encodeZstd(r.header, r.events)]) {
      const res = await load(bytes);
      expect(res.verdict).toEqual({ ok: true });
      expect(res.closers.length).toBeGreaterThanOrEqual(3);
      expect(res.closers.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'interrupted' } } });
      expect(res.closers.filter((c) => c.type === 'tool/result').map((c) => c.data.error.code).every((c) => c === 'TOOL_OUTCOME_UNKNOWN' || c === 'TOOL_NOT_STARTED')).toBe(true);
    }
  });

  it('loads a fork child with its seed written as one batch', async () => {
    const f = synthesizeFork({ seed: 13, events: 3_000, childEvents: 1_000 });
    const res = await load(await encodeZstd(f.child.header, f.child.events, { initialBatch: f.boundary + 2 }));
    expect(res.verdict).toEqual({ ok: true });
    expect(res.header).toMatchObject({ parentSession: f.parent.header.id, seedLength: f.boundary + 1 });
  });
});
