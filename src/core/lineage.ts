import type { EventLog } from './event-log';
import type { LogIndex } from './log-index';
import type { SurfaceFold } from './surface';

/**
 * Lineage (decisions §2): what each event cites (`sourceEventSeqs`), what cites it, and the chain of
 * replacements. Citations only point backwards in seq.
 */
export class LineageIndex {
  /** Reverse citations in CSR form, built on first use: dependents of s are citers[offsets[s]..offsets[s+1]). */
  private reverse?: { offsets: Int32Array; citers: Int32Array };
  private readonly replacedBy = new Map<number, number>();
  private readonly replaced = new Map<number, readonly number[]>();

  constructor(private readonly log: EventLog, fold: SurfaceFold, private readonly index: LogIndex) {
    for (const r of fold.replacements) {
      this.replaced.set(r.seq, r.shadowed);
      for (const s of r.shadowed) this.replacedBy.set(s, r.seq);
    }
  }

  private buildReverse(): { offsets: Int32Array; citers: Int32Array } {
    const n = this.log.length;
    const { cited, length, citer } = this.index.citationRuns();
    const offsets = new Int32Array(n + 1);
    for (let k = 0; k < cited.length; k++) for (let i = 0; i < length[k]; i++) offsets[cited[k] + i + 1]++;
    for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
    const citers = new Int32Array(offsets[n]);
    const fill = offsets.slice(0, n);
    // pairs in citer order, so each seq's citers come out ascending
    for (let k = 0; k < cited.length; k++) for (let i = 0; i < length[k]; i++) citers[fill[cited[k] + i]++] = citer[k];
    return { offsets, citers };
  }

  /** Seqs this event cites. */
  sources(seq: number): readonly number[] {
    if (seq < 0 || seq >= this.log.length || this.log.isPacked(seq)) return [];
    const src = this.log.rawAt(seq).sourceEventSeqs;
    return Array.isArray(src) ? src.filter((x) => typeof x === 'number') : [];
  }

  /** Seqs of events that cite this one, ascending. */
  dependents(seq: number): readonly number[] {
    this.reverse ??= this.buildReverse();
    const { offsets, citers } = this.reverse;
    if (seq < 0 || seq + 1 >= offsets.length) return [];
    return Array.from(citers.subarray(offsets[seq], offsets[seq + 1]));
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
