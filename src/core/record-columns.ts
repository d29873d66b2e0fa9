import { nextCapacity } from './columns';

/**
 * A log's records, one entry each (an event, or a packed row standing for many seqs): its first
 * seq (a seq's record is found by a search over them), where the record's line starts and how long it is in the log's bytes (-1: no line, the record is held as an
 * object), and `aux` (a row line's index in the row columns, a held record's index among the held
 * objects, else -1). Offsets are doubles: a plaintext may pass 2 GiB.
 */
export class RecordColumns {
  private seq0s = new Int32Array(256);
  private starts = new Float64Array(256);
  private lens = new Int32Array(256);
  private auxes = new Int32Array(256);
  count = 0;

  /** Where the last lookup landed: a log is mostly read in seq order. */
  private last = 0;

  /** Adds a record holding seqs from `seq0` on; `expected` and `complete` size the growth (see nextCapacity). Returns its index. */
  add(seq0: number, start: number, len: number, aux: number, expected: number, complete: boolean): number {
    const r = this.count;
    if (r === this.lens.length) this.resize(nextCapacity(r, r + 1, expected, complete));
    this.seq0s[r] = seq0;
    this.starts[r] = start;
    this.lens[r] = len;
    this.auxes[r] = aux;
    this.count = r + 1;
    return r;
  }

  seq0At(r: number): number { return this.seq0s[r]; }
  startAt(r: number): number { return this.starts[r]; }

  /** The record holding `seq` (seq within the log: the last record starting at or before it). */
  recordOf(seq: number): number {
    const s = this.seq0s, n = this.count;
    const r = this.last;
    if (r < n && s[r] <= seq && (r + 1 === n || s[r + 1] > seq)) return r;
    if (r + 1 < n && s[r + 1] <= seq && (r + 2 === n || s[r + 2] > seq)) return (this.last = r + 1);
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= seq) lo = mid; else hi = mid - 1;
    }
    return (this.last = lo);
  }
  lenAt(r: number): number { return this.lens[r]; }
  auxAt(r: number): number { return this.auxes[r]; }

  get byteLength(): number {
    return this.seq0s.byteLength + this.starts.byteLength + this.lens.byteLength + this.auxes.byteLength;
  }

  /** Drops the growth slack when it is over 1/16 (copying a smaller slack away costs more than it saves). */
  trim(): void {
    const r = this.count;
    if (this.lens.length - r > r / 16) this.resize(Math.max(r, 1));
  }

  private resize(cap: number): void {
    const n = this.count;
    const q = new Int32Array(cap); q.set(this.seq0s.subarray(0, n)); this.seq0s = q;
    const st = new Float64Array(cap); st.set(this.starts.subarray(0, n)); this.starts = st;
    const ln = new Int32Array(cap); ln.set(this.lens.subarray(0, n)); this.lens = ln;
    const ax = new Int32Array(cap); ax.set(this.auxes.subarray(0, n)); this.auxes = ax;
  }
}
