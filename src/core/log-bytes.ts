/**
 * The plaintext a log's stored lines point into, addressed by byte offset in the decoded file (the
 * header line included, so a plain log's offsets are its file offsets). A log keeps offsets, not
 * text: the bytes stay where a backing can read them again (a disk-backed file, a zstd log's
 * compressed frames) and only what no backing covers is held here.
 */

/** Plaintext that can be read again, synchronously, from offset 0 up to `covered`. */
export interface ByteBacking {
  /** Plaintext bytes readable so far: [0, covered). It only grows. */
  readonly covered: number;
  /** Bytes [start, end) with end ≤ covered. The view is never written to again: callers may keep it. */
  read(start: number, end: number): Uint8Array;
  /** Bytes held in memory (caches, an in-memory file): for memory accounting. */
  readonly heldBytes: number;
  /** A hint: bytes [start, end) are about to be read, a line at a time (one read of the file, not one per line). */
  prefetch?(start: number, end: number): void;
}

/** A backing over bytes already in memory (a plain log read whole). */
export class MemoryBacking implements ByteBacking {
  constructor(private readonly bytes: Uint8Array) {}
  get covered(): number { return this.bytes.length; }
  get heldBytes(): number { return this.bytes.length; }
  read(start: number, end: number): Uint8Array { return this.bytes.subarray(start, end); }
}

/**
 * Plaintext the loader scanned last that a backing covers, kept until the load settles: a record
 * admitted while loading reads lines a little before it (a tool-result rewrite compares its target,
 * on the 1.3 M profile at most 0.7 MB back), and a read from a disk-backed file costs a worker a
 * FileReaderSync call (1.5 ms a call plus 5 ms a MiB in Chromium: 2.1 s a load before).
 */
const RECENT_BYTES = 8 << 20;

/**
 * The store a log reads its lines from: a backing for what it covers, and the segments the loader
 * offered past it (a zstd log read without a backing, a torn final frame, bytes a followed file
 * appended), kept in offset order.
 */
export class LogBytes {
  private readonly starts: number[] = [];
  private readonly segs: Uint8Array[] = [];
  private kept = 0;
  /** The latest scanned ranges the backing covers (offset order), about RECENT_BYTES in all, until `settle`. */
  private recent: { start: number; bytes: Uint8Array }[] = [];
  private recentBytes = 0;
  private settled = false;

  constructor(private readonly backing?: ByteBacking) {}

  /** True when lines are read again from a backing rather than held (a lazy log). */
  get backed(): boolean {
    return this.backing !== undefined;
  }

  /** Bytes of the segments kept (what no backing covers). */
  get keptBytes(): number {
    return this.kept;
  }

  /** Bytes held in memory: kept segments and the backing's own. */
  get heldBytes(): number {
    return this.kept + this.recentBytes + (this.backing?.heldBytes ?? 0);
  }

  /** The load is over: the scanned bytes kept for it (see RECENT_BYTES) are let go. */
  settle(): void {
    this.settled = true;
    this.recent = [];
    this.recentBytes = 0;
  }

  /**
   * Offers plaintext the loader scanned, at `offset` (ranges are offered once each, in order):
   * what the backing covers is dropped, the rest kept.
   */
  note(offset: number, bytes: Uint8Array): void {
    const covered = this.backing?.covered ?? 0;
    if (bytes.length === 0) return;
    if (offset + bytes.length <= covered) { this.keepRecent(offset, bytes); return; }
    const from = Math.max(0, covered - offset);
    this.starts.push(offset + from);
    this.segs.push(from ? bytes.subarray(from) : bytes);
    this.kept += bytes.length - from;
  }

  private keepRecent(offset: number, bytes: Uint8Array): void {
    if (this.settled) return;
    this.recent.push({ start: offset, bytes });
    this.recentBytes += bytes.length;
    while (this.recentBytes - this.recent[0].bytes.length >= RECENT_BYTES) this.recentBytes -= this.recent.shift()!.bytes.length;
  }

  /** Bytes [start, end): a view callers must not write to. Throws a RangeError for bytes the store never saw. */
  read(start: number, end: number): Uint8Array {
    if (start === end) return new Uint8Array(0);
    const covered = this.backing?.covered ?? 0;
    if (end <= covered) {
      for (let i = this.recent.length - 1; i >= 0; i--) {
        const r = this.recent[i];
        if (start >= r.start && end <= r.start + r.bytes.length) return r.bytes.subarray(start - r.start, end - r.start);
      }
      return this.backing!.read(start, end);
    }
    const k = this.segmentAt(Math.max(start, covered));
    if (start >= covered && k >= 0 && end <= this.starts[k] + this.segs[k].length) {
      return this.segs[k].subarray(start - this.starts[k], end - this.starts[k]);
    }
    // a range across the backing's end or across segments: copied together
    const out = new Uint8Array(end - start);
    let p = start;
    if (p < covered) { out.set(this.backing!.read(p, covered)); p = covered; }
    for (let i = k; p < end; i++) {
      if (i < 0 || i >= this.segs.length || this.starts[i] > p) throw new RangeError(`log bytes ${p}-${end} were never read`);
      const seg = this.segs[i], s0 = this.starts[i], take = Math.min(end, s0 + seg.length);
      if (take > p) { out.set(seg.subarray(p - s0, take - s0), p - start); p = take; }
    }
    return out;
  }

  /** Bytes [start, end) are about to be read: the backing may read them at once (a hint; nothing is returned). */
  prefetch(start: number, end: number): void {
    const covered = this.backing?.covered ?? 0;
    if (start < end && start < covered) this.backing!.prefetch?.(start, Math.min(end, covered));
  }

  /** Index of the kept segment holding `offset` (the last starting at or before it), or -1. */
  private segmentAt(offset: number): number {
    let lo = 0, hi = this.starts.length - 1, ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= offset) { ans = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return ans;
  }
}
