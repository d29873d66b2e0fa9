import type { EventLog } from './event-log';

const BLOCK = 4096;
/** Past this many distinct types the block table is not kept and ranges are scanned. */
const MAX_TYPES = 512;

export interface RangeTypeCount {
  readonly type: string;
  readonly count: number;
  /** The first seq of this type in the range. */
  readonly first: number;
}

/**
 * Events per type over any seq range without walking it: per-type prefix counts at every
 * 4096th seq (built once from the type column), plus a scan of the partial blocks at the ends.
 */
export class RangeCounts {
  private readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  /** prefix[t][k]: events of type t in seqs [0, k·BLOCK). */
  private readonly prefix: Int32Array[] = [];
  private readonly ok: boolean;
  private readonly running: number[] = [];

  constructor(private readonly log: EventLog) {
    const n = log.length, blocks = Math.floor(n / BLOCK);
    const running = this.running;
    let ok = true;
    for (let s = 0, k = 0; s < blocks * BLOCK && ok; s++) {
      if (s === k * BLOCK) { for (let t = 0; t < this.names.length; t++) this.prefix[t][k] = running[t]; k++; }
      const t = this.typeIndex(log.typeAt(s), blocks);
      if (t < 0) ok = false; else running[t]++;
    }
    if (ok && blocks > 0) for (let t = 0; t < this.names.length; t++) this.prefix[t][blocks] = running[t];
    this.ok = ok;
  }

  private typeIndex(type: string, blocks: number): number {
    let t = this.index.get(type);
    if (t === undefined) {
      if (this.names.length >= MAX_TYPES) return -1;
      t = this.names.length;
      this.names.push(type);
      this.index.set(type, t);
      this.prefix.push(new Int32Array(blocks + 1));
      this.running.push(0);
    }
    return t;
  }

  /** Counts per type of the events with seq in [from, to), with each type's first seq there. */
  between(from: number, to: number): RangeTypeCount[] {
    const n = this.log.length;
    from = Math.max(0, from); to = Math.min(n, to);
    const counts = new Map<string, { count: number; first: number }>();
    const scan = (a: number, b: number) => {
      for (let s = a; s < b; s++) {
        const type = this.log.typeAt(s);
        const c = counts.get(type);
        if (c) c.count++; else counts.set(type, { count: 1, first: s });
      }
    };
    const fb = Math.ceil(from / BLOCK), lb = Math.floor(to / BLOCK);
    if (!this.ok || fb >= lb) scan(from, to);
    else {
      scan(from, fb * BLOCK);
      for (let t = 0; t < this.names.length; t++) {
        const p = this.prefix[t], inBlocks = p[lb] - p[fb];
        if (inBlocks === 0) continue;
        const c = counts.get(this.names[t]);
        if (c) { c.count += inBlocks; continue; }
        // the first block holding this type, found by the prefix, then scanned for the seq
        let k = fb;
        while (p[k + 1] === p[k]) k++;
        let first = k * BLOCK;
        while (this.log.typeAt(first) !== this.names[t]) first++;
        counts.set(this.names[t], { count: inBlocks, first });
      }
      scan(lb * BLOCK, to);
    }
    return [...counts].map(([type, c]) => ({ type, count: c.count, first: c.first }));
  }
}
