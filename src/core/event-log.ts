import { PackedRow } from './chunk-rows';
import { nextCapacity } from './columns';
import { deepFreeze } from './json';
import type { SessionEvent } from './types';

/**
 * One stored record per slot: an event object (built in code, upgraded from a legacy shape, or
 * synthesized), a packed row shared by its members' slots, or `null` for an event read from a file,
 * whose line stays as bytes in a registered buffer and is parsed again on demand.
 */
export type Slot = SessionEvent | PackedRow | null;

const CHUNK = 'assistant/chunk';

/**
 * The complete log, indexed by seq, with compact type and time columns. Events read from a file
 * stay as byte ranges of the plaintext the loader already holds, so a large log costs a few
 * columns rather than an object graph per event. Storage is per record (an event, or a packed row
 * standing for many seqs), with a column from seq to record, so a row's members share one slot and
 * one line reference. `event(seq)` hands out deep-frozen events only (decisions §3.11).
 */
export class EventLog {
  /** Number of seqs. */
  private n = 0;
  /** Per seq: type id (into typeNames), time, and the record that holds the event. */
  private typeIds = new Uint16Array(1024);
  private times = new Float64Array(1024);
  private recOf = new Int32Array(1024);
  /** Per record: the slot, and for a stored line its buffer id (-1: none), start and end. */
  private recs: Slot[] = [];
  private refBuf = new Int32Array(256);
  private refStart = new Int32Array(256);
  private refEnd = new Int32Array(256);
  private readonly buffers: Uint8Array[] = [];
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly typeNames: string[] = [CHUNK];
  private readonly typeIndex = new Map<string, number>([[CHUNK, 0]]);
  /** Seqs at or past this one were synthesized on load (closers, end-seed). */
  synthesizedFrom = Infinity;

  get length(): number {
    return this.n;
  }

  private grow(need: number): void {
    if (need <= this.typeIds.length) return;
    this.resizeSeqColumns(nextCapacity(this.typeIds.length, need, this.expectedEvents, this.complete));
  }

  private resizeSeqColumns(cap: number): void {
    const t = new Uint16Array(cap); t.set(this.typeIds.subarray(0, this.n)); this.typeIds = t;
    const m = new Float64Array(cap); m.set(this.times.subarray(0, this.n)); this.times = m;
    const r = new Int32Array(cap); r.set(this.recOf.subarray(0, this.n)); this.recOf = r;
  }

  private resizeRecordColumns(cap: number): void {
    const n = this.recs.length;
    const b = new Int32Array(cap); b.set(this.refBuf.subarray(0, n)); this.refBuf = b;
    const st = new Int32Array(cap); st.set(this.refStart.subarray(0, n)); this.refStart = st;
    const en = new Int32Array(cap); en.set(this.refEnd.subarray(0, n)); this.refEnd = en;
  }

  /** Number of records (events held alone, or packed rows) so far. */
  get recordCount(): number {
    return this.recs.length;
  }

  /** Trimmed once loaded: what a followed log appends later grows the columns by bounded steps (nextCapacity). */
  private complete = false;
  private expectedEvents = 0;
  private expectedRecords = 0;

  /**
   * A loader's running estimate of the final seq and record counts: growth goes straight to it when
   * it is near (see nextCapacity), which saves the intermediate copies, the dead arrays and the
   * final trim of growing by doubling. A wrong estimate costs nothing more than doubling would.
   */
  expectSize(events: number, records: number): void {
    this.expectedEvents = events;
    this.expectedRecords = records;
  }

  /** Starts a record holding `slot`; returns its index. */
  private addRecord(slot: Slot, bufId: number, start: number, end: number): number {
    const r = this.recs.length;
    if (r === this.refBuf.length) this.resizeRecordColumns(nextCapacity(r, r + 1, this.expectedRecords, this.complete));
    this.recs.push(slot);
    this.refBuf[r] = bufId;
    this.refStart[r] = start;
    this.refEnd[r] = end;
    return r;
  }

  /** The slot holding seq (undefined out of range). */
  private slot(seq: number): Slot | undefined {
    return seq < this.n ? this.recs[this.recOf[seq]] : undefined;
  }

  /**
   * Drops the columns' growth slack once the log is complete (appends still work: they grow again).
   * A slack under 1/16 stays: copying the columns to save it would cost more at the load's peak.
   */
  trim(): void {
    this.complete = true;
    const n = this.n;
    if (this.typeIds.length - n > n / 16) {
      const cap = Math.max(n, 1);
      this.typeIds = this.typeIds.slice(0, cap);
      this.times = this.times.slice(0, cap);
      this.recOf = this.recOf.slice(0, cap);
    }
    const r = this.recs.length;
    if (this.refBuf.length - r > r / 16) {
      const cap = Math.max(r, 1);
      this.refBuf = this.refBuf.slice(0, cap);
      this.refStart = this.refStart.slice(0, cap);
      this.refEnd = this.refEnd.slice(0, cap);
      this.recs = this.recs.slice();
    }
  }

  /** Registers a plaintext buffer that byte-range slots point into; returns its id. */
  addBuffer(bytes: Uint8Array): number {
    this.buffers.push(bytes);
    return this.buffers.length - 1;
  }

  private typeId(type: unknown): number {
    const name = typeof type === 'string' ? type : String(typeof type);
    let id = this.typeIndex.get(name);
    if (id === undefined) {
      id = this.typeNames.length < 65535 ? this.typeNames.length : 65535;
      if (id < 65535) { this.typeNames.push(name); this.typeIndex.set(name, id); }
    }
    return id;
  }

  private pushOne(e: SessionEvent, rec: number): void {
    const s = this.n;
    this.grow(s + 1);
    this.typeIds[s] = this.typeId(e.type);
    this.times[s] = typeof e.time === 'number' ? e.time : NaN;
    this.recOf[s] = rec;
    this.n = s + 1;
  }

  /** Appends one event object. */
  push(e: SessionEvent): void {
    this.pushOne(e, this.addRecord(e, -1, 0, 0));
  }

  /** Appends one event read from a file, keeping only where its line is: bytes [start, end) of buffer `bufId`. */
  pushRef(e: SessionEvent, bufId: number, start: number, end: number): void {
    this.pushOne(e, this.addRecord(null, bufId, start, end));
  }

  /** The JSON text of a byte-range slot (a stored line), else undefined. */
  lineAt(seq: number): string | undefined {
    if (this.slot(seq) !== null) return undefined;
    const r = this.recOf[seq];
    return this.decoder.decode(this.buffers[this.refBuf[r]].subarray(this.refStart[r], this.refEnd[r]));
  }

  /** Appends a packed row's members; `bufId`, when given, says where the row's line is. */
  pushRow(row: PackedRow, bufId = -1, start = 0, end = 0): void {
    let t = row.time0;
    const dt = row.dt;
    const s0 = this.n, len = row.length;
    this.grow(s0 + len);
    const rec = this.addRecord(row, bufId, start, end);
    const types = this.typeIds, times = this.times, recOf = this.recOf;
    for (let k = 0; k < len; k++) {
      if (k > 0) t += dt[k - 1];
      types[s0 + k] = 0;
      times[s0 + k] = t;
      recOf[s0 + k] = rec;
    }
    this.n = s0 + len;
    row.release();
  }

  /** Number of registered plaintext buffers. */
  get bufferCount(): number {
    return this.buffers.length;
  }

  bufferAt(id: number): Uint8Array {
    return this.buffers[id];
  }

  /**
   * Where the stored line of seq lies: [buffer id, start, end), or undefined for events held as
   * objects. Members of a packed row share their row's line.
   */
  lineRef(seq: number): [number, number, number] | undefined {
    const s = this.slot(seq);
    if (s !== null && !(s instanceof PackedRow)) return undefined;
    const r = this.recOf[seq];
    const b = this.refBuf[r];
    return b >= 0 ? [b, this.refStart[r], this.refEnd[r]] : undefined;
  }

  /**
   * Calls `visit` once per record, in seq order: the record's first seq, its slot, and where its
   * line lies (buffer id, -1 for an event held as an object; start; end). A packed row is one record.
   */
  forEachRecord(visit: (seq: number, slot: Slot, bufId: number, start: number, end: number) => void): void {
    const n = this.n, recOf = this.recOf;
    for (let s = 0; s < n;) {
      const r = recOf[s];
      visit(s, this.recs[r], this.refBuf[r], this.refStart[r], this.refEnd[r]);
      do s++; while (s < n && recOf[s] === r);
    }
  }

  slotAt(seq: number): Slot {
    return this.slot(seq) as Slot;
  }

  isPacked(seq: number): boolean {
    return this.slot(seq) instanceof PackedRow;
  }

  typeAt(seq: number): string {
    const id = this.typeIds[seq];
    return id === 65535 ? this.rawAt(seq).type : this.typeNames[id];
  }

  /** Is seq an `assistant/chunk` (packed or not)? A column read. */
  isChunkAt(seq: number): boolean {
    return this.typeIds[seq] === 0;
  }

  /** Events per type over the whole log, from the type column. */
  typeCounts(): Map<string, number> {
    const counts = new Uint32Array(this.typeNames.length + 1);
    const n = this.n;
    for (let s = 0; s < n; s++) counts[Math.min(this.typeIds[s], this.typeNames.length)]++;
    const out = new Map<string, number>();
    this.typeNames.forEach((name, id) => { if (counts[id]) out.set(name, counts[id]); });
    // types past the column's capacity (65,535 distinct names) are read from their events
    for (let s = 0; counts[this.typeNames.length] && s < n; s++) {
      if (this.typeIds[s] === 65535) { const t = this.typeAt(s); out.set(t, (out.get(t) ?? 0) + 1); }
    }
    return out;
  }

  timeAt(seq: number): number {
    return this.times[seq];
  }

  /** The stored event, unfrozen: a fresh parse for byte-range slots. */
  rawAt(seq: number): SessionEvent {
    const s = this.slot(seq);
    if (s === null) return JSON.parse(this.lineAt(seq)!) as SessionEvent;
    // out of range: undefined, as an index past the end of an array gives
    return s instanceof PackedRow ? s.member(seq - s.seq0) : (s as SessionEvent);
  }

  /** The event at seq, deep-frozen. */
  event(seq: number): SessionEvent {
    if (!(seq >= 0 && seq < this.n)) throw new RangeError(`no event at seq ${seq}`);
    return deepFreeze(this.rawAt(seq));
  }

  /** Events [from, to) deep-frozen. */
  events(from = 0, to = this.n): SessionEvent[] {
    const out: SessionEvent[] = [];
    for (let s = from; s < to; s++) out.push(this.event(s));
    return out;
  }

  isSynthesized(seq: number): boolean {
    return seq >= this.synthesizedFrom;
  }
}
