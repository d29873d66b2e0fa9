/**
 * The files of a folder of sessions and how to read each: a directory handle walked to DSH's
 * depth, or a folder served over HTTP by `seqscope serve` (`GET <dir>/` lists it as JSON).
 */
import { classifyFiles, type FolderFileInfo } from '../io/folder-scan';
import { fetchBlob, handleSource, urlSource, type LiveSource } from './sources';

/** How one file of the folder is read: its start or all of it, and as a live file when it can be re-read. */
export interface Access {
  blob(head?: number): Promise<Blob>;
  live?: LiveSource;
  file?: File;
}

export type Found = { info: FolderFileInfo; access: Access };

export type DirHandle = FileSystemDirectoryHandle & {
  values(): AsyncIterable<FileSystemDirectoryHandle | FileSystemFileHandle>;
  requestPermission?(o: { mode: 'read' }): Promise<PermissionState>;
  queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
};

/** Depth DSH's layout needs from $DSH_HOME (sessions/--key--/id/file), plus room for a parent folder. */
const MAX_DEPTH = 6;
const MAX_FILES = 50_000;

/** A folder picked through `<input webkitdirectory>`: Files with their relative paths (snapshots: not live). */
export function filesOfList(all: readonly File[]): Found[] {
  return all.map((file) => {
    // paths inside the folder, as the picker and HTTP give them: without the folder's own name
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    const path = rel ? rel.slice(rel.indexOf('/') + 1) : file.name;
    // size and time are left to the folder worker, which reads them with the header: on the page
    // each is a synchronous round trip to the browser (3.4 s for 10,000 files)
    return { info: { path, size: -1, mtimeMs: 0 }, access: { file, blob: async (head?: number) => (head ? file.slice(0, head) : file) } };
  });
}

/** The session files under a directory handle; each is re-read through its handle (live). */
export async function filesOfHandle(handle: DirHandle): Promise<Found[]> {
  const files: { path: string; handle: FileSystemFileHandle }[] = [];
  const walk = async (dir: DirHandle, prefix: string, depth: number) => {
    for await (const h of dir.values()) {
      if (files.length >= MAX_FILES) return;
      if (h.kind === 'file') files.push({ path: prefix + h.name, handle: h });
      else if (depth < MAX_DEPTH) await walk(h as DirHandle, `${prefix}${h.name}/`, depth + 1);
    }
  };
  await walk(handle, '', 0);
  const keep = new Set(classifyFiles(files.map((f) => ({ path: f.path, size: 0, mtimeMs: 0 }))).map((i) => i.path));
  return Promise.all(files.filter((f) => keep.has(f.path)).map(async (f) => {
    const file = await f.handle.getFile();
    const access: Access = { file, blob: async (head?: number) => { const now = await f.handle.getFile(); return head ? now.slice(0, head) : now; }, live: handleSource(f.handle, f.path) };
    return { info: { path: f.path, size: file.size, mtimeMs: file.lastModified }, access };
  }));
}

interface Listing { entries: { name: string; kind: 'file' | 'dir'; size: number; mtimeMs: number }[] }

/** The session files of a folder served over HTTP (`root` ends with `/`); files are read with Range. Throws with the failing address. */
export async function filesOverHttp(root: string): Promise<Found[]> {
  const found: Found[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    const res = await fetch(root + rel, { cache: 'no-store' });
    if (!res.ok) throw new Error(`${root + rel}: HTTP ${res.status}`);
    const listing = (await res.json()) as Listing;
    const dirs: string[] = [];
    for (const e of Array.isArray(listing?.entries) ? listing.entries : []) {
      if (typeof e?.name !== 'string' || e.name.includes('/') || e.name === '.' || e.name === '..') continue;
      const path = rel + e.name;
      if (e.kind === 'dir') { if (depth < MAX_DEPTH) dirs.push(path + '/'); continue; }
      if (found.length >= MAX_FILES) break;
      const url = root + path.split('/').map(encodeURIComponent).join('/');
      found.push({
        info: { path, size: Number(e.size) || 0, mtimeMs: Number(e.mtimeMs) || 0 },
        access: { live: urlSource(url), blob: (head?: number) => fetchBlob(url, head) },
      });
    }
    await Promise.all(dirs.map((d) => walk(d, depth + 1)));
  };
  await walk('', 0);
  return found.filter((f) => classifyFiles([f.info]).length > 0);
}
