import type { EventLog } from './event-log';
import type { LogIndex } from './log-index';

/** What a compared item is (the kinds of a divergence, `end` aside). */
export type ItemKind = 'user' | 'header' | 'assistant' | 'tool-result' | 'surface';
export const ITEM_KINDS: readonly ItemKind[] = ['user', 'header', 'assistant', 'tool-result', 'surface'];
export const K_USER = 0, K_HEADER = 1, K_ASSISTANT = 2, K_TOOL_RESULT = 3, K_SURFACE = 4;

/**
 * The compared items of one run, in log order, as columns (a 1.3 M-event log has tens of
 * thousands). Each item has a place: the turn it falls in (0 before the first `turn/start`, else
 * 1, 2, … by `turn/start`), the step inside that turn (0 before the turn's first `step/start`) and
 * its index inside that step. Two runs are aligned by place.
 *
 * Items: every `user/message`, `assistant/message` and `tool/result` that appends (`user`,
 * `assistant`, `tool-result`), every surface replacement (`surface`), and per step the request
 * header in force when its model request was made (`header`, placed at the step's first
 * `assistant/chunk` or else its `assistant/message`; a step with neither made no request).
 */
export interface RunItems {
  readonly length: number;
  readonly kind: Uint8Array;
  /** The seq of the event that carries the item (a header item: the request/header in force, -1 if none). */
  readonly seq: Int32Array;
  /** Where the item stands in log order (a header item: its step's request point). */
  readonly at: Int32Array;
  readonly turn: Int32Array;
  readonly step: Int32Array;
  readonly index: Int32Array;
  /** `turn/start` seqs (turn k starts at turnSeqs[k - 1]). */
  readonly turnSeqs: Int32Array;
  /** Per turn 0..turns, the step/start seqs of its steps (turn 0 has none). */
  readonly stepSeqs: readonly Int32Array[];
  /** Surface replacements that are tool results (prunes) and compaction checkpoints. */
  readonly prunes: number;
  readonly compactions: number;
}

class Col {
  a = new Int32Array(1024);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) { const b = new Int32Array(this.n * 2); b.set(this.a); this.a = b; }
    this.a[this.n++] = v;
  }
  done(): Int32Array { return this.a.slice(0, this.n); }
}

/** One pass over the type column and the index's replacement seqs; no event is parsed. */
export function deriveRunItems(log: EventLog, index: LogIndex): RunItems {
  const kind: number[] = [];
  const seq = new Col(), at = new Col(), turn = new Col(), step = new Col(), idx = new Col();
  const repl = index.replacementSeqs, nRepl = repl.length;
  const turnSeqs: number[] = [];
  const stepSeqs: number[][] = [[]];
  let r = 0, t = 0, s = 0, i = 0, header = -1, pendingRequest = false, prunes = 0;
  const push = (k: number, itemSeq: number, where: number) => {
    kind.push(k); seq.push(itemSeq); at.push(where); turn.push(t); step.push(s); idx.push(i++);
  };
  const n = log.length;
  for (let q = 0; q < n; q++) {
    if (log.isChunkAt(q)) {
      if (pendingRequest) { pendingRequest = false; push(K_HEADER, header, q); }
      continue;
    }
    const type = log.typeAt(q);
    switch (type) {
      case 'turn/start': t++; s = 0; i = 0; turnSeqs.push(q); stepSeqs.push([]); continue;
      case 'step/start': s++; i = 0; pendingRequest = true; stepSeqs[t].push(q); continue;
      case 'request/header': header = q; continue;
      case 'user/message': case 'assistant/message': case 'tool/result': break;
      default: continue;
    }
    if (type === 'assistant/message' && pendingRequest) { pendingRequest = false; push(K_HEADER, header, q); }
    while (r < nRepl && repl[r] < q) r++;
    if (r < nRepl && repl[r] === q) {
      push(K_SURFACE, q, q);
      if (type === 'tool/result') prunes++;
    } else push(type === 'user/message' ? K_USER : type === 'assistant/message' ? K_ASSISTANT : K_TOOL_RESULT, q, q);
  }
  return {
    length: kind.length, kind: Uint8Array.from(kind), seq: seq.done(), at: at.done(), turn: turn.done(), step: step.done(), index: idx.done(),
    turnSeqs: Int32Array.from(turnSeqs), stepSeqs: stepSeqs.map((x) => Int32Array.from(x)),
    prunes, compactions: index.compactionSeqs.length,
  };
}

/** Index of the item carried by event `seq` (not a header item), or -1; items' event seqs ascend. */
export function itemOfSeq(items: RunItems, seq: number): number {
  // header items break the ascent of `seq`, so search `at`, which ascends, and check the hit
  let lo = 0, hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items.at[mid] < seq) lo = mid + 1; else hi = mid - 1;
  }
  for (let k = lo; k < items.length && items.at[k] === seq; k++) if (items.kind[k] !== K_HEADER && items.seq[k] === seq) return k;
  return -1;
}

/** Where a run's items stand in log order (ascending), all that mapping a seq needs. */
export interface ItemsAt {
  readonly length: number;
  readonly at: Int32Array;
}

/** Index of the last item at or before `seq` in log order, or -1. */
export function lastItemAtOrBefore(items: ItemsAt, seq: number): number {
  let lo = 0, hi = items.length - 1, ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (items.at[mid] <= seq) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}
