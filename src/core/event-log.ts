import { PackedRow } from './chunk-rows';
import { nextCapacity } from './columns';
import { deepFreeze } from './json';
import { LogBytes } from './log-bytes';
import { RecordColumns } from './record-columns';
import { RowColumns } from './row-columns';
import { countTypes, OVERFLOW, TypeNames } from './type-names';
import type { SessionEvent } from './types';

/**
 * What a seq's record is: an event read from a file (`null`: its line stays in the log's bytes and
 * is parsed again on demand), a packed row standing for many seqs, or an event held as an object
 * (built in code, upgraded from a legacy shape, or synthesized).
 */
export type Slot = SessionEvent | PackedRow | null;

/** Packed-row objects kept made at once (a window of the Log touches a few rows, many times each). */
const ROW_CACHE = 64;

/**
 * The complete log, indexed by seq, with compact type and time columns. Events read from a file
 * stay as byte ranges of the plaintext (`bytes`: in memory, or read again from a disk-backed file
 * or a zstd log's frames), so a large log costs a few columns rather than an object graph per event.
 * Storage is per record (an event, or a packed row standing for many seqs), with a column from seq
 * to record; a record read from a file is its line's range (and a row's description), with no
 * object of its own. `event(seq)` hands out deep-frozen events only (decisions §3.11).
 */
export class EventLog {
  /** Number of seqs. */
  private n = 0;
  /** Per seq: type id (into `types`) and time; the record holding a seq is found by its first seq (`recs`). */
  private typeIds = new Uint16Array(1024);
  private times = new Float64Array(1024);
  private readonly recs = new RecordColumns();
  private readonly held: (SessionEvent | PackedRow)[] = [];
  private readonly rows = new RowColumns();
  private readonly rowCache = new Map<number, PackedRow>();
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly types = new TypeNames();
  private readonly facts = new Map<number, Readonly<{ data?: unknown; sourceEventSeqs?: unknown }>>();
  /** Seqs at or past this one were synthesized on load (closers, end-seed). */
  synthesizedFrom = Infinity;

  /** `bytes`: where stored lines are read from (default: what the loader offers is kept in memory). */
  constructor(readonly bytes: LogBytes = new LogBytes()) {}

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
  }

  /** Number of records (events held alone, or packed rows) so far. */
  get recordCount(): number {
    return this.recs.count;
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

  /** Starts a record at the next seq: its line [start, start + len) (len -1: none) and aux; returns its index. */
  private addRecord(start: number, len: number, aux: number): number {
    return this.recs.add(this.n, start, len, aux, this.expectedRecords, this.complete);
  }

  private hold(slot: SessionEvent | PackedRow): number {
    this.held.push(slot);
    return this.addRecord(0, -1, this.held.length - 1);
  }

  /** The slot of record r: null for an event's line, a row made from its columns, or the held object. */
  private slotOf(r: number): Slot {
    const aux = this.recs.auxAt(r);
    if (this.recs.lenAt(r) < 0) return this.held[aux];
    if (aux < 0) return null;
    let row = this.rowCache.get(aux);
    if (!row) {
      if (this.rowCache.size >= ROW_CACHE) this.rowCache.delete(this.rowCache.keys().next().value!);
      const seq0 = this.rows.seq0At(aux), start = this.recs.startAt(r), end = start + this.recs.lenAt(r);
      row = this.rows.rowAt(aux, this.times[seq0], () => this.bytes.read(start, end));
      this.rowCache.set(aux, row);
    }
    return row;
  }

  /** The slot holding seq (undefined out of range). */
  private slot(seq: number): Slot | undefined {
    return seq >= 0 && seq < this.n ? this.slotOf(this.recs.recordOf(seq)) : undefined;
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
    }
    this.recs.trim();
    this.rows.trim();
    this.bytes.settle();
  }

  /** Offers plaintext the loader scanned at `offset` to the log's bytes (kept unless they can be read again). */
  noteBytes(offset: number, bytes: Uint8Array): void {
    this.bytes.note(offset, bytes);
  }

  /** Adds the next seq's columns (its record is added first, starting at this seq). */
  private pushOne(e: SessionEvent): void {
    const s = this.n;
    this.grow(s + 1);
    this.typeIds[s] = this.types.idOf(e.type);
    this.times[s] = typeof e.time === 'number' ? e.time : NaN;
    this.n = s + 1;
  }

  /** Appends one event object. */
  push(e: SessionEvent): void {
    this.hold(e);
    this.pushOne(e);
  }

  /**
   * Keeps a reduced copy of seq's event, the few values a whole-log derivation reads (one that would
   * otherwise read every such line again: compaction.ts's `compactionFacts`); a loader keeps it as it
   * stores the event. Kept for events whose line stays in the bytes; one held as an object is read as is.
   */
  keepFacts(seq: number, facts: Readonly<{ data?: unknown; sourceEventSeqs?: unknown }>): void {
    this.facts.set(seq, facts);
  }

  /** The values kept for seq (`keepFacts`), if any. */
  factsAt(seq: number): Readonly<{ data?: unknown; sourceEventSeqs?: unknown }> | undefined {
    return this.facts.get(seq);
  }

  /** Appends one event read from a file, keeping only where its line is: bytes [start, end) of `bytes`. */
  pushRef(e: SessionEvent, start: number, end: number): void {
    this.addRecord(start, end - start, -1);
    this.pushOne(e);
  }

  /** The JSON text of an event's stored line (not a row's), else undefined. */
  lineAt(seq: number): string | undefined {
    if (this.slot(seq) !== null) return undefined;
    const r = this.recs.recordOf(seq), start = this.recs.startAt(r);
    return this.decoder.decode(this.bytes.read(start, start + this.recs.lenAt(r)));
  }

  /** Appends a packed row's members; `start` and `end`, when given, say where the row's line is in `bytes`. */
  pushRow(row: PackedRow, start = -1, end = -1): void {
    let t = row.time0;
    const dt = row.dt;
    const s0 = this.n, len = row.length;
    this.grow(s0 + len);
    if (start >= 0) this.addRecord(start, end - start, this.rows.add(row, s0)); else this.hold(row);
    const types = this.typeIds, times = this.times;
    for (let k = 0; k < len; k++) {
      if (k > 0) t += dt[k - 1];
      types[s0 + k] = 0;
      times[s0 + k] = t;
    }
    this.n = s0 + len;
    row.release();
  }

  /**
   * Where the stored line of seq lies in `bytes`: [start, end), or undefined for events held as
   * objects. Members of a packed row share their row's line.
   */
  lineRange(seq: number): [number, number] | undefined {
    if (!(seq >= 0 && seq < this.n)) return undefined;
    const r = this.recs.recordOf(seq), len = this.recs.lenAt(r), start = this.recs.startAt(r);
    return len >= 0 ? [start, start + len] : undefined;
  }

  /**
   * The lines of seqs [from, to] are about to be read (a window of rows): a backing that reads a
   * file again reads them in one go when they lie within `maxBytes`, not a page per line.
   */
  prefetch(from: number, to: number, maxBytes: number): void {
    const a = this.lineRange(Math.max(0, from)), b = this.lineRange(Math.min(this.n - 1, to));
    if (a && b && b[1] > a[0] && b[1] - a[0] <= maxBytes) this.bytes.prefetch(a[0], b[1]);
  }

  /** The bytes of seq's stored line (a row member: its row's line), or undefined for events held as objects. */
  lineBytes(seq: number): Uint8Array | undefined {
    const range = this.lineRange(seq);
    return range && this.bytes.read(range[0], range[1]);
  }

  /**
   * Calls `visit` once per record from the one holding seq `from`, in seq order, until it returns
   * true: the record's first seq and seq count, where its line lies (start, end; -1 for a record
   * held as an object) and whether it is a packed row. A packed row is one record.
   */
  visitRecords(from: number, visit: (seq0: number, count: number, start: number, end: number, packed: boolean) => boolean | void): void {
    const n = this.n, recs = this.recs, count = recs.count;
    if (from >= n) return;
    for (let r = recs.recordOf(Math.max(0, from)); r < count; r++) {
      const s = recs.seq0At(r), e = r + 1 < count ? recs.seq0At(r + 1) : n;
      const len = recs.lenAt(r), start = len >= 0 ? recs.startAt(r) : -1;
      if (visit(s, e - s, start, len >= 0 ? start + len : -1, this.packedRecord(r))) return;
    }
  }

  /** Bytes the columns hold (not the plaintext: see `bytes.heldBytes`), for memory accounting. */
  get columnBytes(): number {
    return this.typeIds.byteLength + this.times.byteLength + this.recs.byteLength + this.rows.byteLength;
  }

  /** Index of the record holding seq (records count in push order), or -1 out of range. */
  recordOf(seq: number): number {
    return seq >= 0 && seq < this.n ? this.recs.recordOf(seq) : -1;
  }

  slotAt(seq: number): Slot {
    return this.slot(seq) as Slot;
  }

  isPacked(seq: number): boolean {
    return seq >= 0 && seq < this.n && this.packedRecord(this.recs.recordOf(seq));
  }

  private packedRecord(r: number): boolean {
    return this.recs.lenAt(r) >= 0 ? this.recs.auxAt(r) >= 0 : this.held[this.recs.auxAt(r)] instanceof PackedRow;
  }

  typeAt(seq: number): string {
    const id = this.typeIds[seq];
    return id === OVERFLOW ? this.rawAt(seq).type : this.types.nameOf(id);
  }

  /** Is seq an `assistant/chunk` (packed or not)? A column read. */
  isChunkAt(seq: number): boolean {
    return this.typeIds[seq] === 0;
  }

  /** Events per type over the whole log, from the type column. */
  typeCounts(): Map<string, number> {
    return countTypes(this.typeIds, this.n, this.types, (s) => this.typeAt(s));
  }

  timeAt(seq: number): number {
    return this.times[seq];
  }

  /** The stored event, unfrozen: a fresh parse for byte-range slots. */
  rawAt(seq: number): SessionEvent {
    const s = this.slot(seq);
    if (s === null) return JSON.parse(this.lineAt(seq)!) as SessionEvent;
    // out of range: undefined, as an index past the end of an array gives
    return s instanceof PackedRow ? s.member(seq - s.seq0, this.times[seq]) : (s as SessionEvent);
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
