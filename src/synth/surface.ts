/**
 * The synthesizer's running estimate of the live surface (what the next model call would see):
 * estimated tokens per surface node, their total, and the queue of tool results a prune may still
 * rewrite. It only mirrors decisions `Session` has already made; it never touches the log. The
 * total drives when pruning and compaction kick in and the usage numbers reported by the model.
 */
import type { Session } from '../core/session';

/** Tool results at least this large (estimated tokens) may later be pruned. */
export const PRUNE_MIN_TOKENS = 400;

/** Estimated tokens of a payload: a quarter of its JSON length, rounded up. */
export const contentTokens = (v: unknown) => Math.ceil(JSON.stringify(v).length / 4);

/** A tool/result a prune may rewrite; `name` is the tool's, for the placeholder text. */
export interface Prunable { seq: number; tokens: number; name: string }

export class SurfaceEstimate {
  /** Estimated tokens of each live surface node, by seq. */
  private readonly nodes = new Map<number, number>();
  private total = 0;
  /** Appended tool results that a prune may rewrite, oldest first; `prunePos` only moves forward. */
  private readonly prunable: Prunable[] = [];
  private prunePos = 0;

  /** Estimated tokens of the whole surface. */
  get tokens(): number {
    return this.total;
  }

  /** Summed estimate of `seqs` (nodes no longer on the surface count 0). */
  tokensOf(seqs: readonly number[]): number {
    let n = 0;
    for (const s of seqs) n += this.nodes.get(s) ?? 0;
    return n;
  }

  /** Records surface node `seq` of `tokens`; the nodes it `shadowed` leave the surface. */
  put(seq: number, tokens: number, shadowed: readonly number[] = []): void {
    for (const s of shadowed) {
      this.total -= this.nodes.get(s) ?? 0;
      this.nodes.delete(s);
    }
    this.nodes.set(seq, tokens);
    this.total += tokens;
  }

  /** Queues an appended tool result for pruning if it is at least PRUNE_MIN_TOKENS. */
  offerPrunable(p: Prunable): void {
    if (p.tokens >= PRUNE_MIN_TOKENS) this.prunable.push(p);
  }

  /** The oldest queued tool result still on the surface, taken off the queue; undefined when none is left. */
  nextPrunable(): Prunable | undefined {
    while (this.prunePos < this.prunable.length) {
      const p = this.prunable[this.prunePos++];
      if (this.nodes.has(p.seq)) return p; // still on the surface
    }
    return undefined;
  }

  /** Rebuilds the estimate from a session's current surface (a fork's inherited seed). */
  adopt(s: Session): void {
    for (const seq of s.surfaceSeqs()) {
      const e = s.log.event(seq);
      const tok = contentTokens(e.type === 'user/message' ? e.data : e.data.message);
      this.put(seq, tok);
      if (e.type === 'tool/result' && e.surfaceOp === 'append' && tok >= PRUNE_MIN_TOKENS) {
        const call = e.sourceEventSeqs?.length ? s.log.event(e.sourceEventSeqs[0]) : undefined;
        this.offerPrunable({ seq, tokens: tok, name: call?.type === 'tool/call' ? String(call.data.name) : 'tool' });
      }
    }
  }
}
