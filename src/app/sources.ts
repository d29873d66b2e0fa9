/**
 * Where a session's bytes come from, apart from a dropped or picked File: a same-origin URL (read
 * whole, or from a point on with Range), a file handle (File System Access), a file of a folder
 * served over HTTP. A live file (src/app/live-file.ts) reads through `LiveSource`.
 */

/** Whether `path` resolves to this page's origin (as the Content-Security-Policy requires anyway). */
export function isSameOrigin(path: string): boolean {
  try { return new URL(path, location.href).origin === location.origin; } catch { return false; }
}

/** Why an answer is not a session log: `not found (404)`, `forbidden (403)`, else its status. */
export function describeHttpFailure(status: number, statusText = ''): string {
  const words: Record<number, string> = { 400: 'bad request', 401: 'not authorized', 403: 'forbidden', 404: 'not found', 410: 'gone', 500: 'server error', 502: 'bad gateway', 503: 'unavailable', 504: 'gateway timeout' };
  return `${words[status] ?? (statusText.toLowerCase() || 'the server refused it')} (${status})`;
}

/**
 * Fetches a same-origin address whole: the bytes, or the sentence saying why not (a failed fetch,
 * a non-2xx answer, an HTML page answered for a file that is not HTML, a broken download).
 */
export async function fetchSessionBytes(url: string): Promise<{ bytes: ArrayBuffer } | { error: string }> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    return { error: `Could not open ${url}: the server did not answer.` };
  }
  if (!res.ok) return { error: `Could not open ${url}: ${describeHttpFailure(res.status, res.statusText)}.` };
  if (/^text\/html\b/i.test(res.headers.get('content-type') ?? '') && !/\.html?$/i.test(new URL(res.url || url, location.href).pathname)) {
    return { error: `Could not open ${url}: not found (the server answered with an HTML page, not a session log).` };
  }
  try {
    return { bytes: await res.arrayBuffer() };
  } catch (err) {
    return { error: `Could not open ${url}: the download broke off (${(err as Error).message}).` };
  }
}

/** A file served over HTTP, whole or its first `head` bytes (Range). */
export async function fetchBlob(url: string, head?: number): Promise<Blob> {
  const res = await fetch(url, head ? { headers: { Range: `bytes=0-${head - 1}` }, cache: 'no-store' } : { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

/** What a poll found: bytes from `from` on, or that the file is no longer what was read. */
export type Growth = { kind: 'same' } | { kind: 'grew'; bytes: Uint8Array } | { kind: 'changed'; why: string };

/** A file that may still be growing: read it whole, and read what follows a point. */
export interface LiveSource {
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
export function urlSource(url: string): LiveSource {
  const name = decodeURIComponent(url.split('?')[0].split('/').pop() || url);
  return {
    name, label: url,
    async readAll() {
      const res = await fetch(url, { cache: 'no-store' });
      if (!res.ok) throw new Error(describeHttpFailure(res.status, res.statusText));
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
export function handleSource(handle: { name: string; getFile(): Promise<File> }, label = handle.name): LiveSource {
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
