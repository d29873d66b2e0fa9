/**
 * The A and B marks on the scrubber (the Diff of two moments): a slice of the app store. Any
 * caller (the scrubber's buttons and keys, an overview range, a tour step, the URL) sets them
 * through these actions; the Diff view reads them.
 */
import { lastSeq, useApp } from './store';

export interface MarksSlice {
  /** Seq of mark A, or undefined when unset. */
  markA?: number;
  /** Seq of mark B, or undefined when unset. */
  markB?: number;
}

function clamp(n: number | undefined): number | undefined {
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return Math.max(0, Math.min(Math.round(n), lastSeq()));
}

export function setMarkA(n: number | undefined): void {
  useApp.setState({ markA: clamp(n) });
}

export function setMarkB(n: number | undefined): void {
  useApp.setState({ markB: clamp(n) });
}

/** Sets both marks at once (one store update, one hash entry). */
export function setMarks(a: number | undefined, b: number | undefined): void {
  useApp.setState({ markA: clamp(a), markB: clamp(b) });
}

export function clearMarks(): void {
  useApp.setState({ markA: undefined, markB: undefined });
}

/** The last seq in `seqs` (ascending) strictly before `n`, or undefined. */
function lastBefore(seqs: ArrayLike<number>, n: number): number | undefined {
  let lo = 0, hi = seqs.length - 1, ans: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid] < n) { ans = seqs[mid]; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}

/**
 * "What changed in this step": B = the cursor, A = the seq just before the latest step/start
 * strictly before the cursor (so at a step's first seq, the previous step is shown). A = 0 before any step.
 */
export function markStepAtCursor(): void {
  const s = useApp.getState();
  if (!s.summary) return;
  const start = lastBefore(s.summary.stepSeqs, s.cursor);
  setMarks(start === undefined ? 0 : Math.max(0, start - 1), s.cursor);
}

/**
 * "What the model has not seen yet": A = the moment of the latest model request at or before B
 * (the seq just before that step's first chunk); B defaults to the cursor when unset.
 */
export function markPreviousRequest(): void {
  const s = useApp.getState();
  if (!s.summary) return;
  const b = s.markB ?? s.cursor;
  const req = lastBefore(s.summary.requestSeqs, b);
  setMarks(req ?? 0, b);
}
