/**
 * Opening sessions the library knows of: a file the user brought (kept once it loads), a kept
 * session or one entry of a kept ZIP, a built-in demo (not kept; a ZIP's bytes stay for its other
 * sessions), and the fork comparison of a session with its parent.
 */
import { sniffFormat } from '../io/sniff';
import { LibraryError } from '../storage/library';
import type { ForkSide } from '../protocol/worker-protocol';
import { useApp } from '../store/store';
import type { ForkComparison } from '../store/library-slice';
import { afterLoad, keep, library, libraryState, sessionNameFor, setLibrary as set, type LibraryEntry } from './library';
import type { ArrivingLog, StartedLoad } from './arriving-log';
import { client } from './session-client';
import { failOpen, loadSession, type Restore } from './session';
import { loads } from './session-scope';
import { admitFileSize } from './size-guard';

/**
 * Opens a file the user brought; once it loads it is kept in the library (by reference when it is
 * too large to copy: `handle`, the browser's handle of it where it gave one, lets it be read again).
 */
export async function openFile(file: File, handle?: Promise<FileSystemFileHandle | undefined>): Promise<void> {
  if (!(await admitFileSize(file))) return;
  useApp.setState({ phase: 'loading', progress: { done: 0, total: file.size }, message: undefined, refusal: undefined });
  await openAndKeep(file, file.name, `file:${file.name}`, {}, {}, handle);
}

/** The last ZIP opened without a library entry (a demo, or a kept copy that failed), to open its other sessions. */
const loose: { zip?: { bytes: Uint8Array; name: string; sessionName: string } } = {};
const isZip = (b: Uint8Array) => sniffFormat(b) === 'zip';

/** Opens bytes that are not kept (built-in demos); a ZIP's bytes stay in memory for its other sessions. */
export function openLoose(buf: ArrayBuffer, name: string, sessionName: string, restore: Restore = {}): void {
  const head = new Uint8Array(buf, 0, Math.min(4, buf.byteLength));
  loose.zip = isZip(head) ? { bytes: new Uint8Array(buf.slice(0)), name, sessionName } : undefined;
  set({ currentId: undefined });
  loadSession(buf, restore.entry ? `${name} › ${restore.entry}` : name, restore.entry ? `${sessionName}/${restore.entry}` : sessionName, { ...restore, onLoaded: afterLoad });
}

/** Opens a log that arrives in pieces while it loads, or whose load already runs (a bundle's): not kept, and never a ZIP. */
export function openArriving(log: ArrivingLog | StartedLoad, name: string, sessionName: string, restore: Restore = {}): void {
  loose.zip = undefined;
  set({ currentId: undefined });
  loadSession(log, name, sessionName, { ...restore, onLoaded: afterLoad });
}

/**
 * Opens bytes the user brought (drop, picker, ?url=) and keeps them once they load. A Blob (the
 * picked File itself) goes to the worker unread, so the page never holds a large file's bytes; an
 * ArrayBuffer is transferred. Either way the library keeps the content as a Blob.
 */
export async function openAndKeep(buf: ArrayBuffer | Blob, name: string, sessionName: string, restore: Restore = {}, facts: Pick<LibraryEntry, 'redacted'> = {}, handle?: Promise<FileSystemFileHandle | undefined>): Promise<void> {
  const file = buf instanceof Blob ? buf : new Blob([buf]);
  // Cancel while the first bytes are read (the page already says "loading") ends this open
  const wanted = loads.next();
  const head = new Uint8Array(buf instanceof Blob ? await buf.slice(0, 4).arrayBuffer() : buf.slice(0, 4));
  // a ZIP stays in the page (it is small), to open its other sessions
  loose.zip = isZip(head) ? { bytes: new Uint8Array(buf instanceof Blob ? await buf.arrayBuffer() : buf.slice(0)), name, sessionName } : undefined;
  if (!wanted()) return;
  set({ currentId: undefined });
  loadSession(buf, name, sessionName, {
    ...restore,
    onLoaded: (s) => { afterLoad(s); void keep(file, name, s, facts, handle); },
    // why is said once, by the failure's alert (the banner's, or the status bar's with no session left); this note says only what the library did
    onFailed: () => set({ notice: { kind: 'info', text: `${name} could not be opened, so it was not added to the library (the library is unchanged).` } }),
  });
}

/** Opens a kept session (optionally one entry of a kept ZIP). */
export async function openFromLibrary(id: string, restore: Restore = {}): Promise<void> {
  const lib = await library();
  if (!lib) { failOpen(id, libraryState().unavailable ?? 'The library is unavailable.'); return; }
  let entry: LibraryEntry | undefined;
  let bytes: Blob;
  try {
    entry = (await lib.list()).find((e) => e.id === id);
    bytes = await lib.blob(id);
  } catch (err) {
    set({ drawer: true });
    // a file listed by reference says why it cannot be read (not kept, permission, moved); anything else: gone
    const why = err instanceof LibraryError && (err.code !== 'not-found' || entry?.byReference) ? err.message : undefined;
    failOpen(entry?.name ?? id, why ?? `The library has no session ${id} (it may have been deleted). Pick one from the library or open a file.`);
    return;
  }
  const name = entry?.name ?? id;
  set({ currentId: id });
  loadSession(bytes, restore.entry ? `${name} › ${restore.entry}` : name, sessionNameFor(id, restore.entry), { ...restore, onLoaded: afterLoad });
}

/** Opens another session of the ZIP shown now, at its fork point when it has one. */
export async function openArchiveEntry(entry: string, cursor?: number): Promise<void> {
  const id = libraryState().currentId;
  if (id) { await openFromLibrary(id, { entry, cursor }); return; }
  if (loose.zip) {
    const z = loose.zip;
    const buf = new ArrayBuffer(z.bytes.length);
    new Uint8Array(buf).set(z.bytes);
    const base = z.sessionName.replace(/\/.*$/, '');
    loadSession(buf, entry === 'session.jsonl' ? z.name : `${z.name} › ${entry}`, entry === 'session.jsonl' ? base : `${base}/${entry}`, { entry, cursor, onLoaded: afterLoad });
    return;
  }
  set({ notice: { kind: 'error', text: 'This archive is not in the library, so its other sessions cannot be reopened. Open the file again.' } });
}

/** Shows the comparison in the main area (closing the drawer over it), or closes it. */
export function showForkCompare(c: ForkComparison | undefined): void {
  set(c ? { forkCompare: c, drawer: false } : { forkCompare: undefined });
}

/**
 * Rows of the shown session and of its parent from seq `from`: the parent is another entry of the
 * open ZIP, or a kept session (its bytes are sent to the worker).
 */
export async function compareWithParent(parent: { entry: string } | { keptId: string }, from: number, limit: number): Promise<{ self: ForkSide; other: ForkSide }> {
  let bytes: ArrayBuffer | undefined;
  if ('keptId' in parent) {
    const lib = await library();
    if (!lib) throw new Error(libraryState().unavailable ?? 'The library is unavailable.');
    bytes = (await lib.bytes(parent.keptId)).slice().buffer;
  }
  return client.requestMoving(bytes ? [bytes] : [], 'compareWith', { entry: 'entry' in parent ? parent.entry : undefined, bytes }, from, limit);
}
