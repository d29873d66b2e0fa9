import { PackedRow } from './chunk-rows';
import { deepFreeze } from './json';
import type { SessionEvent } from './types';

/** One stored record per slot: an event object, or a packed row shared by its members' slots. */
export type Slot = SessionEvent | PackedRow;

/**
 * The complete log, indexed by seq. Packed chunk rows stay packed; `event(seq)` materializes a
 * member on demand and hands out deep-frozen events only (decisions §3.11).
 */
export class EventLog {
  private readonly slots: Slot[] = [];
  /** Seqs at or past this one were synthesized on load (closers, end-seed). */
  synthesizedFrom = Infinity;

  get length(): number {
    return this.slots.length;
  }

  push(e: SessionEvent): void {
    this.slots.push(e);
  }

  pushRow(row: PackedRow): void {
    for (let k = 0; k < row.length; k++) this.slots.push(row);
  }

  /** Replaces the stored object at seq (legacy upgrades before validation). */
  replace(seq: number, e: SessionEvent): void {
    this.slots[seq] = e;
  }

  slotAt(seq: number): Slot {
    return this.slots[seq];
  }

  isPacked(seq: number): boolean {
    return this.slots[seq] instanceof PackedRow;
  }

  typeAt(seq: number): string {
    const s = this.slots[seq];
    return s instanceof PackedRow ? 'assistant/chunk' : s.type;
  }

  timeAt(seq: number): number {
    const s = this.slots[seq];
    return s instanceof PackedRow ? s.timeAt(seq - s.seq0) : s.time;
  }

  /** The stored event, unfrozen; for the core's own validation passes. */
  rawAt(seq: number): SessionEvent {
    const s = this.slots[seq];
    return s instanceof PackedRow ? s.member(seq - s.seq0) : s;
  }

  /** The event at seq, deep-frozen. */
  event(seq: number): SessionEvent {
    const s = this.slots[seq];
    if (s === undefined) throw new RangeError(`no event at seq ${seq}`);
    return deepFreeze(s instanceof PackedRow ? s.member(seq - s.seq0) : s);
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
