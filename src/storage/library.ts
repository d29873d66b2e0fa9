import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { KeptTour, LibraryEntry } from '../protocol/library-entry';

export type { KeptTour, LibraryEntry };

interface LibrarySchema extends DBSchema {
  entries: { key: string; value: LibraryEntry; indexes: { byAdded: number; bySession: string } };
  /** A stored copy, or the handle of a file kept by reference. */
  bytes: { key: string; value: { id: string; bytes?: Uint8Array | Blob; handle?: FileSystemFileHandle } };
  tours: { key: string; value: KeptTour; indexes: { byEntry: string } };
}

export const DB_NAME = 'seqscope-library';
export const DB_VERSION = 3;

export class LibraryError extends Error {
  constructor(readonly code: 'quota' | 'not-found' | 'aborted' | 'storage' | 'not-kept' | 'permission', message: string) {
    super(message);
    this.name = 'LibraryError';
  }
}

/**
 * Schema upgrades, one step per version, so any older database reaches the current shape.
 * v1: entries + bytes stores. v2: indexes by time added and by session id (for fork trees).
 * v3: tours, indexed by the entry they belong to.
 */
function upgrade(db: IDBPDatabase<LibrarySchema>, oldVersion: number, tx: IDBPTransaction<LibrarySchema, ('entries' | 'bytes' | 'tours')[], 'versionchange'>): void {
  if (oldVersion < 1) {
    db.createObjectStore('entries', { keyPath: 'id' });
    db.createObjectStore('bytes', { keyPath: 'id' });
  }
  if (oldVersion < 2) {
    const entries = tx.objectStore('entries');
    entries.createIndex('byAdded', 'addedAt');
    entries.createIndex('bySession', 'sessionId');
  }
  if (oldVersion < 3) db.createObjectStore('tours', { keyPath: 'id' }).createIndex('byEntry', 'entryId');
}

function isQuota(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * The session library in IndexedDB. Every import is one transaction over both stores, so a
 * failure, a full quota or a reload mid-way leaves the library exactly as it was. Other tabs
 * hear about changes on a BroadcastChannel.
 */
export class Library {
  private constructor(private readonly db: IDBPDatabase<LibrarySchema>, private readonly channel: BroadcastChannel | null) {}

  static async open(name = DB_NAME): Promise<Library> {
    const db = await openDB<LibrarySchema>(name, DB_VERSION, { upgrade: (d, old, _new, tx) => upgrade(d, old, tx) });
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${name}:changes`) : null;
    return new Library(db, channel);
  }

  close(): void {
    this.channel?.close();
    this.db.close();
  }

  /** Calls `fn` whenever another tab (or this one) changes the library. Returns an unsubscribe. */
  subscribe(fn: () => void): () => void {
    if (!this.channel) return () => {};
    const ch = new BroadcastChannel(this.channel.name);
    ch.onmessage = () => fn();
    return () => ch.close();
  }

  private changed(): void {
    this.channel?.postMessage({ type: 'changed', at: Date.now() });
  }

  /**
   * Adds entries with their bytes atomically: all of them, or none. A Blob (a picked File) is
   * stored as is, so the page never holds a second copy of a large file. An entry kept by reference
   * stores its file's handle, or nothing (`byReference: 'none'`).
   */
  async add(items: readonly ({ entry: LibraryEntry } & ({ bytes: Uint8Array | Blob } | { handle?: FileSystemFileHandle }))[]): Promise<void> {
    const tx = this.db.transaction(['entries', 'bytes'], 'readwrite');
    const done = tx.done;
    done.catch(() => { /* observed below; an abort must not surface as an unhandled rejection */ });
    try {
      for (const item of items) {
        if ('bytes' in item) await tx.objectStore('bytes').put({ id: item.entry.id, bytes: item.bytes });
        else if (item.handle) await tx.objectStore('bytes').put({ id: item.entry.id, handle: item.handle });
        await tx.objectStore('entries').put(item.entry);
      }
      await done;
    } catch (err) {
      try { tx.abort(); } catch { /* already finished or aborted */ }
      if (isQuota(err)) throw new LibraryError('quota', 'The browser refused to store this session: its storage quota is full. The library is unchanged.');
      throw new LibraryError('storage', `The session could not be stored (${err instanceof Error ? err.message : String(err)}). The library is unchanged.`);
    }
    this.changed();
  }

  /**
   * Keeps another name for a file already kept (`entry.bytesOf` names the entry storing it): the
   * entry only, its bytes stored once. Fails, changing nothing, when those bytes are not kept.
   */
  async addName(entry: LibraryEntry & { readonly bytesOf: string }): Promise<void> {
    const tx = this.db.transaction(['entries', 'bytes'], 'readwrite');
    if (!(await tx.objectStore('bytes').getKey(entry.bytesOf))) {
      tx.abort();
      await tx.done.catch(() => undefined);
      throw new LibraryError('not-found', `Session ${entry.bytesOf} is not in the library.`);
    }
    await tx.objectStore('entries').put(entry);
    await tx.done;
    this.changed();
  }

  async list(): Promise<LibraryEntry[]> {
    return this.db.getAll('entries');
  }

  /**
   * The stored bytes of entry `id`: its own, those of the entry it is another name of, or the file
   * its kept handle names, read again (asking for permission again when it has lapsed).
   */
  private async row(id: string): Promise<{ bytes: Uint8Array | Blob }> {
    const e = await this.db.get('entries', id);
    if (e?.byReference === 'none') throw new LibraryError('not-kept', `${e.name} is listed but not kept (${(e.size / 2 ** 30).toFixed(2)} GiB is more than the library copies): open the file again.`);
    const row = await this.db.get('bytes', e?.bytesOf ?? id);
    if (!row) throw new LibraryError('not-found', `Session ${id} is not in the library.`);
    if (row.bytes) return { bytes: row.bytes };
    if (!row.handle) throw new LibraryError('not-found', `Session ${id} is not in the library.`);
    return { bytes: await fileOfHandle(row.handle, e?.name ?? id) };
  }

  async bytes(id: string): Promise<Uint8Array> {
    const row = await this.row(id);
    return row.bytes instanceof Uint8Array ? row.bytes : new Uint8Array(await row.bytes.arrayBuffer());
  }

  /** The kept file as a Blob, without reading it into memory when it was stored as one. */
  async blob(id: string): Promise<Blob> {
    const row = await this.row(id);
    return row.bytes instanceof Blob ? row.bytes : new Blob([row.bytes as Uint8Array<ArrayBuffer>]);
  }

  async rename(id: string, name: string): Promise<void> {
    const tx = this.db.transaction('entries', 'readwrite');
    const e = await tx.store.get(id);
    if (!e) throw new LibraryError('not-found', `Session ${id} is not in the library.`);
    await tx.store.put({ ...e, name });
    await tx.done;
    this.changed();
  }

  /**
   * Removes a session with the tours kept with it, and its bytes unless another name of the same
   * file still uses them, in one transaction.
   */
  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(['entries', 'bytes', 'tours'], 'readwrite');
    const entries = tx.objectStore('entries');
    const key = (await entries.get(id))?.bytesOf ?? id;
    await entries.delete(id);
    const used = (await entries.getAll()).some((e) => (e.bytesOf ?? e.id) === key);
    if (!used) await tx.objectStore('bytes').delete(key);
    const tours = tx.objectStore('tours');
    for (const key of await tours.index('byEntry').getAllKeys(id)) await tours.delete(key);
    await tx.done;
    this.changed();
  }

  /** Keeps a tour; a full quota or a failure leaves the library as it was. */
  async addTour(t: KeptTour): Promise<void> {
    try {
      await this.db.put('tours', t);
    } catch (err) {
      if (isQuota(err)) throw new LibraryError('quota', 'The browser refused to store this tour: its storage quota is full. The library is unchanged.');
      throw new LibraryError('storage', `The tour could not be stored (${err instanceof Error ? err.message : String(err)}). The library is unchanged.`);
    }
    this.changed();
  }

  async tours(): Promise<KeptTour[]> {
    return this.db.getAll('tours');
  }

  async tour(id: string): Promise<KeptTour> {
    const t = await this.db.get('tours', id);
    if (!t) throw new LibraryError('not-found', `Tour ${id} is not in the library.`);
    return t;
  }

  async removeTour(id: string): Promise<void> {
    await this.db.delete('tours', id);
    this.changed();
  }

  /** Bytes held by the library (sum of stored files). */
  async bytesUsed(): Promise<number> {
    return storedBytes(await this.list());
  }
}

/** Bytes the entries' files take: a file kept under several names counts once, one kept by reference not at all. */
export function storedBytes(entries: readonly LibraryEntry[]): number {
  return entries.reduce((n, e) => (e.bytesOf === undefined && e.byReference === undefined ? n + e.size : n), 0);
}

/** Library entries matching a free-text query, sorted by a key. Pure: the UI's list builder. */
export function selectEntries(entries: readonly LibraryEntry[], query: string, sort: 'added' | 'name' | 'size' | 'created'): LibraryEntry[] {
  const q = query.trim().toLowerCase();
  const hit = (e: LibraryEntry) => !q || e.name.toLowerCase().includes(q) || (e.sessionId ?? '').toLowerCase().includes(q);
  const key: Record<typeof sort, (e: LibraryEntry) => number | string> = {
    added: (e) => -e.addedAt, name: (e) => e.name.toLowerCase(), size: (e) => -e.size, created: (e) => -(e.createdAt ?? 0),
  };
  const k = key[sort];
  return entries.filter(hit).sort((a, b) => { const x = k(a), y = k(b); return x < y ? -1 : x > y ? 1 : 0; });
}

/** The file a kept handle names; a lapsed permission is asked for again (it needs the user's recent click). */
async function fileOfHandle(h: FileSystemFileHandle, name: string): Promise<File> {
  const perm = h as unknown as { queryPermission?(o: object): Promise<string>; requestPermission?(o: object): Promise<string> };
  if (perm.queryPermission && (await perm.queryPermission({ mode: 'read' })) !== 'granted' && (await perm.requestPermission?.({ mode: 'read' })) !== 'granted') {
    throw new LibraryError('permission', `The browser did not let Seqscope read ${name} again: open it from the library and allow reading, or open the file again.`);
  }
  try {
    return await h.getFile();
  } catch (err) {
    throw new LibraryError('not-found', `${name} could not be read again (${err instanceof Error ? err.message : String(err)}): it may have been moved or deleted. Open the file again.`);
  }
}
