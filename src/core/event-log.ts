import { PackedRow } from './chunk-rows';
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
 * columns rather than an object graph per event. `event(seq)` hands out deep-frozen events only
 * (decisions §3.11).
 */
export class EventLog {
  private readonly slots: Slot[] = [];
  private typeIds = new Uint16Array(1024);
  private times = new Float64Array(1024);
  /** For byte-range slots: buffer id, start and end of the line. */
  private refBuf = new Int32Array(1024);
  private refStart = new Int32Array(1024);
  private refEnd = new Int32Array(1024);
  private readonly buffers: Uint8Array[] = [];
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly typeNames: string[] = [CHUNK];
  private readonly typeIndex = new Map<string, number>([[CHUNK, 0]]);
  /** Seqs at or past this one were synthesized on load (closers, end-seed). */
  synthesizedFrom = Infinity;

  get length(): number {
    return this.slots.length;
  }

  private grow(need: number): void {
    if (need <= this.typeIds.length) return;
    let cap = this.typeIds.length;
    while (cap < need) cap *= 2;
    const t = new Uint16Array(cap); t.set(this.typeIds); this.typeIds = t;
    const m = new Float64Array(cap); m.set(this.times); this.times = m;
    const b = new Int32Array(cap); b.set(this.refBuf); this.refBuf = b;
    const st = new Int32Array(cap); st.set(this.refStart); this.refStart = st;
    const en = new Int32Array(cap); en.set(this.refEnd); this.refEnd = en;
  }

  /** Drops the columns' growth slack once the log is complete (appends still work: they grow again). */
  trim(): void {
    const n = this.slots.length;
    if (n === this.typeIds.length) return;
    const cap = Math.max(n, 1);
    this.typeIds = this.typeIds.slice(0, cap);
    this.times = this.times.slice(0, cap);
    this.refBuf = this.refBuf.slice(0, cap);
    this.refStart = this.refStart.slice(0, cap);
    this.refEnd = this.refEnd.slice(0, cap);
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

  /** Appends one event object. */
  push(e: SessionEvent): void {
    const s = this.slots.length;
    this.grow(s + 1);
    this.typeIds[s] = this.typeId(e.type);
    this.times[s] = typeof e.time === 'number' ? e.time : NaN;
    this.refBuf[s] = -1;
    this.slots.push(e);
  }

  /** Appends one event read from a file, keeping only where its line is: bytes [start, end) of buffer `bufId`. */
  pushRef(e: SessionEvent, bufId: number, start: number, end: number): void {
    const s = this.slots.length;
    this.grow(s + 1);
    this.typeIds[s] = this.typeId(e.type);
    this.times[s] = typeof e.time === 'number' ? e.time : NaN;
    this.refBuf[s] = bufId;
    this.refStart[s] = start;
    this.refEnd[s] = end;
    this.slots.push(null);
  }

  /** The JSON text of a byte-range slot (a stored line), else undefined. */
  lineAt(seq: number): string | undefined {
    if (this.slots[seq] !== null) return undefined;
    return this.decoder.decode(this.buffers[this.refBuf[seq]].subarray(this.refStart[seq], this.refEnd[seq]));
  }

  /** Appends a packed row's members; `bufId`, when given, says where the row's line is. */
  pushRow(row: PackedRow, bufId = -1, start = 0, end = 0): void {
    let t = row.time0;
    const dt = row.dt;
    const s0 = this.slots.length;
    this.grow(s0 + row.length);
    for (let k = 0; k < row.length; k++) {
      if (k > 0) t += dt[k - 1];
      this.typeIds[s0 + k] = 0;
      this.times[s0 + k] = t;
      this.refBuf[s0 + k] = bufId;
      this.refStart[s0 + k] = start;
      this.refEnd[s0 + k] = end;
      this.slots.push(row);
    }
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
    const s = this.slots[seq];
    if (s !== null && !(s instanceof PackedRow)) return undefined;
    const b = this.refBuf[seq];
    return b >= 0 ? [b, this.refStart[seq], this.refEnd[seq]] : undefined;
  }

  slotAt(seq: number): Slot {
    return this.slots[seq];
  }

  isPacked(seq: number): boolean {
    return this.slots[seq] instanceof PackedRow;
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
    const n = this.slots.length;
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
    const s = this.slots[seq];
    if (s === null) return JSON.parse(this.lineAt(seq)!) as SessionEvent;
    return s instanceof PackedRow ? s.member(seq - s.seq0) : s;
  }

  /** The event at seq, deep-frozen. */
  event(seq: number): SessionEvent {
    if (!(seq >= 0 && seq < this.slots.length)) throw new RangeError(`no event at seq ${seq}`);
    return deepFreeze(this.rawAt(seq));
  }

  /** Events [from, to) deep-frozen. */
  events(from = 0, to = this.slots.length): SessionEvent[] {
    const out: SessionEvent[] = [];
    for (let s = from; s < to; s++) out.push(this.event(s));
    return out;
  }

  isSynthesized(seq: number): boolean {
    return seq >= this.synthesizedFrom;
  }
}
