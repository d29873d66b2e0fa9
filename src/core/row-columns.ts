import { PackedRow, type LineReader } from './chunk-rows';
import { IntColumn, TypedColumn } from './columns';
import type { RowTag } from './catalog';

const TAGS: readonly RowTag[] = ['text-chunks', 'reasoning-chunks', 'tool-call-chunks'];
const NONE = -1;

/**
 * What a packed row read from a file is, without its deltas: first seq, member count, tag, turn,
 * step, index, and the tool call's id and name (interned), one column each. A row object is made
 * from them when asked for, reading its line again for the deltas; a log of millions of rows keeps
 * about 30 bytes a row instead of an object.
 */
export class RowColumns {
  private readonly seq0 = new IntColumn();
  private readonly len = new IntColumn();
  private readonly tag = new TypedColumn((n) => new Uint8Array(n));
  private readonly turn = new TypedColumn((n) => new Float64Array(n));
  private readonly step = new TypedColumn((n) => new Float64Array(n));
  private readonly index = new TypedColumn((n) => new Float64Array(n));
  private readonly id = new IntColumn();
  private readonly name = new IntColumn();
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();

  get length(): number {
    return this.seq0.length;
  }

  /** Adds a row's description (its deltas stay in its line); returns the row's index. */
  add(row: PackedRow, seq0: number): number {
    this.seq0.push(seq0);
    this.len.push(row.length);
    this.tag.push(TAGS.indexOf(row.tag));
    this.turn.push(row.turn);
    this.step.push(row.step);
    this.index.push(row.index);
    this.id.push(this.intern(row.id));
    this.name.push(this.intern(row.name));
    return this.seq0.length - 1;
  }

  private intern(s: string | undefined): number {
    if (s === undefined) return NONE;
    let k = this.stringIds.get(s);
    if (k === undefined) { k = this.strings.length; this.strings.push(s); this.stringIds.set(s, k); }
    return k;
  }

  seq0At(i: number): number {
    return this.seq0.at(i);
  }

  lengthAt(i: number): number {
    return this.len.at(i);
  }

  /** Row `i` as an object, its deltas read from `line` when a member is needed. */
  rowAt(i: number, time0: number, line: LineReader): PackedRow {
    const id = this.id.at(i), name = this.name.at(i);
    return new PackedRow(TAGS[this.tag.at(i)], this.seq0.at(i), time0, this.turn.at(i), this.step.at(i), this.index.at(i), this.len.at(i), line,
      id === NONE ? undefined : this.strings[id], name === NONE ? undefined : this.strings[name]);
  }

  /** Bytes the columns hold (the interned strings counted at two bytes a unit). */
  get byteLength(): number {
    let strings = 0;
    for (const s of this.strings) strings += 2 * s.length;
    return this.seq0.byteLength + this.len.byteLength + this.tag.byteLength + this.turn.byteLength + this.step.byteLength + this.index.byteLength + this.id.byteLength + this.name.byteLength + strings;
  }

  trim(): void {
    for (const c of [this.seq0, this.len, this.tag, this.turn, this.step, this.index, this.id, this.name]) c.trim();
  }
}
