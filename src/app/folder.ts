/**
 * A folder of sessions: open it (the directory picker, a `webkitdirectory` file list, or a folder
 * served over HTTP by `seqscope serve`), list its sessions from their headers, then judge them in
 * the folder workers (two at a time), the rows on screen first. Opening a session works like opening a
 * file; one from a handle or over HTTP is opened as a live file.
 */
import type { SessionFigures } from '../core/session-figures';
import { classifyFiles, HEADER_BYTES } from '../io/folder-scan';
import type { Summary } from '../protocol/worker-protocol';
import { loadFolderHandle, saveFolderHandle } from '../storage/folder-handle';
import { useApp } from '../store/store';
import type { FolderSession, FolderState } from '../store/folder-slice';
import type { HeadRead, JudgeFile, Judgement } from '../protocol/folder-protocol';
import { FOLDER_LANES, folderClients, type FolderClient } from './folder-client';
import { flushInterval, JudgeQueue, mergeJudgements, type Judged } from './folder-judging';
import { filesOfHandle, filesOfList, filesOverHttp, type Access, type DirHandle, type Found } from './folder-sources';
import { Latest, type Ticket } from './latest';
import { openFile } from './library-open';
import { openRuns } from './runs';
import { openLiveFile } from './live-file';
import { client } from './session-client';
import { loads } from './session-scope';

/** A project directory's path for display (pure; for the folder list's rows). */
export { projectLabel } from '../io/folder-scan';

/** Files per header batch, and batches in flight (a URL's batch fetches its heads at once; at most one per folder worker). */
const HEADER_BATCH = 50;
/** Each lane's first batch is smaller: the first headers (a table row's project, kind and place) come sooner. */
const FIRST_HEADER_BATCH = 8;
const HEADER_BATCHES_IN_FLIGHT = FOLDER_LANES;
const LIST_FLUSH_MS = 100;

/** The folder listed now: how to read each of its sessions, which rows are on screen, and its generation. */
class OpenFolder {
  access = new Map<string, Access>();
  /** Keys of rows on screen: judged before the rest. */
  readonly wanted = new Set<string>();
  readonly lists = new Latest();
  /** The folder session followed now, with its own figures as it last grew (newer than a judgement read before). */
  followed?: { readonly path: string; readonly figures: SessionFigures };
}
const open = new OpenFolder();

const setFolder = (patch: Partial<FolderState>) => {
  const f = useApp.getState().folder;
  if (f) useApp.setState({ folder: { ...f, ...patch } });
};

export function setFolderPanel(panel: boolean): void {
  useApp.setState({ folderPanel: panel });
}

/** Lists `found` (each with its access), then reads every header and starts judging. */
async function list(name: string, via: FolderState['via'], found: Found[], t0: number): Promise<void> {
  const mine = open.lists.next();
  open.followed = undefined;
  const byPath = new Map(found.map((f) => [f.info.path, f.access]));
  const items = classifyFiles(found.map((f) => f.info));
  open.access = new Map(items.map((i) => [i.path, byPath.get(i.path)!]));
  const sessions: FolderSession[] = items.map((i) => ({ ...i }));
  useApp.setState({ folder: { name, via, sessions, headersRead: 0 }, folderPanel: true });
  // headers first, in batches (one worker message each); the list updated every LIST_FLUSH_MS
  let next = 0, read = 0, flushAt = 0;
  const got = new Array<HeadRead | null>(items.length);
  const flush = () => {
    if (!mine()) return;
    const cur = useApp.getState().folder!;
    setFolder({ sessions: cur.sessions.map((s, i) => (got[i] !== undefined && s.header === undefined ? withHead(s, got[i]) : s)), headersRead: read });
  };
  // a picked file goes to the worker as it is (the worker reads its start); a URL's first bytes are fetched here
  const head = async (i: number): Promise<Blob | undefined> => {
    const a = open.access.get(items[i].path)!;
    try { return a.file ?? await a.blob(HEADER_BYTES); } catch { return undefined; }
  };
  // each batch in flight has a folder worker of its own
  await Promise.all(folderClients.slice(0, Math.min(HEADER_BATCHES_IN_FLIGHT, Math.ceil(items.length / HEADER_BATCH))).map(async (lane) => {
    for (let batch = FIRST_HEADER_BATCH; next < items.length && mine(); batch = HEADER_BATCH) {
      const from = next;
      next = Math.min(items.length, next + batch);
      const blobs = await Promise.all(Array.from({ length: next - from }, (_, k) => head(from + k)));
      let heads: HeadRead[] = [];
      try { heads = await lane.ask('headers', blobs.map((b) => b ?? new Blob())); } catch { /* each stays without a header */ }
      blobs.forEach((b, k) => { got[from + k] = (b && heads[k]) ?? null; });
      read += blobs.length;
      if (performance.now() - flushAt > LIST_FLUSH_MS) { flushAt = performance.now(); flush(); }
    }
  }));
  if (!mine()) return;
  flush();
  setFolder({ listMs: performance.now() - t0 });
  void judgeAll(mine);
}

/** A listed session with its header read; a picked file's size and time too (not known before: FolderFileInfo). */
function withHead(s: FolderSession, h: HeadRead | null): FolderSession {
  if (!h) return { ...s, header: null };
  return { ...s, header: h.facts, ...(s.size < 0 ? { size: h.size, mtimeMs: h.mtimeMs ?? 0 } : {}) };
}

/** The row for `key` is on screen: it is judged next. */
export function wantJudgement(key: string): void {
  open.wanted.add(key);
}

/**
 * Judges every session of the folder, FOLDER_LANES at a time (one folder worker each), the rows on
 * screen first. Judgements are merged into the store as they arrive, a batch at most every
 * flushInterval (the first at once), so the table's rows never wait for figure work.
 */
async function judgeAll(mine: () => boolean): Promise<void> {
  const f = useApp.getState().folder;
  if (!f || !mine()) return;
  const queue = new JudgeQueue(f.sessions.filter((s) => open.access.has(s.path)));
  const arrived = new Map<string, Judged>();
  let every = flushInterval(f.sessions.length);
  let flushedAt = -Infinity, timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) { clearTimeout(timer); timer = undefined; }
    if (!mine() || arrived.size === 0) return;
    // a followed session may have grown past what the judge read: its figures as it last grew win
    const live = open.followed;
    const j = live && arrived.get(live.path);
    if (live && j && 'fleet' in j && j.fleet && live.figures.events > j.fleet.figures.events) arrived.set(live.path, withFigures(j, live.figures));
    const cur = useApp.getState().folder!;
    const t0 = performance.now();
    setFolder({ sessions: mergeJudgements(cur.sessions, arrived) });
    arrived.clear();
    // the store's subscribers render the merge in a microtask the update queued: this one runs after it
    queueMicrotask(() => { every = flushInterval(cur.sessions.length, performance.now() - t0); });
    flushedAt = performance.now();
  };
  // a batch of small files at a time: the worker reads their bytes with one read
  const lane = async (c: FolderClient) => {
    for (let picks = queue.nextBatch(open.wanted); picks.length > 0 && mine(); picks = queue.nextBatch(open.wanted)) {
      const got = await Promise.all(picks.map(async (path): Promise<JudgeFile | Judged> => {
        try { return { blob: await open.access.get(path)!.blob(), name: path.split('/').pop()!, path }; } catch (err) { return { error: (err as Error).message }; }
      }));
      const files = got.filter((g): g is JudgeFile => 'blob' in g);
      let answers: readonly Judged[];
      try { answers = files.length ? await c.ask('judge', files) : []; } catch (err) { answers = files.map(() => ({ error: (err as Error).message })); }
      if (!mine()) return;
      let k = 0;
      picks.forEach((path, i) => { const g = got[i]; arrived.set(path, 'blob' in g ? answers[k++] : g); });
      const wait = flushedAt + every - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    }
  };
  await Promise.all(folderClients.map(lane));
  flush();
}

/** A folder picked through `<input webkitdirectory>`: Files with their relative paths (snapshots: not live). */
export function openFolderFiles(files: FileList | readonly File[]): void {
  const t0 = performance.now();
  const all = Array.from(files);
  const name = (all[0] as File & { webkitRelativePath?: string })?.webkitRelativePath?.split('/')[0] || 'folder';
  void list(name, 'files', filesOfList(all), t0);
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
  await list(handle.name, 'picker', await filesOfHandle(handle), t0);
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

/** A folder served over HTTP (`seqscope serve DIR`): `GET <dir>/` lists it as JSON; files are read with Range. */
export async function openHttpFolder(base: string): Promise<void> {
  const t0 = performance.now();
  const root = base.endsWith('/') ? base : base + '/';
  let found: Found[];
  try {
    found = await filesOverHttp(root);
  } catch (err) {
    useApp.setState({ folder: { name: root, via: 'http', sessions: [], headersRead: 0, error: `Could not list ${root}: ${(err as Error).message}` }, folderPanel: true });
    return;
  }
  await list(root, 'http', found, t0);
}

/** The current bytes of a folder session (undefined: not in the open folder). */
export async function folderBlob(path: string): Promise<Blob | undefined> {
  return open.access.get(path)?.blob();
}

/**
 * Opens a session of the folder: as a live file when it can be re-read (a handle, HTTP), else like
 * a picked file. A followed session's fleet figures follow the log as it grows.
 */
export async function openFolderSession(path: string): Promise<void> {
  const a = open.access.get(path);
  if (!a) return;
  setFolderPanel(false);
  const folder = open.lists.current();
  if (a.live) { await openLiveFile(a.live, `folder:${path}`, {}, { onGrew: () => void followedGrew(path, folder) }); return; }
  if (a.file) await openFile(a.file);
}

/** A folder session's name as a file: DSH's `<id>/session.jsonl.zstd` keeps its directory, so two runs are told apart. */
function fileNameOf(path: string): string {
  const parts = path.split('/');
  const base = parts[parts.length - 1];
  return base.startsWith('session.') && parts.length > 1 ? `${parts[parts.length - 2]}-${base}` : base;
}

/**
 * Two sessions of the folder in the Runs view: A is opened as a picked file is (a snapshot, kept
 * in the library) and B is loaded beside it, so both are kept and `#compare=<a>,<b>` names them.
 * A session that cannot be read is said in the folder panel, which then stays open.
 */
export async function compareFolderSessions(pathA: string, pathB: string): Promise<void> {
  const a = open.access.get(pathA), b = open.access.get(pathB);
  if (!a || !b) return;
  let blobs: [Blob, Blob];
  try {
    blobs = await Promise.all([a.blob(), b.blob()]);
  } catch (err) {
    setFolder({ error: `The two sessions could not be compared: ${(err as Error).message}` });
    return;
  }
  setFolderPanel(false);
  const [nameA, nameB] = [fileNameOf(pathA), fileNameOf(pathB)];
  await openRuns(() => openFile(new File([blobs[0]], nameA)), () => Promise.resolve({ bytes: blobs[1], name: nameB }));
}

/** A judgement with a followed log's figures (and its title and size) as the log now stands. */
function withFigures(j: Judgement, figures: SessionFigures, summary?: Summary): Judgement {
  if (!j.fleet) return j;
  const v = summary?.verdict;
  if (!v) return { ...j, fleet: { ...j.fleet, figures }, ...(figures.title !== undefined ? { title: figures.title } : {}) };
  const { message: _was, ...entry } = j.fleet;
  const message = v.ok ? undefined : v.message.slice(0, 300);
  const fleet = { ...entry, figures, verdict: v.ok ? 'ok' : v.kind, partial: !v.ok, ...(message !== undefined ? { message } : {}) };
  const verdict = v.ok ? { ok: true } : { ok: false, kind: v.kind, message };
  return { ...j, fleet, verdict, events: summary.length, ...(figures.title !== undefined ? { title: figures.title } : {}) };
}

/**
 * The followed folder session was shown as its file now stands (loaded or grown): its fleet row
 * and the totals take the worker's figures of the log (folded as it was read, so the file is not
 * read again). A session not judged yet is judged next; its judgement keeps these if newer.
 */
async function followedGrew(path: string, folder: Ticket): Promise<void> {
  const load = loads.current();
  let figures: SessionFigures | undefined;
  try { figures = await client.request('ownFigures'); } catch { return; }
  if (!figures || !folder() || !load()) return;
  open.followed = { path, figures };
  const s = useApp.getState();
  const f = s.folder;
  const at = f?.sessions.find((x) => x.path === path);
  if (!f || !at) return;
  const j = at.judged;
  if (!j || !('fleet' in j) || !j.fleet) { wantJudgement(path); return; }
  const next = withFigures(j, figures, s.summary);
  setFolder({ sessions: f.sessions.map((x) => (x === at ? { ...x, judged: next } : x)) });
}
