import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../core/json';
import { loadBytes } from '../io/load';
import { synthesize } from '../synth/generate';
import { formatJsonl } from '../synth/write';
import { decodeStorageRecord, packChunkRuns, type PackedRow } from '../core/chunk-rows';
import { EventLog } from '../core/event-log';
import type { SessionEvent } from '../core/types';
import { LogSearch } from './search';

async function loaded(seed: number, crash = false) {
  const r = synthesize({ seed, events: 3000, crash, contextTokens: 6000 });
  const res = await loadBytes(new TextEncoder().encode(formatJsonl(r.header, r.events)), { now: 0 });
  expect(res.verdict.ok).toBe(true);
  return res.session!.log;
}

/** The reference: every event's JSON tested one by one. */
function naive(log: Awaited<ReturnType<typeof loaded>>, query: string): number[] {
  const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const out: number[] = [];
  for (let s = 0; s < log.length; s++) if (re.test(stringifyJson(log.rawAt(s)))) out.push(s);
  return out;
}

describe('LogSearch', () => {
  it('finds exactly the events whose JSON holds the query, case-insensitively, across rows, lines and synthesized events', async () => {
    const log = await loaded(11, true);
    const search = new LogSearch(log);
    for (const q of ['tool/result', 'TEXT-DELTA', 'interrupted', 'reasoning', 'session/end-seed', '"turn":2', 'zq-not-there', 'e', 'compaction/summary', 'tool-call-delta', '"index":0,"id"', '"step":1,"chunk"']) {
      expect(search.search(q, 0, Infinity, 1e9).hits, q).toEqual(naive(log, q));
    }
  });

  it('continues from a seq and stops at the cap or the time budget with where to resume', async () => {
    const log = await loaded(5);
    const search = new LogSearch(log);
    const all = naive(log, 'assistant');
    const from = all[Math.floor(all.length / 2)];
    expect(search.search('assistant', from, Infinity, 1e9).hits).toEqual(all.filter((s) => s >= from));
    const capped = search.search('assistant', 0, Infinity, 10);
    expect(capped.hits).toEqual(all.slice(0, 10));
    expect(capped.next).toBe(all[9] + 1);
    let next = 0;
    const pieces: number[] = [];
    while (next >= 0) { const b = search.search('assistant', next, 0, 1e9); pieces.push(...b.hits); next = b.next; }
    expect(pieces).toEqual(all);
  });

  it('searches every member of a packed row that has no stored line (built in code, as fixture mode does)', () => {
    const chunk = (seq: number, text: string) => ({ type: 'assistant/chunk', seq, time: seq, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text } } });
    const log = new EventLog();
    log.push({ type: 'turn/start', seq: 0, time: 0, data: { turn: 1 } });
    for (const r of packChunkRuns([chunk(1, 'alpha'), chunk(2, 'beta'), chunk(3, 'alphabet')] as SessionEvent[])) log.pushRow(decodeStorageRecord(r) as PackedRow);
    const search = new LogSearch(log);
    for (const q of ['alpha', 'BETA', 'text-delta', 'turn/start']) expect(search.search(q, 0, Infinity, 1e9).hits, q).toEqual(naive(log, q));
    expect(search.search('alpha', 0, Infinity, 1e9).hits).toEqual([1, 3]);
  });
});
