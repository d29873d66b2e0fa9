/**
 * The library slice of the app store (issue 4): the kept sessions, the notice about the last
 * import, which kept session is shown, and a ZIP's images as blob: URLs; and its actions. The
 * IndexedDB access goes through `Library` (src/storage/library.ts); loads go through the session slice.
 */
import { sniffFormat } from '../io/sniff';
import { libraryEntryFor } from '../storage/entry';
import { Library, LibraryError, type LibraryEntry } from '../storage/library';
import type { ForkSide, Summary } from '../protocol/worker-protocol';
import { client } from './client';
import { failOpen, openBytes, useApp, type Restore } from './store';

/** Pure list builders over kept entries, for the library's views. */
export { verdictLabel } from '../storage/entry';
export { selectEntries, type LibraryEntry } from '../storage/library';
export { buildTree, flattenTree, parentOf, type TreeInput, type TreeNode } from '../storage/tree';

export interface Notice { readonly kind: 'error' | 'info'; readonly text: string }

export interface LibraryState {
  ready: boolean;
  unavailable?: string;
  entries: LibraryEntry[];
  bytesUsed: number;
  drawer: boolean;
  notice?: Notice;
  /** The library entry shown now, if any. */
  currentId?: string;
  /** Images of the open ZIP: attachment id → blob: URL. */
  media: ReadonlyMap<string, string>;
  /** The fork comparison shown in the main area, for the session it was made for. */
  forkCompare?: ForkComparison;
}

/** A fork and its parent from the divergence point `from`: both sides' rows from `from` and their lengths. */
export interface ForkComparison {
  readonly for: Summary;
  readonly parentId: string;
  readonly from: number;
  readonly self: ForkSide;
  readonly other: ForkSide;
}

/** Selects from the library slice (a hook, like `useApp`). */
export function useLibrary<T>(pick: (s: LibraryState) => T): T {
  return useApp((s) => pick(s.library));
}

export function libraryState(): LibraryState {
  return useApp.getState().library;
}

function set(patch: Partial<LibraryState>): void {
  useApp.setState((s) => ({ library: { ...s.library, ...patch } }));
}

let libPromise: Promise<Library | null> | undefined;

/** The library, opened once; null when this browser has no usable IndexedDB. */
export function library(): Promise<Library | null> {
  libPromise ??= Library.open().then((lib) => {
    lib.subscribe(() => { void refresh(); });
    return lib;
  }, (err) => {
    set({ ready: true, unavailable: `The library is unavailable in this browser (${(err as Error)?.message ?? err}).` });
    return null;
  });
  return libPromise;
}

export async function refresh(): Promise<void> {
  const lib = await library();
  if (!lib) return;
  const entries = await lib.list();
  set({ ready: true, entries, bytesUsed: entries.reduce((n, e) => n + e.size, 0) });
}

export function setDrawer(open: boolean): void { set({ drawer: open }); }
export function setNotice(notice: Notice | undefined): void { set({ notice }); }

function sessionNameFor(id: string, entry?: string): string {
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

/**
 * Keeps a file that loaded (refused or not: a refused file still opens, labelled with its verdict).
 * A file already kept (same bytes) is not added twice. Quota and storage errors leave the library
 * as it was and say so.
 */
async function keep(file: Blob, name: string, summary: Summary): Promise<void> {
  const lib = await library();
  if (!lib) return;
  try {
    const existing = (await lib.list()).find((e) => e.size === file.size && e.sessionId === summary.header?.id);
    if (existing && await sameFile(await lib.blob(existing.id), file)) {
      adopt(existing.id, summary);
      set({ notice: { kind: 'info', text: `${name} is already in the library.` } });
      return;
    }
    const id = crypto.randomUUID();
    const entry = libraryEntryFor(summary, { id, name, size: file.size, now: Date.now() });
    await lib.add([{ entry, bytes: file }]);
    adopt(id, summary);
    set({ notice: { kind: 'info', text: `Kept ${name} in the library${summary.verdict.ok ? '' : ', labelled as refused by DSH'}.` } });
    await refresh();
  } catch (err) {
    const text = err instanceof LibraryError ? err.message : `The session could not be stored (${(err as Error)?.message ?? err}). The library is unchanged.`;
    set({ notice: { kind: 'error', text: `${name} is open but was not kept: ${text}` } });
  }
}

/** The shown session is now library entry `id`: the URL hash names it, so reload reopens it. */
function adopt(id: string, summary: Summary): void {
  set({ currentId: id });
  const st = useApp.getState();
  if (st.summary === summary) useApp.setState({ sessionName: sessionNameFor(id, summary.entry) });
}

function afterLoad(summary: Summary): void {
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
    const list = await client.request<{ id: string; mediaType: string; bytes: ArrayBuffer }[]>({ op: 'media' });
    if (useApp.getState().summary !== summary) return;
    set({ media: new Map(list.map((m) => [m.id, URL.createObjectURL(new Blob([m.bytes], { type: m.mediaType }))])) });
  } catch { /* a newer load replaced the worker */ }
}

/** The last ZIP opened without a library entry (a demo, or a kept copy that failed), to open its other sessions. */
let looseZip: { bytes: Uint8Array; name: string; sessionName: string } | undefined;
const isZip = (b: Uint8Array) => sniffFormat(b) === 'zip';

/** Opens bytes that are not kept (built-in demos); a ZIP's bytes stay in memory for its other sessions. */
export function openLoose(buf: ArrayBuffer, name: string, sessionName: string, restore: Restore = {}): void {
  const head = new Uint8Array(buf, 0, Math.min(4, buf.byteLength));
  looseZip = isZip(head) ? { bytes: new Uint8Array(buf.slice(0)), name, sessionName } : undefined;
  set({ currentId: undefined });
  openBytes(buf, restore.entry ? `${name} › ${restore.entry}` : name, restore.entry ? `${sessionName}/${restore.entry}` : sessionName, { ...restore, onLoaded: afterLoad });
}

/**
 * Opens bytes the user brought (drop, picker, ?url=) and keeps them once they load. A Blob (the
 * picked File itself) goes to the worker unread, so the page never holds a large file's bytes; an
 * ArrayBuffer is transferred. Either way the library keeps the content as a Blob.
 */
export async function openAndKeep(buf: ArrayBuffer | Blob, name: string, sessionName: string, restore: Restore = {}): Promise<void> {
  const file = buf instanceof Blob ? buf : new Blob([buf]);
  const head = new Uint8Array(buf instanceof Blob ? await buf.slice(0, 4).arrayBuffer() : buf.slice(0, 4));
  // a ZIP stays in the page (it is small), to open its other sessions
  looseZip = isZip(head) ? { bytes: new Uint8Array(buf instanceof Blob ? await buf.arrayBuffer() : buf.slice(0)), name, sessionName } : undefined;
  set({ currentId: undefined });
  openBytes(buf, name, sessionName, {
    ...restore,
    onLoaded: (s) => { afterLoad(s); void keep(file, name, s); },
    onFailed: (m) => set({ notice: { kind: 'info', text: `${name} could not be opened, so it was not added to the library (the library is unchanged). ${m}` } }),
  });
}

/** Opens a kept session (optionally one entry of a kept ZIP). */
export async function openFromLibrary(id: string, restore: Restore = {}): Promise<void> {
  const lib = await library();
  if (!lib) { failOpen(libraryState().unavailable ?? 'The library is unavailable.'); return; }
  let entry: LibraryEntry | undefined;
  let bytes: Blob;
  try {
    entry = (await lib.list()).find((e) => e.id === id);
    bytes = await lib.blob(id);
  } catch {
    set({ drawer: true });
    failOpen(`The library has no session ${id} (it may have been deleted). Pick one from the library or open a file.`);
    return;
  }
  const name = entry?.name ?? id;
  set({ currentId: id });
  openBytes(bytes, restore.entry ? `${name} › ${restore.entry}` : name, sessionNameFor(id, restore.entry), { ...restore, onLoaded: afterLoad });
}

/** Opens another session of the ZIP shown now, at its fork point when it has one. */
export async function openArchiveEntry(entry: string, cursor?: number): Promise<void> {
  const id = libraryState().currentId;
  if (id) { await openFromLibrary(id, { entry, cursor }); return; }
  if (looseZip) {
    const z = looseZip;
    const buf = new ArrayBuffer(z.bytes.length);
    new Uint8Array(buf).set(z.bytes);
    const base = z.sessionName.replace(/\/.*$/, '');
    looseZip = z;
    openBytes(buf, entry === 'session.jsonl' ? z.name : `${z.name} › ${entry}`, entry === 'session.jsonl' ? base : `${base}/${entry}`, { entry, cursor, onLoaded: afterLoad });
    return;
  }
  set({ notice: { kind: 'error', text: 'This archive is not in the library, so its other sessions cannot be reopened. Open the file again.' } });
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

/**
 * Rows of the shown session and of its parent from seq `from`: the parent is another entry of the
 * open ZIP, or a kept session (its bytes are sent to the worker).
 */
/** Shows the comparison in the main area (closing the drawer over it), or closes it. */
export function showForkCompare(c: ForkComparison | undefined): void {
  set(c ? { forkCompare: c, drawer: false } : { forkCompare: undefined });
}

export async function compareWithParent(parent: { entry: string } | { keptId: string }, from: number, limit: number): Promise<{ self: ForkSide; other: ForkSide }> {
  let bytes: ArrayBuffer | undefined;
  if ('keptId' in parent) {
    const lib = await library();
    if (!lib) throw new Error(libraryState().unavailable ?? 'The library is unavailable.');
    bytes = (await lib.bytes(parent.keptId)).slice().buffer;
  }
  return client.request<{ self: ForkSide; other: ForkSide }>({ op: 'compareWith', entry: 'entry' in parent ? parent.entry : undefined, bytes, from, limit }, bytes ? [bytes] : []);
}
