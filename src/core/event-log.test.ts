import { describe, expect, it } from 'vitest';
import { textChunk, turnStart, userMessage, utf8 } from '../testing/builders';
import { PackedRow, decodeStorageRecord, packChunkRuns } from './chunk-rows';
import { APPEND_STEP, IntColumn, nextCapacity } from './columns';
import { EventLog } from './event-log';

/** A buffer holding the JSONL lines of `records`, with each line's byte range. */
function lines(records: unknown[]): { bytes: Uint8Array; ranges: [number, number][] } {
  const texts = records.map((r) => JSON.stringify(r));
  const bytes = utf8(texts.join('\n') + '\n');
  const ranges: [number, number][] = [];
  let p = 0;
  for (const t of texts) { const n = utf8(t).length; ranges.push([p, p + n]); p += n + 1; }
  return { bytes, ranges };
}

describe('EventLog storage (one record per line or object, a seq column to find it)', () => {
  const ts = turnStart(0, 1);
  const chunks = [1, 2, 3, 4].map((s) => textChunk(s, `t${s}é`, { time: 2000 + s * 7 }));
  const packed = packChunkRuns(chunks);
  const msg = userMessage(5, 'u1', 'hi');
  const build = () => {
    const { bytes, ranges } = lines([ts, packed[0], msg]);
    const log = new EventLog();
    log.noteBytes(0, bytes);
    log.pushRef(ts, ...ranges[0]);
    const row = decodeStorageRecord(JSON.parse(new TextDecoder().decode(bytes.subarray(...ranges[1]))), bytes, ...ranges[1]) as PackedRow;
    log.pushRow(row, ...ranges[1]);
    log.push(msg);
    return { log, row, ranges };
  };

  it('answers every seq from its record: slots, types, times, lines and events', () => {
    const { log, row, ranges } = build();
    expect(log.length).toBe(6);
    expect(log.slotAt(0)).toBeNull();
    const rowFields = (r: unknown) => { const { tag, seq0, time0, turn, step, index, length, id, name } = r as PackedRow; return { tag, seq0, time0, turn, step, index, length, id, name }; };
    for (let s = 1; s <= 4; s++) {
      // a row read from a file is made from the log's columns when asked for: the same row, not the same object
      expect(log.slotAt(s)).toBeInstanceOf(PackedRow);
      expect(rowFields(log.slotAt(s))).toEqual(rowFields(row));
      expect((log.slotAt(s) as PackedRow).payload).toEqual(row.payload);
      expect(log.isPacked(s)).toBe(true);
      expect(log.lineRange(s)).toEqual(ranges[1]);
      expect(log.timeAt(s)).toBe(2000 + s * 7);
      expect(log.rawAt(s)).toEqual(chunks[s - 1]);
    }
    expect(log.slotAt(5)).toBe(msg);
    expect(log.lineRange(0)).toEqual(ranges[0]);
    expect(log.lineBytes(0)).toEqual(utf8(JSON.stringify(ts)));
    expect(log.lineRange(5)).toBeUndefined();
    expect(log.lineAt(0)).toBe(JSON.stringify(ts));
    expect(log.lineAt(1)).toBeUndefined();
    expect(log.lineAt(5)).toBeUndefined();
    expect([0, 1, 4, 5].map((s) => log.typeAt(s))).toEqual(['turn/start', 'assistant/chunk', 'assistant/chunk', 'user/message']);
    expect(log.events()).toEqual([ts, ...chunks, msg]);
    expect(Object.fromEntries(log.typeCounts())).toEqual({ 'assistant/chunk': 4, 'turn/start': 1, 'user/message': 1 });
  });

  it('gives undefined past the end, as an array would', () => {
    const { log } = build();
    for (const s of [6, 7, 1000, -1]) {
      expect(log.slotAt(s)).toBeUndefined();
      expect(log.isPacked(s)).toBe(false);
      expect(log.lineRange(s)).toBeUndefined();
      expect(log.lineAt(s)).toBeUndefined();
      expect(log.rawAt(s)).toBeUndefined();
    }
    expect(() => log.event(6)).toThrow(RangeError);
  });

  it('keeps working after trim, and grows again on append', () => {
    const { log, row } = build();
    log.trim();
    for (let s = 6; s < 3000; s++) log.push(turnStart(s, s));
    expect(log.length).toBe(3000);
    expect((log.slotAt(3) as PackedRow).payload).toEqual(row.payload);
    expect(log.rawAt(3)).toEqual(chunks[2]);
    expect(log.rawAt(0)).toEqual(ts);
    expect(log.rawAt(2999)).toEqual(turnStart(2999, 2999));
    expect(log.timeAt(2999)).toBe(1000 + 2999);
    log.trim();
    expect(log.slotAt(3000)).toBeUndefined();
  });
});

describe('EventLog.visitRecords', () => {
  const build = () => {
    const log = new EventLog();
    const { bytes, ranges } = lines([turnStart(0, 1), ...packChunkRuns([1, 2, 3].map((s) => textChunk(s, `x${s}`)))]);
    log.noteBytes(0, bytes);
    log.pushRef(turnStart(0, 1), ...ranges[0]);
    log.pushRow(decodeStorageRecord(JSON.parse(new TextDecoder().decode(bytes.subarray(...ranges[1]))), bytes, ...ranges[1]) as PackedRow, ...ranges[1]);
    log.push(userMessage(4, 'u', 'hi'));
    log.pushRow(decodeStorageRecord(packChunkRuns([5, 6, 7].map((s) => textChunk(s, `y${s}`)))[0]) as PackedRow);
    return { log, ranges };
  };
  const visited = (log: EventLog, from: number, stopAt = Infinity) => {
    const seen: unknown[] = [];
    log.visitRecords(from, (seq0, count, start, end, packed) => { seen.push([seq0, count, start >= 0 ? [start, end] : null, packed]); return seq0 >= stopAt; });
    return seen;
  };

  it('visits each record once in seq order: a line, a packed row (its first seq), an object, a row held as an object', () => {
    const { log, ranges } = build();
    expect(visited(log, 0)).toEqual([[0, 1, ranges[0], false], [1, 3, ranges[1], true], [4, 1, null, false], [5, 3, null, true]]);
  });

  it('starts at the record holding `from` (a row member: its row) and stops when the visitor says so', () => {
    const { log, ranges } = build();
    expect(visited(log, 2)).toEqual([[1, 3, ranges[1], true], [4, 1, null, false], [5, 3, null, true]]);
    expect(visited(log, 0, 1)).toEqual([[0, 1, ranges[0], false], [1, 3, ranges[1], true]]);
    expect(visited(log, 8)).toEqual([]);
  });
});

describe('nextCapacity', () => {
  it('doubles without an estimate, and goes straight to a near estimate that holds what is needed', () => {
    expect(nextCapacity(1024, 1025, 0)).toBe(2048);
    expect(nextCapacity(1024, 5000, 0)).toBe(8192);
    expect(nextCapacity(1 << 19, (1 << 19) + 1, 1_326_000.5)).toBe(1_326_001);
    // too far above (over 4× the capacity) or below what is needed: doubling as usual
    expect(nextCapacity(1024, 1025, 1e9)).toBe(2048);
    expect(nextCapacity(1024, 3000, 2000)).toBe(4096);
  });

  it('grows a complete (loaded, now followed) column by at most APPEND_STEP entries, never less than needed', () => {
    expect(nextCapacity(1_300_000, 1_300_001, 1_300_000, true)).toBe(1_300_000 + APPEND_STEP);
    expect(nextCapacity(1000, 1001, 0, true)).toBe(2000);
    expect(nextCapacity(1_300_000, 1_500_000, 0, true)).toBe(1_500_000);
  });

  it('a followed log appends past its loaded length without doubling its columns', () => {
    const log = new EventLog();
    for (let s = 0; s < 100_000; s++) log.push(turnStart(s, s + 1));
    log.trim();
    const before = (log as unknown as { times: Float64Array }).times.length;
    expect(before).toBe(100_000);
    for (let s = 100_000; s < 100_010; s++) log.push(turnStart(s, s + 1));
    expect(log.length).toBe(100_010);
    expect(log.event(100_009).seq).toBe(100_009);
    expect((log as unknown as { times: Float64Array }).times.length).toBe(100_000 + APPEND_STEP);
    const col = new IntColumn(4);
    for (let i = 0; i < 3; i++) col.push(i);
    col.trim();
    for (let i = 3; i < 10; i++) col.push(i);
    expect([...col.view()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('EventLog.expectSize', () => {
  it('grows to the expected size and keeps every event, whether the estimate is right, low or high', () => {
    for (const expected of [5000, 3000, 9000]) {
      const log = new EventLog();
      log.expectSize(expected, expected);
      for (let s = 0; s < 5000; s++) log.push(turnStart(s, s));
      log.trim();
      expect(log.length).toBe(5000);
      expect([log.typeAt(0), log.timeAt(4999), log.rawAt(4999).seq]).toEqual(['turn/start', log.rawAt(4999).time, 4999]);
    }
  });
});
