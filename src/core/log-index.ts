import { isPlainRecord } from './errors';
import { deriveEventMessage } from './messages';
import { isAppendSurfaceEvent, isCompactionCheckpoint } from './transcript';
import type { SessionEvent } from './types';

/** A growable Int32 column. */
class IntColumn {
  private a = new Int32Array(256);
  length = 0;
  push(v: number): void {
    if (this.length === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.length++] = v;
  }
  view(): Int32Array {
    return this.a.subarray(0, this.length);
  }
}

/**
 * What the viewer needs to answer "as of seq N" and lineage questions without touching the log
 * again, collected once as each event is admitted: sorted seq columns and citation pairs.
 */
export class LogIndex {
  private readonly transcript = new IntColumn();
  private readonly replacements = new IntColumn();
  private readonly compactions = new IntColumn();
  private readonly headers = new IntColumn();
  private readonly turns = new IntColumn();
  private readonly citedSeqs = new IntColumn();
  private readonly citerSeqs = new IntColumn();
  /** Checkpoint seq → the compaction/summary it cites. */
  readonly compactionSummary = new Map<number, number>();
  /** Surface events that project to no message (assistant messages with empty content). */
  readonly silentNodes = new Set<number>();
  private summaries = new Set<number>();
  /** Highest seq observed. */
  last = -1;

  observe(e: SessionEvent, seq: number): void {
    this.last = seq;
    const t = e.type;
    if (t === 'assistant/chunk') return;
    if (t === 'request/header') this.headers.push(seq);
    else if (t === 'turn/start') this.turns.push(seq);
    else if (t === 'compaction/summary') this.summaries.add(seq);
    const src = (e as { sourceEventSeqs?: unknown }).sourceEventSeqs;
    if (Array.isArray(src)) for (const c of src) if (Number.isSafeInteger(c) && c >= 0 && c < seq) { this.citedSeqs.push(c); this.citerSeqs.push(seq); }
    if (t !== 'user/message' && t !== 'assistant/message' && t !== 'tool/result') return;
    if (isAppendSurfaceEvent(e)) this.transcript.push(seq);
    else if (isPlainRecord(e.surfaceOp)) {
      this.replacements.push(seq);
      if (isCompactionCheckpoint(e)) {
        this.compactions.push(seq);
        const summary = Array.isArray(src) ? src.find((c) => this.summaries.has(c)) : undefined;
        if (summary !== undefined) this.compactionSummary.set(seq, summary);
      }
    }
    if (deriveEventMessage(e) === null) this.silentNodes.add(seq);
  }

  /** Append-origin message seqs, ascending. */
  get transcriptSeqs(): Int32Array { return this.transcript.view(); }
  get replacementSeqs(): Int32Array { return this.replacements.view(); }
  get compactionSeqs(): Int32Array { return this.compactions.view(); }
  get headerSeqs(): Int32Array { return this.headers.view(); }
  get turnSeqs(): Int32Array { return this.turns.view(); }

  /** Citation pairs (cited, citer), in citer order. */
  citations(): { cited: Int32Array; citer: Int32Array } {
    return { cited: this.citedSeqs.view(), citer: this.citerSeqs.view() };
  }
}
