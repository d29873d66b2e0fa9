/** The Runs view's messages with the session worker (two runs compared there). Structured-clone safe. */
import type { Difference, Divergence } from '../core/run-align';
import type { RunDeltas } from '../core/run-deltas';
import type { ItemKind } from '../core/run-items';
import type { RunRow } from '../core/run-rows';
import type { DiffLine } from '../core/text-diff';

/** Per run, what the page needs to link the scrubbers and name rows without asking again. */
export interface RunsSide {
  readonly name: string;
  readonly id: string;
  /** Events in the log. */
  readonly length: number;
  /** Per compared item: where it stands in log order, and its alignment row. */
  readonly at: Int32Array;
  readonly rowOf: Int32Array;
}

/** The comparison of the shown session (A) with run B, once both are loaded and aligned. */
export interface RunsInfo {
  readonly a: RunsSide;
  readonly b: RunsSide;
  /** Per alignment row, the item index in A and in B (-1: none). */
  readonly rowA: Int32Array;
  readonly rowB: Int32Array;
  readonly firstDivergence: Divergence | null;
  readonly differences: readonly Difference[];
  /** Per difference, a one-line excerpt of each side's item (the first differences only). */
  readonly excerpts: readonly { readonly a?: string; readonly b?: string }[];
  readonly rows: readonly RunRow[];
  readonly deltas: RunDeltas;
  /** Milliseconds the worker took to align (after both runs were loaded), and to load B. */
  readonly alignMs: number;
  readonly loadBMs: number;
  /** When the alignment ended, as `performance.timeOrigin + performance.now()` in the worker (comparable with the page's). */
  readonly alignedAt: number;
  /** What the library keeps of run B (so a deep link can name it). */
  readonly bFacts: {
    readonly encoding: 'jsonl' | 'zstd';
    readonly container: 'log' | 'fixture' | 'zip';
    readonly verdict: { readonly ok: boolean };
    readonly header?: { readonly id: string; readonly createdAt: number; readonly parentSession?: string; readonly seedLength?: number };
    readonly storedEventCount: number;
  };
}

/** One side of a difference opened: the item's text, and the Surface at that point. */
export interface RunsPairSide {
  readonly seq: number | null;
  readonly kind?: ItemKind;
  readonly text?: string;
  /** The seq the Surface is shown at. */
  readonly at: number;
  /** Surface nodes at `at` (the last ones when there are many), each with a one-line text. */
  readonly surface: readonly RunsSurfaceNode[];
  readonly surfaceTotal: number;
}

export interface RunsSurfaceNode {
  readonly seq: number;
  readonly role: string;
  readonly text: string;
  /** A replacement: how many transcript messages it stands for (as Compare aligns them). */
  readonly standsFor?: number;
  /** The node has an equal counterpart on the other run's Surface. */
  readonly same: boolean;
}

export interface RunsPair {
  readonly diff: number;
  readonly a: RunsPairSide;
  readonly b: RunsPairSide;
  /** Line diff of the two items' texts (A → B). */
  readonly lines: readonly DiffLine[];
}
