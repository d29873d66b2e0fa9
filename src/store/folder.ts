/**
 * The folder slice's actions (issue 16): open a folder of sessions (the directory picker, a
 * `webkitdirectory` file list, or a folder served over HTTP by `seqscope serve`), list its
 * sessions from their headers, then judge them one at a time in the folder worker, the rows on
 * screen first. Opening a session works like opening a file; one from a handle or over HTTP is
 * followed as it grows.
 */
import { classifyFiles, HEADER_BYTES, type FolderFileInfo, type FolderItem, type HeaderFacts } from '../io/folder-scan';
import type { FolderReply, FolderRequest, Judgement } from '../protocol/folder-protocol';
import { loadFolderHandle, saveFolderHandle } from '../storage/folder-handle';
import { handleSource, openFollowed, urlSource, type FollowSource } from './live-session';
import { openFile } from './open';
import { useApp } from './store';

/** A project directory's path for display (pure; for the folder list's rows). */
export { projectLabel } from '../io/folder-scan';

export interface FolderSession extends FolderItem {
  /** undefined until read; null when the file has no readable header. */
  readonly header?: HeaderFacts | null;
  readonly judged?: Judgement | { readonly error: string };
}

export interface FolderState {
  readonly name: string;
  readonly via: 'picker' | 'files' | 'http';
  readonly sessions: readonly FolderSession[];
  /** Headers read so far (the list is complete when it equals sessions.length). */
  readonly headersRead: number;
  readonly listMs?: number;
  readonly error?: string;
}

interface Access {
  blob(head?: number): Promise<Blob>;
  follow?: FollowSource;
  file?: File;
}

type DirHandle = FileSystemDirectoryHandle & {
  values(): AsyncIterable<FileSystemDirectoryHandle | FileSystemFileHandle>;
  requestPermission?(o: { mode: 'read' }): Promise<PermissionState>;
  queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
};

/** Depth DSH's layout needs from $DSH_HOME (sessions/--key--/id/file), plus room for a parent folder. */
const MAX_DEPTH = 6;
const MAX_FILES = 50_000;
/** Files per header batch, and batches in flight (a URL's batch fetches its heads at once). */
const HEADER_BATCH = 50;
const HEADER_BATCHES_IN_FLIGHT = 2;
const LIST_FLUSH_MS = 100;

let access = new Map<string, Access>();
let generation = 0;
let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (r: FolderReply) => void>();

function ask<T>(req: FolderRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never): Promise<T> {
  worker ??= new Worker(new URL('../worker/folder.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (ev: MessageEvent<FolderReply>) => { const p = pending.get(ev.data.id); pending.delete(ev.data.id); p?.(ev.data); };
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, (r) => (r.ok ? resolve(r.value as T) : reject(new Error(r.message))));
    worker!.postMessage({ ...req, id } as FolderRequest);
  });
}

const setFolder = (patch: Partial<FolderState>) => {
  const f = useApp.getState().folder;
  if (f) useApp.setState({ folder: { ...f, ...patch } });
};

export function setFolderPanel(open: boolean): void {
  useApp.setState({ folderPanel: open });
}

/** Lists `found` (each with its access), then reads every header and starts judging. */
async function list(name: string, via: FolderState['via'], found: { info: FolderFileInfo; access: Access }[], t0: number): Promise<void> {
  const gen = ++generation;
  const byPath = new Map(found.map((f) => [f.info.path, f.access]));
  const items = classifyFiles(found.map((f) => f.info));
  access = new Map(items.map((i) => [i.path, byPath.get(i.path)!]));
  const sessions: FolderSession[] = items.map((i) => ({ ...i }));
  useApp.setState({ folder: { name, via, sessions, headersRead: 0 }, folderPanel: true });
  // headers first, in batches (one worker message each); the list updated every LIST_FLUSH_MS
  let next = 0, read = 0, flushAt = 0;
  const got = new Array<HeaderFacts | null>(items.length);
  const flush = () => {
    if (gen !== generation) return;
    const cur = useApp.getState().folder!;
    setFolder({ sessions: cur.sessions.map((s, i) => (got[i] !== undefined && s.header === undefined ? { ...s, header: got[i] } : s)), headersRead: read });
  };
  // a picked file goes to the worker as it is (the worker reads its start); a URL's first bytes are fetched here
  const head = async (i: number): Promise<Blob | undefined> => {
    const a = access.get(items[i].path)!;
    try { return a.file ?? await a.blob(HEADER_BYTES); } catch { return undefined; }
  };
  await Promise.all(Array.from({ length: Math.min(HEADER_BATCHES_IN_FLIGHT, Math.ceil(items.length / HEADER_BATCH)) }, async () => {
    while (next < items.length && gen === generation) {
      const from = next;
      next = Math.min(items.length, next + HEADER_BATCH);
      const blobs = await Promise.all(Array.from({ length: next - from }, (_, k) => head(from + k)));
      let facts: (HeaderFacts | null)[] = [];
      try { facts = await ask<(HeaderFacts | null)[]>({ op: 'headers', blobs: blobs.map((b) => b ?? new Blob()) }); } catch { /* each stays without a header */ }
      blobs.forEach((b, k) => { got[from + k] = (b && facts[k]) ?? null; });
      read += blobs.length;
      if (performance.now() - flushAt > LIST_FLUSH_MS) { flushAt = performance.now(); flush(); }
    }
  }));
  if (gen !== generation) return;
  flush();
  setFolder({ listMs: performance.now() - t0 });
  void judgeAll(gen);
}

/** Keys of rows on screen: judged before the rest. */
const wanted = new Set<string>();

export function wantJudgement(key: string): void {
  wanted.add(key);
}

async function judgeAll(gen: number): Promise<void> {
  const done = new Set<string>();
  for (;;) {
    const f = useApp.getState().folder;
    if (!f || gen !== generation) return;
    const pick = [...wanted].find((k) => !done.has(k) && access.has(k))
      ?? [...f.sessions].sort((a, b) => b.mtimeMs - a.mtimeMs).find((s) => !done.has(s.path))?.path;
    if (pick === undefined) return;
    done.add(pick);
    wanted.delete(pick);
    let judged: FolderSession['judged'];
    try {
      judged = await ask<Judgement>({ op: 'judge', blob: await access.get(pick)!.blob(), name: pick.split('/').pop()!, path: pick });
    } catch (err) { judged = { error: (err as Error).message }; }
    if (gen !== generation) return;
    const cur = useApp.getState().folder!;
    setFolder({ sessions: cur.sessions.map((s) => (s.path === pick ? { ...s, judged } : s)) });
  }
}

/** A folder picked through `<input webkitdirectory>`: Files with their relative paths (snapshots: not followed). */
export function openFolderFiles(files: FileList | readonly File[]): void {
  const t0 = performance.now();
  const all = Array.from(files);
  const name = (all[0] as File & { webkitRelativePath?: string })?.webkitRelativePath?.split('/')[0] || 'folder';
  void list(name, 'files', all.map((file) => {
    // paths inside the folder, as the picker and HTTP give them: without the folder's own name
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    const path = rel ? rel.slice(rel.indexOf('/') + 1) : file.name;
    return { info: { path, size: file.size, mtimeMs: file.lastModified }, access: { file, blob: async (head?: number) => (head ? file.slice(0, head) : file) } };
  }), t0);
}

export const canPickDirectory = () => typeof (globalThis as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

/** The directory picker (File System Access); the handle is kept to offer reopening next visit. */
export async function pickFolder(): Promise<void> {
  let handle: DirHandle;
  try {
    handle = await (globalThis as unknown as { showDirectoryPicker(o: { mode: 'read' }): Promise<DirHandle> }).showDirectoryPicker({ mode: 'read' });
  } catch { return; /* the user closed the picker */ }
  void saveFolderHandle(handle).then(() => useApp.setState({ savedFolder: handle.name }), () => undefined);
  await openHandle(handle);
}

async function openHandle(handle: DirHandle): Promise<void> {
  const t0 = performance.now();
  const files: { path: string; handle: FileSystemFileHandle }[] = [];
  const walk = async (dir: DirHandle, prefix: string, depth: number) => {
    for await (const h of dir.values()) {
      if (files.length >= MAX_FILES) return;
      if (h.kind === 'file') files.push({ path: prefix + h.name, handle: h as FileSystemFileHandle });
      else if (depth < MAX_DEPTH) await walk(h as DirHandle, `${prefix}${h.name}/`, depth + 1);
    }
  };
  await walk(handle, '', 0);
  const keep = new Set(classifyFiles(files.map((f) => ({ path: f.path, size: 0, mtimeMs: 0 }))).map((i) => i.path));
  const found = await Promise.all(files.filter((f) => keep.has(f.path)).map(async (f) => {
    const file = await f.handle.getFile();
    const acc: Access = { file, blob: async (head?: number) => { const now = await f.handle.getFile(); return head ? now.slice(0, head) : now; }, follow: handleSource(f.handle, f.path) };
    return { info: { path: f.path, size: file.size, mtimeMs: file.lastModified }, access: acc };
  }));
  await list(handle.name, 'picker', found, t0);
}

/** On start: is there a folder to offer to reopen? */
export async function checkSavedFolder(): Promise<void> {
  if (!canPickDirectory()) return;
  try {
    const h = await loadFolderHandle();
    if (h) useApp.setState({ savedFolder: h.name });
  } catch { /* no IndexedDB: nothing to offer */ }
}

/** Reopens the kept folder; the browser asks for permission again. */
export async function reopenSavedFolder(): Promise<void> {
  const h = (await loadFolderHandle()) as DirHandle | undefined;
  if (!h) { useApp.setState({ savedFolder: undefined }); return; }
  const state = (await h.queryPermission?.({ mode: 'read' })) === 'granted' ? 'granted' : await h.requestPermission?.({ mode: 'read' });
  if (state !== 'granted') { useApp.setState({ folder: { name: h.name, via: 'picker', sessions: [], headersRead: 0, error: `Permission to read ${h.name} was not given, so it was not reopened.` }, folderPanel: true }); return; }
  await openHandle(h);
}

interface Listing { entries: { name: string; kind: 'file' | 'dir'; size: number; mtimeMs: number }[] }

/** A folder served over HTTP (`seqscope serve DIR`): `GET <dir>/` lists it as JSON; files are read with Range. */
export async function openHttpFolder(base: string): Promise<void> {
  const t0 = performance.now();
  const root = base.endsWith('/') ? base : base + '/';
  const found: { info: FolderFileInfo; access: Access }[] = [];
  try {
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
          access: { follow: urlSource(url), blob: (head?: number) => fetchBlob(url, head) },
        });
      }
      await Promise.all(dirs.map((d) => walk(d, depth + 1)));
    };
    await walk('', 0);
  } catch (err) {
    useApp.setState({ folder: { name: root, via: 'http', sessions: [], headersRead: 0, error: `Could not list ${root}: ${(err as Error).message}` }, folderPanel: true });
    return;
  }
  await list(root, 'http', found.filter((f) => classifyFiles([f.info]).length > 0), t0);
}

async function fetchBlob(url: string, head?: number): Promise<Blob> {
  const res = await fetch(url, head ? { headers: { Range: `bytes=0-${head - 1}` }, cache: 'no-store' } : { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** The current bytes of a folder session (undefined: not in the open folder). */
export async function folderBlob(path: string): Promise<Blob | undefined> {
  return access.get(path)?.blob();
}

/** Opens a session of the folder: followed when it can be re-read (a handle, HTTP), else like a picked file. */
export async function openFolderSession(path: string): Promise<void> {
  const a = access.get(path);
  if (!a) return;
  setFolderPanel(false);
  if (a.follow) { await openFollowed(a.follow, `folder:${path}`); return; }
  if (a.file) await openFile(a.file);
}
