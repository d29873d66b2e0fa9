import type { EventLog } from '../core/event-log';
import type { Timeline } from '../core/timeline';
import type { HeaderInForce } from '../protocol/views';
import { headerInForce } from './moment';

/** Headers in force kept (a header with its tools and system prompt is kilobytes; a long session has thousands). */
const HEADERS_KEPT = 32;

/**
 * The headers in force the page asks for by header seq, the last HEADERS_KEPT of them kept: each
 * is a read of the file and a parse to make. Only a header's own seq names one; other seqs are
 * skipped, so the answer may be shorter than the question.
 */
export class HeaderCache {
  private readonly kept = new Map<number, HeaderInForce>();

  headers(t: Timeline, log: EventLog, seqs: readonly number[]): HeaderInForce[] {
    const out: HeaderInForce[] = [];
    for (const hs of seqs) {
      if (!Number.isInteger(hs) || hs < 0 || t.headerSeqAt(hs) !== hs) continue;
      let h = this.kept.get(hs);
      if (h) this.kept.delete(hs);
      else h = headerInForce(t, log, hs);
      this.kept.set(hs, h);
      if (this.kept.size > HEADERS_KEPT) this.kept.delete(this.kept.keys().next().value!);
      out.push(h);
    }
    return out;
  }
}
