/**
 * The library of kept sessions (IndexedDB through src/storage/library.ts): opening it once,
 * listing, keeping a session that loaded, renaming and removing, the notice about the last import,
 * and a ZIP's images as blob: URLs. Opening a kept session is in src/app/library-open.ts.
 */
import { libraryEntryFor } from '../storage/entry';
import { Library, LibraryError, storedBytes } from '../storage/library';
import type { LibraryEntry } from '../storage/library';
import type { Summary } from '../protocol/worker-protocol';
import { useApp } from '../store/store';
import type { LibraryState, Notice } from '../store/library-slice';
import { keepByReference } from './keep-policy';
import { client } from './session-client';

/** Pure list builders over kept entries, for the library's views. */
export { verdictLabel } from '../storage/entry';
export { selectEntries, type LibraryEntry } from '../storage/library';
export { buildTree, flattenTree, parentOf, type TreeInput, type TreeNode } from '../storage/tree';

/** Selects from the library slice (a hook, like `useApp`). */
export function useLibrary<T>(pick: (s: LibraryState) => T): T {
  return useApp((s) => pick(s.library));
}

export function libraryState(): LibraryState {
  return useApp.getState().library;
}

export function setLibrary(patch: Partial<LibraryState>): void {
  useApp.setState((s) => ({ library: { ...s.library, ...patch } }));
}
const set = setLibrary;

/** The library, once asked for (opened at most once per page). */
const db: { opening?: Promise<Library | null> } = {};

/** The library, opened once; null when this browser has no usable IndexedDB. */
export function library(): Promise<Library | null> {
  db.opening ??= Library.open().then((lib) => {
    lib.subscribe(() => { void refresh(); });
    return lib;
  }, (err) => {
    set({ ready: true, unavailable: `The library is unavailable in this browser (${(err as Error)?.message ?? err}).` });
    return null;
  });
  return db.opening;
}

export async function refresh(): Promise<void> {
  const lib = await library();
  if (!lib) return;
  const entries = await lib.list();
  set({ ready: true, entries, bytesUsed: storedBytes(entries) });
}

export function setDrawer(open: boolean): void { set({ drawer: open }); }
export function setNotice(notice: Notice | undefined): void { set({ notice }); }

export function sessionNameFor(id: string, entry?: string): string {
  return entry !== undefined && entry !== 'session.jsonl' ? `lib:${id}/${entry}` : `lib:${id}`;
}

/** Splits `lib:<id>[/<zip entry>]`. */
export function parseLibName(name: string | undefined): { id: string; entry?: string } | undefined {
  if (!name?.startsWith('lib:')) return undefined;
  const rest = name.slice(4);
  const i = rest.indexOf('/');
  return i < 0 ? { id: rest } : { id: rest.slice(0, i), entry: rest.slice(i + 1) };
}

/** Same file? Equal size and equal first and last 64 KiB: enough to skip re-keeping a file just opened. */
async function sameFile(kept: Blob, file: Blob): Promise<boolean> {
  if (kept.size !== file.size) return false;
  const span = 64 * 1024;
  const parts = async (b: Blob) => Promise.all([b.slice(0, span).arrayBuffer(), b.slice(Math.max(0, b.size - span)).arrayBuffer()]);
  const [a, b] = await Promise.all([parts(kept), parts(file)]);
  const eq = (x: ArrayBuffer, y: ArrayBuffer) => { const u = new Uint8Array(x), v = new Uint8Array(y); return u.length === v.length && u.every((c, i) => c === v[i]); };
  return eq(a[0], b[0]) && eq(a[1], b[1]);
}

/** The first entry whose kept file has the bytes of `file`. */
async function firstSame(entries: readonly LibraryEntry[], blobOf: (e: LibraryEntry) => Promise<Blob>, file: Blob): Promise<LibraryEntry | undefined> {
  for (const e of entries) if (await sameFile(await blobOf(e), file)) return e;
  return undefined;
}

/**
 * Keeps a file that loaded (refused or not: a refused file still opens, labelled with its verdict).
 * A file already kept (same bytes) is not stored twice: opened under the same name it is the entry
 * kept; under another name, that name is kept too, as an entry of its own over the same stored bytes,
 * so the page and the library show the name the user opened. Quota and storage errors leave the
 * library as it was and say so.
 */
export async function keep(file: Blob, name: string, summary: Summary, facts: Pick<LibraryEntry, 'redacted'> = {}, handle?: Promise<FileSystemFileHandle | undefined>): Promise<void> {
  const lib = await library();
  if (!lib) return;
  try {
    const same = (await lib.list()).filter((e) => e.size === file.size && e.sessionId === summary.header?.id);
    if (await keepByReference(file.size)) { await keepReference(lib, file, name, summary, facts, await handle, same); return; }
    const candidates = same.filter((e) => e.byReference === undefined);
    const kept = await firstSame(candidates, (e) => lib.blob(e.id), file);
    const key = kept && (kept.bytesOf ?? kept.id);
    const sameName = kept && candidates.find((e) => (e.bytesOf ?? e.id) === key && e.name === name);
    if (sameName) {
      adopt(sameName.id, summary);
      set({ notice: { kind: 'info', text: `${name} is already in the library.` } });
      return;
    }
    const id = crypto.randomUUID();
    const entry = { ...libraryEntryFor(summary, { id, name, size: file.size, now: Date.now() }), ...(facts.redacted ? { redacted: facts.redacted } : {}) };
    if (kept && key) await lib.addName({ ...entry, bytesOf: key });
    else await lib.add([{ entry, bytes: file }]);
    adopt(id, summary);
    const also = kept ? `: the same file as ${kept.name}, stored once` : '';
    set({ notice: { kind: 'info', text: `Kept ${name} in the library${summary.verdict.ok ? '' : ', labelled as refused by DSH'}${also}.` } });
    await refresh();
  } catch (err) {
    const text = err instanceof LibraryError ? err.message : `The session could not be stored (${(err as Error)?.message ?? err}). The library is unchanged.`;
    set({ notice: { kind: 'error', text: `${name} is open but was not kept: ${text}` } });
  }
}

/** Lists a file too large to copy: its handle kept when there is one, else the entry only (see keep-policy). */
async function keepReference(lib: Library, file: Blob, name: string, summary: Summary, facts: Pick<LibraryEntry, 'redacted'>, handle: FileSystemFileHandle | undefined, same: readonly LibraryEntry[]): Promise<void> {
  const size = `${(file.size / 2 ** 30).toFixed(2)} GiB`;
  const listed = same.find((e) => e.name === name && e.byReference !== undefined);
  if (listed && (listed.byReference === 'handle' || !handle)) {
    adopt(listed.id, summary);
    set({ notice: { kind: 'info', text: `${name} is already in the library, by reference.` } });
    return;
  }
  const id = crypto.randomUUID();
  const entry: LibraryEntry = { ...libraryEntryFor(summary, { id, name, size: file.size, now: Date.now() }), ...(facts.redacted ? { redacted: facts.redacted } : {}), byReference: handle ? 'handle' : 'none' };
  await lib.add([{ entry, handle }]);
  if (listed) await lib.remove(listed.id);
  adopt(id, summary);
  set({ notice: { kind: 'info', text: handle
    ? `Listed ${name} in the library by reference (${size}, too large to copy): opening it reads the file again.`
    : `Listed ${name} in the library, not kept (${size}, too large to copy, and this browser gave no way to read it again): reopen the file to view it.` } });
  await refresh();
}

/** The shown session is now library entry `id`: the URL hash names it, so reload reopens it. */
function adopt(id: string, summary: Summary): void {
  set({ currentId: id });
  const st = useApp.getState();
  if (st.summary === summary) useApp.setState({ sessionName: sessionNameFor(id, summary.entry) });
}

export function afterLoad(summary: Summary): void {
  // a ZIP's root opens the drawer on its other sessions; opening one of them leaves the drawer as it is
  const atRoot = summary.entry === undefined || summary.entry === 'session.jsonl';
  if (summary.container === 'zip' && atRoot && (summary.archive?.sessions.length ?? 0) > 1) set({ drawer: true });
  void loadMedia(summary);
}

async function loadMedia(summary: Summary): Promise<void> {
  for (const url of libraryState().media.values()) URL.revokeObjectURL(url);
  set({ media: new Map() });
  if (!summary.archive?.mediaCount) return;
  try {
    const list = await client.request('media');
    if (useApp.getState().summary !== summary) return;
    set({ media: new Map(list.map((m) => [m.id, URL.createObjectURL(new Blob([m.bytes], { type: m.mediaType }))])) });
  } catch { /* a newer load replaced the worker */ }
}

export async function renameEntry(id: string, name: string): Promise<void> {
  const lib = await library();
  if (!lib) return;
  await lib.rename(id, name);
  await refresh();
}

export async function removeEntry(id: string): Promise<void> {
  const lib = await library();
  if (!lib) return;
  await lib.remove(id);
  if (libraryState().currentId === id) set({ currentId: undefined });
  await refresh();
}

