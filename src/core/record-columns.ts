import { nextCapacity } from './columns';

/**
 * A log's records, one entry each (an event, or a packed row standing for many seqs): where the
 * record's line starts and how long it is in the log's bytes (-1: no line, the record is held as an
 * object), and `aux` (a row line's index in the row columns, a held record's index among the held
 * objects, else -1). Offsets are doubles: a plaintext may pass 2 GiB.
 */
export class RecordColumns {
  private starts = new Float64Array(256);
  private lens = new Int32Array(256);
  private auxes = new Int32Array(256);
  count = 0;

  /** Adds a record; `expected` and `complete` size the growth (see nextCapacity). Returns its index. */
  add(start: number, len: number, aux: number, expected: number, complete: boolean): number {
    const r = this.count;
    if (r === this.lens.length) this.resize(nextCapacity(r, r + 1, expected, complete));
    this.starts[r] = start;
    this.lens[r] = len;
    this.auxes[r] = aux;
    this.count = r + 1;
    return r;
  }

  startAt(r: number): number { return this.starts[r]; }
  lenAt(r: number): number { return this.lens[r]; }
  auxAt(r: number): number { return this.auxes[r]; }

  get byteLength(): number {
    return this.starts.byteLength + this.lens.byteLength + this.auxes.byteLength;
  }

  /** Drops the growth slack when it is over 1/16 (copying a smaller slack away costs more than it saves). */
  trim(): void {
    const r = this.count;
    if (this.lens.length - r > r / 16) this.resize(Math.max(r, 1));
  }

  private resize(cap: number): void {
    const n = this.count;
    const st = new Float64Array(cap); st.set(this.starts.subarray(0, n)); this.starts = st;
    const ln = new Int32Array(cap); ln.set(this.lens.subarray(0, n)); this.lens = ln;
    const ax = new Int32Array(cap); ax.set(this.auxes.subarray(0, n)); this.auxes = ax;
  }
}
