import type { EventLog } from './event-log';
import { IntColumn, lastAtOrBeforeIn } from './columns';
import { isPlainRecord } from './errors';
import { CHUNK_TYPE } from './type-names';
import type { SessionEvent } from './types';

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

/**
 * `deriveUncommittedRuns` as a fold over the records in seq order: a loader feeds it each record
 * while it holds the parsed value, so the runs are known at the end of the load without reading
 * the log's lines again (a disk-backed log: every assistant message's line, 2.6 s of FileReaderSync
 * in a Chromium worker on the 1.3 M profile). Same runs as the derivation over the same log.
 */
export class UncommittedRunsFold {
  /** Seqs folded so far: the runs answer for a log of exactly this length. */
  length = 0;
  private readonly starts = new IntColumn(64);
  private readonly ends = new IntColumn(64);
  /** Per run, 1 when committed: cited by a message, or followed by a message of its step that records no sources. */
  private readonly committed = new IntColumn(64);
  /** The last run's first chunk's data as `sameStep` reads it (only the last run can be followed by a message still). */
  private firstPlain = false;
  private firstTurn: unknown;
  private firstStep: unknown;

  /** The next seq, an event. */
  add(e: SessionEvent): void {
    const s = this.length++;
    if (e.type === CHUNK_TYPE) { this.chunks(s, s, e.data); return; }
    if (e.type !== 'assistant/message') return;
    const k = this.ends.length - 1;
    if (k >= 0 && this.ends.at(k) === s - 1 && !Array.isArray(e.sourceEventSeqs) && this.firstPlain) {
      const d = e.data;
      if (isPlainRecord(d) && this.firstTurn === d.turn && this.firstStep === d.step) this.committed.set(k, 1);
    }
    const src = e.sourceEventSeqs;
    if (Array.isArray(src)) for (const c of src) if (Number.isSafeInteger(c) && c >= 0 && c < s) this.cite(c);
  }

  /** The next `count` seqs, a packed row of chunks whose members' data carry `turn` and `step`. */
  addRow(count: number, turn: number, step: number): void {
    const s = this.length;
    this.length += count;
    if (count > 0) this.chunks(s, s + count - 1, { turn, step });
  }

  /** Uncommitted runs as [first, last] seq pairs, ascending (see deriveUncommittedRuns). */
  runs(): Int32Array {
    const out: number[] = [];
    for (let k = 0; k < this.starts.length; k++) if (!this.committed.at(k)) out.push(this.starts.at(k), this.ends.at(k));
    return Int32Array.from(out);
  }

  private chunks(from: number, to: number, first: unknown): void {
    const k = this.ends.length - 1;
    if (k >= 0 && this.ends.at(k) === from - 1) { this.ends.set(k, to); return; }
    this.starts.push(from);
    this.ends.push(to);
    this.committed.push(0);
    this.firstPlain = isPlainRecord(first);
    this.firstTurn = this.firstPlain ? (first as Record<string, unknown>).turn : undefined;
    this.firstStep = this.firstPlain ? (first as Record<string, unknown>).step : undefined;
  }

  /** A message cites chunk seq c (an earlier seq): the run holding it, if any, was committed. */
  private cite(c: number): void {
    const n = this.starts.length;
    // the run cited is nearly always the last one
    const k = n > 0 && this.starts.at(n - 1) <= c ? n - 1 : lastAtOrBeforeIn(this.starts.view(), n, c);
    if (k >= 0 && c <= this.ends.at(k)) this.committed.set(k, 1);
  }
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
