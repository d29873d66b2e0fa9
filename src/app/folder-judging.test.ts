/** The folder's judging order and how judgements from several workers merge into the folder's sessions. */
import { describe, expect, it } from 'vitest';
import type { FolderSession } from '../store/folder-slice';
import { flushInterval, JudgeQueue, MAX_FLUSH_MS, MERGE_SPACING, mergeJudgements, type Judged } from './folder-judging';

const session = (path: string, mtimeMs: number): FolderSession => ({ path, size: 1, mtimeMs, kind: 'log' });
const ok = (events: number): Judged => ({ verdict: { ok: true }, events });

describe('mergeJudgements', () => {
  const sessions = [session('a', 1), session('b', 2), session('c', 3)];

  it('gives each named session its judgement and keeps every other session the same object', () => {
    const out = mergeJudgements(sessions, new Map([['c', ok(3)], ['a', ok(1)]]));
    expect(out.map((s) => s.judged)).toEqual([ok(1), undefined, ok(3)]);
    expect(out[1]).toBe(sessions[1]);
    expect(out[0]).not.toBe(sessions[0]);
    expect(out[0].path).toBe('a');
    expect(sessions[0].judged).toBeUndefined(); // the store's array is not changed in place
  });

  it('keeps the array itself when nothing in it changes', () => {
    expect(mergeJudgements(sessions, new Map())).toBe(sessions);
    expect(mergeJudgements(sessions, new Map([['not-here', ok(1)]]))).toBe(sessions);
    const j = ok(5);
    const once = mergeJudgements(sessions, new Map([['b', j]]));
    expect(mergeJudgements(once, new Map([['b', j]]))).toBe(once);
  });

  it('merges batches as they arrive, a later judgement replacing an earlier one, errors included', () => {
    let cur: readonly FolderSession[] = sessions;
    cur = mergeJudgements(cur, new Map([['b', ok(2)]]));
    cur = mergeJudgements(cur, new Map<string, Judged>([['a', { error: 'gone' }], ['b', ok(20)]]));
    expect(cur.map((s) => s.judged)).toEqual([{ error: 'gone' }, ok(20), undefined]);
  });
});

describe('JudgeQueue', () => {
  const drain = (q: JudgeQueue, wanted = new Set<string>()) => {
    const out: string[] = [];
    for (let p = q.next(wanted); p !== undefined; p = q.next(wanted)) out.push(p);
    return out;
  };

  it('hands out every session once, newest first', () => {
    expect(drain(new JudgeQueue([session('old', 1), session('new', 9), session('mid', 5)]))).toEqual(['new', 'mid', 'old']);
  });

  it('hands out wanted rows first, in the order asked, skipping unknown and already taken ones', () => {
    const q = new JudgeQueue([session('a', 4), session('b', 3), session('c', 2), session('d', 1)]);
    expect(q.next(new Set())).toBe('a');
    const wanted = new Set(['c', 'zzz', 'a', 'b']);
    expect(q.next(wanted)).toBe('c');
    expect(q.next(wanted)).toBe('b'); // 'zzz' is not in the folder, 'a' was handed out
    expect(wanted.size).toBe(0);
    expect(drain(q, wanted)).toEqual(['d']);
    expect(q.next(new Set(['a']))).toBeUndefined();
  });

  it('never hands one path to two workers asking at once', () => {
    const q = new JudgeQueue(Array.from({ length: 50 }, (_, i) => session(`s${i}`, i)));
    const wanted = new Set(['s3', 's7']);
    const lanes: string[][] = [[], []];
    for (let k = 0; ; k++) {
      const p = q.next(wanted);
      if (p === undefined) break;
      lanes[k % 2].push(p);
    }
    const all = [...lanes[0], ...lanes[1]];
    expect(all).toHaveLength(50);
    expect(new Set(all).size).toBe(50);
  });

  it('hands out batches of files that fit the bounds, wanted rows first, a large file alone', () => {
    const sized = (path: string, mtimeMs: number, size: number): FolderSession => ({ ...session(path, mtimeMs), size });
    const q = new JudgeQueue([sized('a', 9, 40), sized('b', 8, 30), sized('big', 7, 500), sized('c', 6, 10), sized('d', 5, 10), sized('e', 4, 10), sized('f', 3, 10)]);
    const wanted = new Set(['e']);
    expect(q.nextBatch(wanted, 3, 100)).toEqual(['e', 'a', 'b']);
    expect(q.nextBatch(wanted, 3, 100)).toEqual(['big']);
    expect(q.nextBatch(wanted, 3, 100)).toEqual(['c', 'd', 'f']);
    expect(q.nextBatch(new Set(['a', 'nope']), 3, 100)).toEqual([]);
  });
});

describe('flushInterval', () => {
  it('spaces merges by the folder size and by what the last merge cost, within bounds', () => {
    expect(flushInterval(100)).toBe(250);
    expect(flushInterval(10_000)).toBe(1000);
    // a merge that took 30 ms on the page's thread: the next waits 20 times that
    expect(flushInterval(1000, 30)).toBe(30 * MERGE_SPACING);
    expect(flushInterval(1000, 5)).toBe(250);
    expect(flushInterval(1000, 500)).toBe(MAX_FLUSH_MS);
  });
});
