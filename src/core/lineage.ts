import type { EventLog } from './event-log';
import type { SurfaceFold } from './surface';

/**
 * Lineage (decisions §2): what each event cites (`sourceEventSeqs`), what cites it, and the chain of
 * replacements. Citations only point backwards in seq.
 */
export class LineageIndex {
  private readonly citedBy = new Map<number, number[]>();
  private readonly replacedBy = new Map<number, number>();
  private readonly replaced = new Map<number, readonly number[]>();

  constructor(private readonly log: EventLog, fold: SurfaceFold) {
    for (let s = 0; s < log.length; s++) {
      if (log.isPacked(s)) continue;
      const src = log.rawAt(s).sourceEventSeqs;
      if (!Array.isArray(src)) continue;
      for (const c of src) {
        const list = this.citedBy.get(c);
        if (list) list.push(s); else this.citedBy.set(c, [s]);
      }
    }
    for (const r of fold.replacements) {
      this.replaced.set(r.seq, r.shadowed);
      for (const s of r.shadowed) this.replacedBy.set(s, r.seq);
    }
  }

  /** Seqs this event cites. */
  sources(seq: number): readonly number[] {
    if (seq < 0 || seq >= this.log.length || this.log.isPacked(seq)) return [];
    const src = this.log.rawAt(seq).sourceEventSeqs;
    return Array.isArray(src) ? src.filter((x) => typeof x === 'number') : [];
  }

  /** Seqs of events that cite this one, ascending. */
  dependents(seq: number): readonly number[] {
    return this.citedBy.get(seq) ?? [];
  }

  /** Nodes this replacement shadowed, in surface order ([] for a non-replacement). */
  shadowedBy(seq: number): readonly number[] {
    return this.replaced.get(seq) ?? [];
  }

  /** The replacement that shadowed this node, if any. */
  replacerOf(seq: number): number | undefined {
    return this.replacedBy.get(seq);
  }

  /** The chain from `seq` through each later replacement that shadowed it, oldest first. */
  replacementChain(seq: number): number[] {
    const chain = [seq];
    for (let r = this.replacedBy.get(seq); r !== undefined; r = this.replacedBy.get(r)) chain.push(r);
    return chain;
  }
}
