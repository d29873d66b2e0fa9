import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_NAME, Library, LibraryError, selectEntries, type LibraryEntry } from './library';

const entry = (id: string, over: Partial<LibraryEntry> = {}): LibraryEntry => ({
  id, name: `${id}.jsonl`, size: 10, verdict: { ok: true }, encoding: 'jsonl', addedAt: 1, ...over,
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('Library', () => {
  it('keeps added sessions with their original bytes across reopen', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('a'), bytes: new Uint8Array([1, 2, 3]) }]);
    lib.close();
    const again = await Library.open();
    expect((await again.list()).map((e) => e.id)).toEqual(['a']);
    expect(Array.from(await again.bytes('a'))).toEqual([1, 2, 3]);
    again.close();
  });

  it('renames and deletes entries, deleting their bytes too', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('a'), bytes: new Uint8Array([1]) }, { entry: entry('b'), bytes: new Uint8Array([2]) }]);
    await lib.rename('a', 'renamed');
    await lib.remove('b');
    expect((await lib.list()).map((e) => [e.id, e.name])).toEqual([['a', 'renamed']]);
    await expect(lib.bytes('b')).rejects.toBeInstanceOf(LibraryError);
    lib.close();
  });

  it('adds a batch atomically: a failing item leaves the library exactly as it was', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('keep'), bytes: new Uint8Array([7]) }]);
    const bad = { entry: { ...entry('x'), id: undefined as unknown as string }, bytes: new Uint8Array([9]) };
    await expect(lib.add([{ entry: entry('new'), bytes: new Uint8Array([8]) }, bad])).rejects.toBeInstanceOf(LibraryError);
    expect((await lib.list()).map((e) => e.id)).toEqual(['keep']);
    await expect(lib.bytes('new')).rejects.toThrow(/not in the library/);
    lib.close();
  });

  it('upgrades a version-1 database step by step without losing entries', async () => {
    const v1 = await openDB(DB_NAME, 1, { upgrade(db) { db.createObjectStore('entries', { keyPath: 'id' }); db.createObjectStore('bytes', { keyPath: 'id' }); } });
    await v1.put('entries', entry('old', { sessionId: 's1' }));
    await v1.put('bytes', { id: 'old', bytes: new Uint8Array([5]) });
    v1.close();
    const lib = await Library.open();
    expect((await lib.list()).map((e) => e.id)).toEqual(['old']);
    lib.close();
    const raw = await openDB(DB_NAME);
    expect(Array.from(raw.transaction('entries').store.indexNames).sort()).toEqual(['byAdded', 'bySession']);
    expect(Array.from(raw.transaction('tours').store.indexNames)).toEqual(['byEntry']);
    raw.close();
  });

  it('keeps tours with their session, and deleting the session deletes its tours', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('a'), bytes: new Uint8Array([1]) }, { entry: entry('b'), bytes: new Uint8Array([2]) }]);
    const tour = (id: string, entryId?: string) => ({ id, entryId, sessionId: 's', title: id, steps: 1, addedAt: 1, tour: { version: 1 } });
    await lib.addTour(tour('t1', 'a'));
    await lib.addTour(tour('t2', 'b'));
    await lib.addTour(tour('t3'));
    expect((await lib.tour('t1')).entryId).toBe('a');
    await lib.remove('a');
    expect((await lib.tours()).map((t) => t.id).sort()).toEqual(['t2', 't3']);
    await lib.removeTour('t3');
    await expect(lib.tour('t3')).rejects.toThrow(/Tour t3 is not in the library/);
    expect((await lib.list()).map((e) => e.id)).toEqual(['b']);
    lib.close();
  });

  it('reports a full quota in one sentence and keeps the library as it was', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('keep'), bytes: new Uint8Array([1]) }]);
    const proto = globalThis.IDBObjectStore.prototype;
    const put = proto.put;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'bytes') throw new DOMException('quota reached', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      await expect(lib.add([{ entry: entry('big'), bytes: new Uint8Array(8) }])).rejects.toMatchObject({ code: 'quota' });
    } finally {
      proto.put = put;
    }
    expect((await lib.list()).map((e) => e.id)).toEqual(['keep']);
    lib.close();
  });

  it('reports the bytes it holds', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('a', { size: 100 }), bytes: new Uint8Array(100) }, { entry: entry('b', { size: 23 }), bytes: new Uint8Array(23) }]);
    expect(await lib.bytesUsed()).toBe(123);
    lib.close();
  });

  it('keeps another name for a kept file over the same bytes, stored once, until its last name is removed', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('a', { size: 3 }), bytes: new Uint8Array([1, 2, 3]) }]);
    await lib.addName({ ...entry('b', { size: 3, name: 'other.jsonl' }), bytesOf: 'a' });
    expect((await lib.list()).map((e) => [e.id, e.name]).sort()).toEqual([['a', 'a.jsonl'], ['b', 'other.jsonl']]);
    expect(Array.from(await lib.bytes('b'))).toEqual([1, 2, 3]);
    expect(await lib.bytesUsed()).toBe(3);
    // the name that stores the bytes goes; the other name still opens them
    await lib.remove('a');
    expect(Array.from(await lib.bytes('b'))).toEqual([1, 2, 3]);
    await lib.remove('b');
    await expect(lib.bytes('b')).rejects.toBeInstanceOf(LibraryError);
    const raw = await openDB(DB_NAME);
    expect(await raw.getAllKeys('bytes')).toEqual([]);
    raw.close();
    lib.close();
  });

  it('lists a file too large to copy without its bytes: it says it is not kept, holds nothing and is removed like any entry', async () => {
    const lib = await Library.open();
    await lib.add([{ entry: entry('big', { size: 5 * 2 ** 30, byReference: 'none' }) }, { entry: entry('a', { size: 7 }), bytes: new Uint8Array(7) }]);
    expect((await lib.list()).map((e) => [e.id, e.byReference]).sort()).toEqual([['a', undefined], ['big', 'none']]);
    await expect(lib.blob('big')).rejects.toMatchObject({ code: 'not-kept', message: 'big.jsonl is listed but not kept (5.00 GiB is more than the library copies): open the file again.' });
    expect(await lib.bytesUsed()).toBe(7);
    const raw = await openDB(DB_NAME);
    expect(await raw.getAllKeys('bytes')).toEqual(['a']);
    raw.close();
    await lib.remove('big');
    expect((await lib.list()).map((e) => e.id)).toEqual(['a']);
    lib.close();
  });

  it('refuses another name for bytes it does not hold, changing nothing', async () => {
    const lib = await Library.open();
    await expect(lib.addName({ ...entry('b'), bytesOf: 'missing' })).rejects.toMatchObject({ code: 'not-found' });
    expect(await lib.list()).toEqual([]);
    lib.close();
  });
});

describe('selectEntries', () => {
  const list = [entry('a', { name: 'Zeta run', addedAt: 3, size: 5 }), entry('b', { name: 'alpha crash', addedAt: 9, size: 50, sessionId: 'session-42' })];
  it('filters by name or session id, case-insensitively', () => {
    expect(selectEntries(list, 'ZETA', 'added').map((e) => e.id)).toEqual(['a']);
    expect(selectEntries(list, 'session-4', 'added').map((e) => e.id)).toEqual(['b']);
  });
  it('sorts newest first, by name, or by size', () => {
    expect(selectEntries(list, '', 'added').map((e) => e.id)).toEqual(['b', 'a']);
    expect(selectEntries(list, '', 'name').map((e) => e.id)).toEqual(['b', 'a']);
    expect(selectEntries(list, '', 'size').map((e) => e.id)).toEqual(['b', 'a']);
  });
});
