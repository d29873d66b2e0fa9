/** Runs of consecutive `assistant/chunk` events, which the Log folds into one row, and their previews. Pure. */
import type { EventLog } from '../core/event-log';
import { oneLine } from '../core/text';
import { lastAtOrBefore } from '../core/timeline';
import type { RunInfo } from '../protocol/worker-protocol';

/** Inclusive start and end seqs of each run, ascending. */
export interface ChunkRuns {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/** Runs of two or more consecutive chunk events, from the type column (packed rows are chunks). */
export function findChunkRuns(log: EventLog | undefined): ChunkRuns {
  const starts: number[] = [], ends: number[] = [];
  const n = log?.length ?? 0;
  for (let s = 0; log && s < n;) {
    if (!log.isChunkAt(s)) { s++; continue; }
    let e = s;
    while (e + 1 < n && log.isChunkAt(e + 1)) e++;
    if (e > s) { starts.push(s); ends.push(e); }
    s = e + 1;
  }
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** Previews of the runs starting at `starts` (other seqs are left out): the streamed text's start and the chunk kinds. */
export function previewRuns(log: EventLog, runs: ChunkRuns, starts: readonly number[]): RunInfo[] {
  const out: RunInfo[] = [];
  for (const start of starts) {
    const i = lastAtOrBefore(runs.starts, start);
    if (i < 0 || runs.starts[i] !== start) continue;
    const end = runs.ends[i];
    let text = '';
    const kinds = new Map<string, number>();
    for (let s = start; s <= end && s < start + 400; s++) {
      const c = (log.rawAt(s).data as { chunk?: Record<string, unknown> } | undefined)?.chunk;
      const kind = typeof c?.type === 'string' ? c.type : '?';
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      const piece = c ? (typeof c.text === 'string' ? c.text : typeof c.argumentsDelta === 'string' ? c.argumentsDelta : '') : '';
      if (text.length < 200) text += piece;
    }
    out.push({ start, end, preview: oneLine(text, 160), kinds: [...kinds].map(([k, n]) => `${k}×${n}`).join(' ') + (end - start >= 400 ? ' …' : '') });
  }
  return out;
}
