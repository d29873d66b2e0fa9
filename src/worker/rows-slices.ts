/**
 * A Log rows request answered in slices, the worker's queue let run between them. The worker
 * answers its messages one at a time, and a window's rows (a file read, then a parse and summary
 * of each line: 10-30 ms for a jump's ~100 rows on the shared machine) held back the moment asked
 * by the next cursor move behind them; between slices, a moment that arrived is answered first.
 */
import type { Row } from '../protocol/worker-protocol';

/** Rows built between two turns of the worker's queue (~2 ms of rows). */
export const ROWS_SLICE = 16;

/** Lets the tasks already queued (the page's messages) run: a posted message, not a timer (a nested timer waits 4 ms). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
    ch.port2.postMessage(0);
  });
}

/**
 * `rowsOf(seqs)` in slices of `slice` seqs, `pause()` awaited between them; `rowsOf` is given the
 * whole request as the span to read, so the file is still read once for the window.
 */
export async function rowsInSlices(rowsOf: (seqs: readonly number[], span: readonly number[]) => Row[], seqs: readonly number[],
  slice = ROWS_SLICE, pause: () => Promise<void> = nextTask): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < seqs.length; i += slice) {
    if (i > 0) await pause();
    out.push(...rowsOf(seqs.slice(i, i + slice), seqs));
  }
  return out;
}
