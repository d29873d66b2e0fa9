import { IntColumn, lastAtOrBeforeIn } from './columns';
import { isPlainRecord } from './errors';
import { deriveEventMessage } from './messages';
import { messageTokens, NO_TOKENS, type TokenFigure } from './tokens';
import { isAppendSurfaceEvent, isCompactionCheckpoint } from './transcript';
import type { SessionEvent } from './types';

/**
 * What the viewer needs to answer "as of seq N" and lineage questions without touching the log
 * again, collected once as each event is admitted: sorted seq columns and citation runs.
 */
/** Token figures are kept in 30 bits (a larger usage figure is clamped). */
const MAX_TOKENS = 2 ** 29;

export class LogIndex {
  private readonly transcript = new IntColumn();
  private readonly replacements = new IntColumn();
  private readonly compactions = new IntColumn();
  private readonly headers = new IntColumn();
  private readonly turns = new IntColumn();
  /**
   * Citation pairs (cited, citer) in citer order, as runs of consecutive cited seqs with one citer:
   * a message citing its chunks is one run, not one pair per chunk.
   */
  private readonly runCited = new IntColumn();
  private readonly runLength = new IntColumn();
  private readonly runCiter = new IntColumn();
  /** Checkpoint seq → the compaction/summary it cites. */
  readonly compactionSummary = new Map<number, number>();
  /** Surface events that project to no message (assistant messages with empty content). */
  readonly silentNodes = new Set<number>();
  private summaries = new Set<number>();
  /** Surface events (ascending) and their message tokens, as tokens·2 + (1 when from usage). */
  private readonly tokenSeqs = new IntColumn();
  private readonly tokenValues = new IntColumn();
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
    if (Array.isArray(src)) for (const c of src) if (Number.isSafeInteger(c) && c >= 0 && c < seq) this.cite(c, seq);
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
    const tk = messageTokens(e);
    this.tokenSeqs.push(seq);
    this.tokenValues.push(Math.min(tk.tokens, MAX_TOKENS) * 2 + tk.fromUsage);
  }

  /** The token figure of the message a surface event contributes (counted once, as it is admitted). */
  tokensOf(seq: number): TokenFigure {
    const i = lastAtOrBeforeIn(this.tokenSeqs.view(), this.tokenSeqs.length, seq);
    if (i < 0 || this.tokenSeqs.at(i) !== seq) return NO_TOKENS;
    const v = this.tokenValues.at(i), fromUsage = v & 1, tokens = (v - fromUsage) / 2;
    return tokens === 0 && !fromUsage && this.silentNodes.has(seq) ? NO_TOKENS : { tokens, fromUsage, fromChars: 1 - fromUsage };
  }

  /** Append-origin message seqs, ascending. */
  get transcriptSeqs(): Int32Array { return this.transcript.view(); }
  get replacementSeqs(): Int32Array { return this.replacements.view(); }
  get compactionSeqs(): Int32Array { return this.compactions.view(); }
  get headerSeqs(): Int32Array { return this.headers.view(); }
  get turnSeqs(): Int32Array { return this.turns.view(); }

  /** The last run's citer and the cited seq that would extend it (-1: no run yet). */
  private runOpenCiter = -1;
  private runNextCited = -1;

  private cite(cited: number, citer: number): void {
    if (citer === this.runOpenCiter && cited === this.runNextCited) {
      const k = this.runLength.length - 1;
      this.runLength.set(k, this.runLength.at(k) + 1);
    } else {
      this.runCited.push(cited); this.runLength.push(1); this.runCiter.push(citer);
      this.runOpenCiter = citer;
    }
    this.runNextCited = cited + 1;
  }

  /** Citation runs in citer order: run k is pairs (cited[k] + i, citer[k]) for i < length[k]. */
  citationRuns(): { cited: Int32Array; length: Int32Array; citer: Int32Array } {
    return { cited: this.runCited.view(), length: this.runLength.view(), citer: this.runCiter.view() };
  }

}
