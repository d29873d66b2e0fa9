/** Failed tool calls as the page reads them: by seq, and the next one either side of a seq. Pure. */
import type { Overview } from '../core/overview';
import { failedToolCalls, type FailedToolCall } from '../core/tool-errors';

export interface ToolErrors {
  readonly list: readonly FailedToolCall[];
  /** The failed results' seqs, and their calls' seqs, ascending. */
  readonly results: Int32Array;
  readonly calls: Int32Array;
}

const NONE: ToolErrors = { list: [], results: new Int32Array(0), calls: new Int32Array(0) };
const memo = new WeakMap<Overview, ToolErrors>();

/** The failed tool calls of an overview (computed once per overview). */
export function toolErrorsOf(o: Overview | undefined): ToolErrors {
  if (!o) return NONE;
  let e = memo.get(o);
  if (!e) {
    const list = failedToolCalls(o);
    e = { list, results: Int32Array.from(list, (f) => f.result).sort(), calls: Int32Array.from(list, (f) => f.call).sort() };
    memo.set(o, e);
  }
  return e;
}

function has(a: Int32Array, x: number): boolean {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) { const m = (lo + hi) >> 1; if (a[m] === x) return true; if (a[m] < x) lo = m + 1; else hi = m - 1; }
  return false;
}

/** Whether `seq` is a failed tool call's result, its call, or neither. */
export function failedRole(e: ToolErrors, seq: number): 'result' | 'call' | undefined {
  return has(e.results, seq) ? 'result' : has(e.calls, seq) ? 'call' : undefined;
}

/** Entries of `a` (ascending) below `x` (`orEqual`: at or below). */
function countBelow(a: Int32Array, x: number, orEqual: boolean): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] < x || (orEqual && a[m] === x)) lo = m + 1; else hi = m; }
  return lo;
}

/** The first failed result after `seq` (dir 1) or the last before it (dir -1); undefined past the last. */
export function nextError(e: ToolErrors, seq: number, dir: 1 | -1): number | undefined {
  const r = e.results;
  if (dir > 0) { const i = countBelow(r, seq, true); return i < r.length ? r[i] : undefined; }
  const i = countBelow(r, seq, false);
  return i > 0 ? r[i - 1] : undefined;
}
