/**
 * The last folder opened with the directory picker, kept in IndexedDB so that the next visit can
 * offer to reopen it (the browser asks for permission again). Handles are structured-clonable.
 */
import { openDB } from 'idb';

const DB = 'seqscope-folders';
const STORE = 'handles';
const KEY = 'last';

const db = () => openDB(DB, 1, { upgrade: (d) => { d.createObjectStore(STORE); } });

export async function saveFolderHandle(handle: FileSystemDirectoryHandle): Promise<void> {
  await (await db()).put(STORE, handle, KEY);
}

export async function loadFolderHandle(): Promise<FileSystemDirectoryHandle | undefined> {
  return (await (await db()).get(STORE, KEY)) as FileSystemDirectoryHandle | undefined;
}
