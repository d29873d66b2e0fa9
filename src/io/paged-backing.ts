/**
 * A disk-backed file as a log's backing: read again a page at a time, synchronously, through the
 * host's reader (a worker's FileReaderSync, Node's readSync), with the last few pages kept. The
 * file's bytes are never all held: a 4 GiB log costs its columns and a few pages.
 */
import type { ByteBacking } from '../core/log-bytes';

/** Reads bytes [start, end) of a file synchronously, as an array of their own. */
export type SyncRead = (start: number, end: number) => Uint8Array;

/** Makes a synchronous reader of a Blob, where the host has one (a worker: FileReaderSync). */
export type SyncReader = (blob: Blob) => SyncRead;

export interface PageSizes {
  /** Bytes per page (default 256 KiB). */
  readonly pageBytes?: number;
  /** Pages kept (default 16). */
  readonly pages?: number;
}

export class PagedBacking implements ByteBacking {
  private readonly pageBytes: number;
  private readonly maxPages: number;
  /** Kept pages by page number, least recently used first. */
  private readonly pages = new Map<number, Uint8Array>();
  private readonly reads: { count: number; bytes: number } = { count: 0, bytes: 0 };

  constructor(readonly covered: number, private readonly readAt: SyncRead, o: PageSizes = {}) {
    this.pageBytes = Math.max(1, o.pageBytes ?? 256 << 10);
    this.maxPages = Math.max(1, o.pages ?? 16);
  }

  get heldBytes(): number {
    let n = 0;
    for (const p of this.pages.values()) n += p.length;
    return n;
  }

  /** Reads made of the file so far, and their bytes (for tests and benches). */
  get readStats(): { readonly count: number; readonly bytes: number } {
    return this.reads;
  }

  read(start: number, end: number): Uint8Array {
    if (start < 0 || end > this.covered || start > end) throw new RangeError(`bytes ${start}-${end} are outside the file's ${this.covered}`);
    const first = Math.floor(start / this.pageBytes), last = Math.floor(Math.max(start, end - 1) / this.pageBytes);
    if (first === last) {
      const page = this.page(first), at = first * this.pageBytes;
      return page.subarray(start - at, end - at);
    }
    // a range over two pages joins them; a longer one (a long line) is read on its own, not kept
    if (last - first > 1) return this.fetch(start, end);
    const out = new Uint8Array(end - start);
    const a = this.page(first), cut = last * this.pageBytes;
    out.set(a.subarray(start - first * this.pageBytes));
    out.set(this.page(last).subarray(0, end - cut), cut - start);
    return out;
  }

  private page(k: number): Uint8Array {
    let p = this.pages.get(k);
    if (p) { this.pages.delete(k); this.pages.set(k, p); return p; }
    const start = k * this.pageBytes;
    p = this.fetch(start, Math.min(this.covered, start + this.pageBytes));
    if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(k, p);
    return p;
  }

  private fetch(start: number, end: number): Uint8Array {
    const b = this.readAt(start, end);
    if (b.length !== end - start) throw new Error(`The file changed or could not be read: asked for bytes ${start}-${end}, got ${b.length}.`);
    this.reads.count++;
    this.reads.bytes += b.length;
    return b;
  }
}
