import type { EventLog } from './event-log';
import { isPlainRecord } from './errors';

/**
 * Steps that streamed but were never committed: a run of `assistant/chunk` events that no
 * `assistant/message` took up (a crash mid-stream, a cancelled or failed request, a projected
 * fixture). DSH's chat shows what such a step streamed; so does the Transcript, marked as
 * streamed and never committed. None of it is on the Surface: the model never saw it as a message.
 *
 * A run is a maximal stretch of consecutive chunk seqs. It was committed when an
 * `assistant/message` cites any of its chunks in `sourceEventSeqs`, or (a message that records no
 * sources) when the next non-chunk event is an `assistant/message` of the same turn and step.
 */

type Log = Pick<EventLog, 'length' | 'isChunkAt' | 'typeAt' | 'rawAt'>;

/** A block as it streamed: text and reasoning deltas joined, a tool call's argument deltas joined. */
export type StreamedBlock =
  | { readonly kind: 'text' | 'reasoning'; readonly index: number; readonly text: string; readonly ended: boolean }
  | { readonly kind: 'tool-call'; readonly index: number; readonly id: string; readonly name?: string; readonly arguments: string; readonly ended: boolean };

export interface StreamedStep {
  readonly turn?: number;
  readonly step?: number;
  /** The run's first chunk, and the last one read (`through`, or the run's end). */
  readonly firstSeq: number;
  readonly lastSeq: number;
  /** The run's last chunk in the log (later than `lastSeq` when read through an earlier seq). */
  readonly runEndSeq: number;
  /** Blocks by stream index, in the order they started. */
  readonly blocks: readonly StreamedBlock[];
  /** The `finish` chunk's reason kind (`stop`, `aborted`, `error`, …), and its failure's message. */
  readonly finish?: { readonly kind: string; readonly message?: string };
}

/** Uncommitted runs as [first, last] seq pairs, ascending: `runs[2k]`..`runs[2k + 1]`. One pass over the type column. */
export function deriveUncommittedRuns(log: Log): Int32Array {
  const n = log.length;
  const cited = new Uint8Array(n);
  const starts: number[] = [], ends: number[] = [];
  for (let s = 0; s < n; s++) {
    if (log.isChunkAt(s)) {
      if (ends.length && ends[ends.length - 1] === s - 1) ends[ends.length - 1] = s;
      else { starts.push(s); ends.push(s); }
      continue;
    }
    if (log.typeAt(s) !== 'assistant/message') continue;
    const src = log.rawAt(s).sourceEventSeqs;
    if (Array.isArray(src)) for (const c of src) if (Number.isSafeInteger(c) && c >= 0 && c < s) cited[c] = 1;
  }
  const out: number[] = [];
  for (let k = 0; k < starts.length; k++) {
    const a = starts[k], b = ends[k];
    let taken = false;
    for (let s = a; s <= b && !taken; s++) taken = cited[s] === 1;
    if (!taken && b + 1 < n && log.typeAt(b + 1) === 'assistant/message' && !Array.isArray(log.rawAt(b + 1).sourceEventSeqs)) {
      taken = sameStep(log.rawAt(a).data, log.rawAt(b + 1).data);
    }
    if (!taken) out.push(a, b);
  }
  return Int32Array.from(out);
}

function sameStep(a: unknown, b: unknown): boolean {
  return isPlainRecord(a) && isPlainRecord(b) && a.turn === b.turn && a.step === b.step;
}

/** The uncommitted run holding `seq`, as [first, last], or undefined. */
export function uncommittedRunAt(runs: Int32Array, seq: number): [number, number] | undefined {
  let lo = 0, hi = runs.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (runs[2 * mid + 1] < seq) lo = mid + 1;
    else if (runs[2 * mid] > seq) hi = mid - 1;
    else return [runs[2 * mid], runs[2 * mid + 1]];
  }
  return undefined;
}

/** What the run [first, last] streamed, read through `through` (as of a cursor inside the run). */
export function deriveStreamedStep(log: Log, first: number, last: number, through = last): StreamedStep {
  const end = Math.min(last, through);
  const blocks = new Map<number, { kind: string; index: number; text: string; id: string; name?: string; args: string; ended: boolean }>();
  let turn: number | undefined, step: number | undefined, finish: StreamedStep['finish'];
  const blockAt = (index: number, kind: string) => {
    let b = blocks.get(index);
    if (!b) { b = { kind, index, text: '', id: '', args: '', ended: false }; blocks.set(index, b); }
    return b;
  };
  for (let s = first; s <= end; s++) {
    const d = log.rawAt(s).data;
    if (!isPlainRecord(d) || !isPlainRecord(d.chunk)) continue;
    if (typeof d.turn === 'number') turn = d.turn;
    if (typeof d.step === 'number') step = d.step;
    const c = d.chunk, index = typeof c.index === 'number' ? c.index : 0;
    switch (c.type) {
      case 'block-start': blockAt(index, c.blockType === 'tool-call' || c.blockType === 'reasoning' ? c.blockType : 'text'); break;
      case 'text-delta': if (typeof c.text === 'string') blockAt(index, 'text').text += c.text; break;
      case 'reasoning-delta': if (typeof c.text === 'string') blockAt(index, 'reasoning').text += c.text; break;
      case 'tool-call-delta': {
        const b = blockAt(index, 'tool-call');
        b.kind = 'tool-call';
        if (typeof c.id === 'string') b.id = c.id;
        if (typeof c.name === 'string') b.name = c.name;
        if (typeof c.argumentsDelta === 'string') b.args += c.argumentsDelta;
        break;
      }
      case 'block-end': {
        const blk = isPlainRecord(c.block) ? c.block : {};
        const b = blockAt(index, blk.type === 'tool-call' || blk.type === 'reasoning' ? blk.type : 'text');
        b.ended = true;
        // the finished block is the whole of it: it wins over the deltas joined
        if (typeof blk.text === 'string') b.text = blk.text;
        if (blk.type === 'tool-call') {
          b.kind = 'tool-call';
          if (typeof blk.id === 'string') b.id = blk.id;
          if (typeof blk.name === 'string') b.name = blk.name;
          if (typeof blk.arguments === 'string') b.args = blk.arguments;
        }
        break;
      }
      case 'finish': {
        const r = isPlainRecord(c.reason) ? c.reason : {};
        const failure = isPlainRecord(r.failure) ? r.failure : undefined;
        finish = { kind: typeof r.kind === 'string' ? r.kind : String(c.reason ?? 'unknown'), ...(typeof failure?.message === 'string' ? { message: failure.message } : {}) };
        break;
      }
    }
  }
  const out: StreamedBlock[] = [];
  for (const b of blocks.values()) {
    out.push(b.kind === 'tool-call'
      ? { kind: 'tool-call', index: b.index, id: b.id, ...(b.name !== undefined ? { name: b.name } : {}), arguments: b.args, ended: b.ended }
      : { kind: b.kind === 'reasoning' ? 'reasoning' : 'text', index: b.index, text: b.text, ended: b.ended });
  }
  return { ...(turn !== undefined ? { turn } : {}), ...(step !== undefined ? { step } : {}), firstSeq: first, lastSeq: end, runEndSeq: last, blocks: out, ...(finish ? { finish } : {}) };
}
