/**
 * A disk-backed file as a log's backing: read again a page at a time (or a few in file order),
 * synchronously, through the host's reader (a worker's FileReaderSync, Node's readSync), with the
 * last pages kept. The file's bytes are never all held: a 4 GiB log costs its columns and 4 MiB.
 */
import type { ByteBacking } from '../core/log-bytes';

/** Reads bytes [start, end) of a file synchronously, as an array of their own. */
export type SyncRead = (start: number, end: number) => Uint8Array;

/** Makes a synchronous reader of a Blob, where the host has one (a worker: FileReaderSync). */
export type SyncReader = (blob: Blob) => SyncRead;

export interface PageSizes {
  /** Bytes per page, the unit kept (default 32 KiB). */
  readonly pageBytes?: number;
  /** Pages kept (default 128: 4 MiB of the default pages). */
  readonly pages?: number;
  /** Pages one read may take at most, when reads run in file order (default 8). */
  readonly readAhead?: number;
}

/**
 * A read of the file costs about a millisecond however small (a worker's FileReaderSync, 1.3 ms
 * for 4 KiB against 4.5 ms for 256 KiB, 1.3 M plain profile), and more with its size. A line read
 * out of order (a Log window after a jump: about 8 KiB of lines) takes one small page; a miss at
 * the page after the last one read (a scan in file order) reads twice as many pages as the last
 * read did, up to `readAhead`, so a scan keeps reads of 256 KiB.
 */
export class PagedBacking implements ByteBacking {
  private readonly pageBytes: number;
  private readonly maxPages: number;
  private readonly readAhead: number;
  /** Kept pages by page number, least recently used first. */
  private readonly pages = new Map<number, Uint8Array>();
  private readonly reads: { count: number; bytes: number } = { count: 0, bytes: 0 };
  /** The page after the last one read, and how many pages that read took. */
  private nextPage = -1;
  private lastSpan = 0;

  constructor(readonly covered: number, private readonly readAt: SyncRead, o: PageSizes = {}) {
    this.pageBytes = Math.max(1, o.pageBytes ?? 32 << 10);
    this.maxPages = Math.max(1, o.pages ?? 128);
    this.readAhead = Math.max(1, Math.min(this.maxPages, o.readAhead ?? 8));
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
    // a range over two pages, or over pages all kept (read ahead), joins them; a longer one (a long line) is read on its own, not kept
    let kept = true;
    for (let k = first + 1; k < last && kept; k++) kept = this.pages.has(k);
    if (!kept) { this.nextPage = last + 1; this.lastSpan = last - first + 1; return this.fetch(start, end); }
    const out = new Uint8Array(end - start);
    for (let k = first; k <= last; k++) {
      const at = k * this.pageBytes, p = this.page(k), from = Math.max(start, at), to = Math.min(end, at + p.length);
      out.set(p.subarray(from - at, to - at), from - start);
    }
    return out;
  }

  /** Reads the pages of [start, end) not kept in one read (when they fit in half the pages kept). */
  prefetch(start: number, end: number): void {
    if (start < 0 || end > this.covered || start >= end) return;
    let first = Math.floor(start / this.pageBytes), last = Math.floor((end - 1) / this.pageBytes);
    while (first <= last && this.pages.has(first)) first++;
    while (last >= first && this.pages.has(last)) last--;
    if (first > last || last - first + 1 > this.maxPages / 2) return;
    this.keep(first, this.fetch(first * this.pageBytes, Math.min(this.covered, (last + 1) * this.pageBytes)));
  }

  private page(k: number): Uint8Array {
    const p = this.pages.get(k);
    if (p) { this.pages.delete(k); this.pages.set(k, p); return p; }
    const span = k === this.nextPage ? Math.min(this.readAhead, Math.max(1, this.lastSpan * 2)) : 1;
    const start = k * this.pageBytes, end = Math.min(this.covered, start + span * this.pageBytes);
    this.keep(k, this.fetch(start, end));
    // the page asked for is the most recently used
    const mine = this.pages.get(k)!;
    this.pages.delete(k);
    this.pages.set(k, mine);
    return mine;
  }

  /** Keeps `bytes`, read from the start of page k on, as pages k, k + 1, …; the next read in file order follows them. */
  private keep(k: number, bytes: Uint8Array): void {
    let taken = 0;
    for (let at = 0, j = k; at < bytes.length; at += this.pageBytes, j++, taken++) {
      // each page a copy of its own: evicting one frees its bytes
      const piece = bytes.length <= this.pageBytes ? bytes : bytes.slice(at, Math.min(bytes.length, at + this.pageBytes));
      this.pages.delete(j);
      if (this.pages.size >= this.maxPages) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(j, piece);
    }
    this.nextPage = k + taken;
    this.lastSpan = taken;
  }

  private fetch(start: number, end: number): Uint8Array {
    const b = this.readAt(start, end);
    if (b.length !== end - start) throw new Error(`The file changed or could not be read: asked for bytes ${start}-${end}, got ${b.length}.`);
    this.reads.count++;
    this.reads.bytes += b.length;
    return b;
  }
}
