/**
 * Following a session that is still being written (issue 16): about every 500 ms the file is read
 * from where the last read ended (an HTTP Range request for a URL, a slice of the file for a
 * handle), and the new bytes go to the worker, which grows the same session. A file that shrank,
 * or whose bytes before that point changed, is reloaded from the start with a notice.
 */
import { appendBytes, loadGeneration, openBytes, setLiveSession, useApp, type Restore } from './store';

export const POLL_MS = 500;
/** The least time between one poll's end and the next one's start. */
const MIN_GAP_MS = 100;
/** Bytes before the read point read again each time, to notice a file rewritten in place. */
const OVERLAP = 64;

/** What a poll found: bytes from `from` on, or that the file is no longer what was read. */
export type Growth = { kind: 'same' } | { kind: 'grew'; bytes: Uint8Array } | { kind: 'changed'; why: string };

/** A followable file: read it whole, and read what follows a point. */
export interface FollowSource {
  readonly name: string;
  readonly label: string;
  readAll(): Promise<ArrayBuffer>;
  /** Bytes from `from - overlap.length` on, checked against `overlap`, the bytes known to be there. */
  readFrom(from: number, overlap: Uint8Array): Promise<Growth>;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Splits what was read from `from - overlap.length` into the check and the new bytes. */
export function growthOf(read: Uint8Array, overlap: Uint8Array): Growth {
  if (read.length < overlap.length) return { kind: 'changed', why: 'The file shrank' };
  if (!sameBytes(read.subarray(0, overlap.length), overlap)) return { kind: 'changed', why: 'The file was rewritten' };
  return read.length === overlap.length ? { kind: 'same' } : { kind: 'grew', bytes: read.slice(overlap.length) };
}

/** A same-origin URL, read with `Range: bytes=S-` (206 with the bytes, 416 when nothing follows S). */
export function urlSource(url: string): FollowSource {
  const name = decodeURIComponent(url.split('?')[0].split('/').pop() || url);
  return {
    name, label: url,
    async readAll() {
      const res = await fetch(url, { cache: 'no-store' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.arrayBuffer();
    },
    async readFrom(from, overlap) {
      const start = from - overlap.length;
      const res = await fetch(url, { headers: { Range: `bytes=${start}-` }, cache: 'no-store' });
      if (res.status === 416) return { kind: 'changed', why: 'The file shrank' };
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = new Uint8Array(await res.arrayBuffer());
      // a server that ignores Range sends the whole file
      return growthOf(res.status === 206 ? body : body.subarray(start), overlap);
    },
  };
}

/** A file handle (File System Access): each read asks for the file as it is now. */
export function handleSource(handle: { name: string; getFile(): Promise<File> }, label = handle.name): FollowSource {
  return {
    name: handle.name, label,
    async readAll() { return (await handle.getFile()).arrayBuffer(); },
    async readFrom(from, overlap) {
      const f = await handle.getFile();
      if (f.size < from) return { kind: 'changed', why: 'The file shrank' };
      return growthOf(new Uint8Array(await f.slice(from - overlap.length).arrayBuffer()), overlap);
    },
  };
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Stops following (the session stays as it is). */
export function stopFollowing(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  const f = useApp.getState().liveSession;
  if (f) setLiveSession(undefined);
}

/** Opens `src` to follow it: loads it whole, then polls for appended bytes while it stays shown. */
export async function openFollowed(src: FollowSource, sessionName: string, restore: Restore = {}, notice?: string): Promise<void> {
  if (timer) clearTimeout(timer);
  useApp.setState({ phase: 'loading', progress: { done: 0, total: 0 }, message: undefined });
  let buf: ArrayBuffer;
  try { buf = await src.readAll(); } catch (err) {
    useApp.setState({ phase: 'failed', message: `Could not read ${src.label}: ${(err as Error).message}` });
    return;
  }
  const size = buf.byteLength;
  let tail = new Uint8Array(buf, Math.max(0, size - OVERLAP)).slice();
  useApp.setState({ liveSession: { source: src.label, live: true, ...(notice ? { notice } : {}) } });
  openBytes(buf, src.name, sessionName, {
    ...restore, follow: true,
    onLoaded: (summary) => {
      restore.onLoaded?.(summary);
      if (!summary.live) { setLiveSession({ source: src.label, live: false, notice: 'This file cannot be followed (an archive or a test fixture): it was opened as it is.' }); return; }
      const gen = loadGeneration();
      let at = size;
      const poll = async () => {
        timer = undefined;
        const started = performance.now();
        if (gen !== loadGeneration() || !useApp.getState().liveSession) return;
        try {
          const g = await src.readFrom(at, tail);
          if (gen !== loadGeneration()) return;
          if (g.kind === 'changed') { void openFollowed(src, sessionName, {}, `${g.why} since it was read, so it was reloaded from the start.`); return; }
          if (g.kind === 'grew') {
            at += g.bytes.length;
            const joined = new Uint8Array(tail.length + g.bytes.length);
            joined.set(tail); joined.set(g.bytes, tail.length);
            tail = joined.slice(Math.max(0, joined.length - OVERLAP));
            const bytes = g.bytes.buffer.byteLength === g.bytes.length ? g.bytes.buffer as ArrayBuffer : g.bytes.slice().buffer;
            if (!(await appendBytes(bytes))) return;
            const s = useApp.getState();
            if (s.summary?.live?.ended) { setLiveSession({ source: src.label, live: false, notice: 'DSH refuses the log as it now stands, so following stopped.' }); return; }
          }
        } catch (err) {
          const f = useApp.getState().liveSession;
          if (f) setLiveSession({ ...f, notice: `Could not read ${src.label} (${(err as Error).message}); still trying.` });
        }
        // every POLL_MS from the last poll's start (a long append does not push the next one back), with a short breather
        if (gen === loadGeneration() && useApp.getState().liveSession) timer = setTimeout(() => void poll(), Math.max(MIN_GAP_MS, POLL_MS - (performance.now() - started)));
      };
      timer = setTimeout(() => void poll(), POLL_MS);
    },
  });
}
