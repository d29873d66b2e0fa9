import type { ActivityIndex } from './activity';
import { USAGE_CHUNK } from './activity';
import { lastAtOrBeforeIn } from './columns';
import { compactionByReplacement, deriveCompactionSpans } from './compaction';
import type { EventLog } from './event-log';
import { stringifyJson } from './json';
import type { Timeline } from './timeline';

/** Request flags (Overview.reqFlags). */
/** No usage was recorded for the step: input and output are estimated from the Surface's size (bytes / 4). */
export const REQ_ESTIMATED = 1;
/** Usage from `assistant/message.usage` (the step had no `usage` chunk). */
export const REQ_FROM_MESSAGE = 2;

/** Bytes per token, for estimates where no usage was recorded. */
export const BYTES_PER_TOKEN = 4;

/**
 * Where tokens and time went, per request, step, turn and tool call: flat typed columns (the worker
 * transfers them), built from the log's type and time columns and the activity index collected at
 * load, never from a second parse. Token counts of -1 are absent; seqs of -1 are missing.
 */
export interface Overview {
  /** Last seq; first and last event time. */
  readonly last: number;
  readonly startTime: number;
  readonly endTime: number;
  /** Model requests (one per usage record, or one estimated per step without any): seq, time, step index. */
  readonly reqSeq: Int32Array;
  readonly reqTime: Float64Array;
  readonly reqStep: Int32Array;
  /** Uncached input, cache read, cache write, output, reasoning tokens (disjoint, as DSH records them). */
  readonly reqIn: Float64Array;
  readonly reqCacheRead: Float64Array;
  readonly reqCacheWrite: Float64Array;
  readonly reqOut: Float64Array;
  readonly reqReasoning: Float64Array;
  readonly reqFlags: Uint8Array;
  /** `request/context` records: seq and context window (-1: none given, which clears it). */
  readonly winSeq: Int32Array;
  readonly winValue: Float64Array;
  /**
   * Compaction checkpoints (where each is drawn: the Surface changes there) and prunes
   * (`compaction/prune` seqs): seq and the tokens they shadowed by DSH's count (-1: unknown).
   */
  readonly compSeq: Int32Array;
  /** The seq of each checkpoint's compaction (its `compaction/start`, ./compaction.ts): how it is named. */
  readonly compStart: Int32Array;
  readonly compSaved: Float64Array;
  readonly pruneSeq: Int32Array;
  readonly pruneSaved: Float64Array;
  /** Turns: start and end seq (end -1: still open at the end of the log), start and end time. */
  readonly turnStart: Int32Array;
  readonly turnEnd: Int32Array;
  readonly turnT0: Float64Array;
  readonly turnT1: Float64Array;
  /**
   * Steps: start, end (-1: open), turn ordinal (1-based), first and last chunk seq (-1: none) and
   * the assistant/message seq (-1: none); times of step start, first chunk, last chunk, message, end.
   * Time to first chunk = tFirst - t0; decoding = tLast - tFirst.
   */
  readonly stepStart: Int32Array;
  readonly stepEnd: Int32Array;
  readonly stepTurn: Int32Array;
  readonly stepFirst: Int32Array;
  readonly stepLast: Int32Array;
  readonly stepMessage: Int32Array;
  readonly stepT0: Float64Array;
  readonly stepTFirst: Float64Array;
  readonly stepTLast: Float64Array;
  readonly stepTMessage: Float64Array;
  readonly stepT1: Float64Array;
  /** Tool calls: call and result seq (-1: none), times, tool name index, 1 when the result is an error. */
  readonly toolCall: Int32Array;
  readonly toolResult: Int32Array;
  readonly toolT0: Float64Array;
  readonly toolT1: Float64Array;
  readonly toolName: Int32Array;
  readonly toolError: Uint8Array;
  readonly toolNames: readonly string[];
}

/** `f` over a column into a new Float64Array (a plain loop: `Float64Array.from` with a map function goes through the iterator protocol). */
function mapF64(src: ArrayLike<number>, f: (v: number, i: number) => number): Float64Array {
  const out = new Float64Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = f(src[i], i);
  return out;
}

/** Seq → its end-of-range partner: the first `ends` seq after `start` and before `next` (else -1). */
function pairEnds(starts: Int32Array, ends: Int32Array): Int32Array {
  const out = new Int32Array(starts.length).fill(-1);
  let j = 0;
  for (let i = 0; i < starts.length; i++) {
    while (j < ends.length && ends[j] < starts[i]) j++;
    const next = i + 1 < starts.length ? starts[i + 1] : Infinity;
    if (j < ends.length && ends[j] < next) out[i] = ends[j++];
  }
  return out;
}

/**
 * Builds the overview of a loaded session (see Overview). O(events) over the type column, plus the
 * activity records. `grownFrom`: the overview of the same log before it grew (a followed session):
 * its closed steps are taken as they were (events before its end never change), so only the new
 * events are scanned.
 */
export function buildOverview(log: EventLog, a: ActivityIndex, timeline: Timeline | undefined, grownFrom?: Overview): Overview {
  const n = log.length, last = n - 1;
  // events synthesized on load carry the load's clock (the end-seed marker) or the last stored time
  // (closers): they sit at the last stored event's time, so the wall-clock axis ends where the log did
  const lastStored = Math.min(last, log.synthesizedFrom - 1);
  const time = (s: number) => (s >= 0 && s < n ? log.timeAt(lastStored >= 0 ? Math.min(s, lastStored) : s) : NaN);
  /** time() over a seq column (-1 → `open`'s time when given, else NaN), as a plain loop. */
  const timesOf = (seqs: Int32Array, open?: number) => {
    const out = new Float64Array(seqs.length);
    for (let i = 0; i < seqs.length; i++) out[i] = time(seqs[i] < 0 && open !== undefined ? open : seqs[i]);
    return out;
  };

  const turnStart = a.turnStartSeq.view().slice(), turnEnd = pairEnds(turnStart, a.turnEndSeq.view());
  const stepStart = a.stepStartSeq.view().slice(), stepEnd = pairEnds(stepStart, a.stepEndSeq.view());
  const ns = stepStart.length;
  const stepTurn = new Int32Array(ns), stepFirst = new Int32Array(ns).fill(-1), stepLast = new Int32Array(ns).fill(-1), stepMessage = new Int32Array(ns).fill(-1);
  const msgs = a.messageSeq.view();
  const prev = grownFrom && grownFrom.last <= last ? grownFrom : undefined;
  let kept = 0;
  // a step closed before the log grew: the same start, end, turn, chunks and message
  while (prev && kept < ns && kept < prev.stepStart.length && prev.stepEnd[kept] >= 0 && prev.stepStart[kept] === stepStart[kept] && prev.stepEnd[kept] === stepEnd[kept]) kept++;
  if (kept) {
    stepTurn.set(prev!.stepTurn.subarray(0, kept)); stepFirst.set(prev!.stepFirst.subarray(0, kept));
    stepLast.set(prev!.stepLast.subarray(0, kept)); stepMessage.set(prev!.stepMessage.subarray(0, kept));
  }
  for (let i = kept, m = kept < ns ? lastAtOrBeforeIn(msgs, msgs.length, stepStart[kept] - 1) + 1 : msgs.length; i < ns; i++) {
    const s0 = stepStart[i];
    const s1 = stepEnd[i] >= 0 ? stepEnd[i] : Math.min(last, i + 1 < ns ? stepStart[i + 1] - 1 : last);
    stepTurn[i] = lastAtOrBeforeIn(turnStart, turnStart.length, s0) + 1;
    // the first chunk from the front, the last from the back: a step's chunks are most of its events, so neither walks far
    let f = s0 + 1;
    while (f < s1 && !log.isChunkAt(f)) f++;
    if (f < s1) {
      let b = s1 - 1;
      while (!log.isChunkAt(b)) b--;
      stepFirst[i] = f; stepLast[i] = b;
    }
    while (m < msgs.length && msgs[m] < s0) m++;
    while (m < msgs.length && msgs[m] <= s1) stepMessage[i] = msgs[m++];
  }
  const stepOf = (seq: number) => {
    const i = lastAtOrBeforeIn(stepStart, ns, seq);
    return i >= 0 && (stepEnd[i] < 0 || seq <= stepEnd[i]) ? i : -1;
  };

  // requests: per step, usage chunks win over the message's usage (core.md §1.5); a step with neither is estimated
  const us = a.usageSeq.view(), from = a.usageFrom.view(), ustep = Int32Array.from(mapF64(us, stepOf));
  const chunkUsage = new Uint8Array(ns);
  for (let k = 0; k < us.length; k++) if (from[k] === USAGE_CHUNK && ustep[k] >= 0) chunkUsage[ustep[k]] = 1;
  const hasUsage = new Uint8Array(ns);
  const keep: number[] = [];
  for (let k = 0; k < us.length; k++) {
    const st = ustep[k];
    if (from[k] !== USAGE_CHUNK && st >= 0 && chunkUsage[st]) continue;
    keep.push(k);
    if (st >= 0) hasUsage[st] = 1;
  }
  const estimated: number[] = [];
  for (let i = 0; i < ns; i++) if (!hasUsage[i] && stepMessage[i] >= 0) estimated.push(i);
  const nr = keep.length + estimated.length;
  const req = {
    seq: new Int32Array(nr), step: new Int32Array(nr), inp: new Float64Array(nr), cr: new Float64Array(nr), cw: new Float64Array(nr),
    out: new Float64Array(nr), rsn: new Float64Array(nr), flags: new Uint8Array(nr),
  };
  // merge the kept usage records and the estimated steps in seq order
  const est = estimateSurfaceTokens(log, timeline, estimated.map((i) => stepMessage[i] - 1));
  for (let r = 0, k = 0, e = 0; r < nr; r++) {
    const useK = e >= estimated.length || (k < keep.length && us[keep[k]] < stepMessage[estimated[e]]);
    if (useK) {
      const u = keep[k++];
      req.seq[r] = us[u]; req.step[r] = ustep[u];
      req.inp[r] = a.usageIn.at(u); req.cr[r] = a.usageCacheRead.at(u); req.cw[r] = a.usageCacheWrite.at(u);
      req.out[r] = a.usageOut.at(u); req.rsn[r] = a.usageReasoning.at(u);
      req.flags[r] = from[u] === USAGE_CHUNK ? 0 : REQ_FROM_MESSAGE;
    } else {
      const i = estimated[e], m = stepMessage[i];
      req.seq[r] = m; req.step[r] = i;
      req.inp[r] = est[e]; req.cr[r] = -1; req.cw[r] = -1; req.rsn[r] = -1;
      req.out[r] = Math.round(byteSize(log, m) / BYTES_PER_TOKEN);
      req.flags[r] = REQ_ESTIMATED;
      e++;
    }
  }

  // compactions: drawn at the checkpoint, named by their start, with the tokens DSH counted
  const compSeq = timeline ? timeline.compactionSeqs.slice() : new Int32Array(0);
  const spans = timeline ? deriveCompactionSpans({ log, checkpointSeqs: compSeq, replacementSeqs: timeline.replacementSeqs }) : [];
  const spanOf = compSeq.length ? Array.from(compSeq, (c) => compactionByReplacement(spans, c)) : [];
  const compStart = Int32Array.from(compSeq, (c, i) => spanOf[i]?.seq ?? c);
  const compSaved = mapF64(compSeq, (_c, i) => spanOf[i]?.recordedTokens ?? -1);

  const tools = pairTools(a);
  return {
    last, startTime: time(0), endTime: time(last),
    reqSeq: req.seq, reqTime: timesOf(req.seq), reqStep: req.step, reqIn: req.inp, reqCacheRead: req.cr, reqCacheWrite: req.cw,
    reqOut: req.out, reqReasoning: req.rsn, reqFlags: req.flags,
    winSeq: a.contextSeq.view().slice(), winValue: mapF64(a.contextWindow.view(), (v) => v),
    compSeq, compStart, compSaved, pruneSeq: a.pruneSeq.view().slice(), pruneSaved: mapF64(a.pruneTokens.view(), (v) => v),
    turnStart, turnEnd, turnT0: timesOf(turnStart), turnT1: timesOf(turnEnd, last),
    stepStart, stepEnd, stepTurn, stepFirst, stepLast, stepMessage,
    stepT0: timesOf(stepStart), stepTFirst: timesOf(stepFirst), stepTLast: timesOf(stepLast),
    stepTMessage: timesOf(stepMessage), stepT1: timesOf(stepEnd, last),
    toolCall: tools.call, toolResult: tools.result, toolT0: timesOf(tools.call), toolT1: timesOf(tools.result),
    toolName: tools.name, toolError: tools.error, toolNames: [...a.toolNames, NOT_STARTED],
  };
}

/** The tool name of a result no tool/call announced (a call that never started, or a crash closer). */
export const NOT_STARTED = '(no tool/call)';

/**
 * Pairs each appended tool/result with the latest earlier unanswered tool/call of its call id. A
 * result without one becomes a call of zero duration at its own seq, named NOT_STARTED.
 */
function pairTools(a: ActivityIndex): { call: Int32Array; result: Int32Array; name: Int32Array; error: Uint8Array } {
  const cs = a.callSeq.view(), rs = a.resultSeq.view();
  const cap = cs.length + rs.length;
  const call = new Int32Array(cap), result = new Int32Array(cap), name = new Int32Array(cap), error = new Uint8Array(cap);
  // per call id, the latest unanswered call's row; `below[k]`: the one under row k (-1: none)
  const open = new Map<string, number>(), below = new Int32Array(cap);
  const notStarted = a.toolNames.length;
  let k = 0;
  for (let i = 0, j = 0; i < cs.length || j < rs.length; k++) {
    if (j >= rs.length || (i < cs.length && cs[i] < rs[j])) {
      const id = a.callIds[i];
      call[k] = cs[i]; result[k] = -1; name[k] = a.callName.at(i);
      below[k] = open.get(id) ?? -1;
      open.set(id, k);
      i++;
    } else {
      const id = a.resultIds[j], top = open.get(id);
      if (top !== undefined) {
        result[top] = rs[j]; error[top] = a.resultError.at(j);
        if (below[top] >= 0) open.set(id, below[top]); else open.delete(id);
        k--;
      } else { call[k] = rs[j]; result[k] = rs[j]; name[k] = notStarted; error[k] = a.resultError.at(j); }
      j++;
    }
  }
  // the merge appends in seq order, so the rows are in call order (a not-started result at its own seq)
  return { call: call.slice(0, k), result: result.slice(0, k), name: name.slice(0, k), error: error.slice(0, k) };
}

/** Bytes of the event's stored line (its JSON text when it is held as an object). */
function byteSize(log: EventLog, seq: number): number {
  const range = log.isPacked(seq) ? undefined : log.lineRange(seq);
  return range ? range[1] - range[0] : stringifyJson(log.rawAt(seq)).length;
}

/**
 * Estimated tokens on the Surface as of each seq in `at` (ascending): the bytes of the surface
 * nodes' lines / BYTES_PER_TOKEN. One sweep over the node intervals, so any number of queries
 * costs O(nodes log nodes).
 */
export function estimateSurfaceTokens(log: EventLog, timeline: Timeline | undefined, at: readonly number[]): Float64Array {
  const out = new Float64Array(at.length);
  if (!timeline || at.length === 0) return out;
  const { seqs, removedAt } = timeline.nodeIntervals();
  const size = mapF64(seqs, (s) => byteSize(log, s));
  const births = Array.from(seqs.keys()).sort((x, y) => seqs[x] - seqs[y]);
  const deaths = Array.from(seqs.keys()).filter((k) => removedAt[k] !== Infinity).sort((x, y) => removedAt[x] - removedAt[y]);
  let total = 0, b = 0, d = 0;
  for (let q = 0; q < at.length; q++) {
    while (b < births.length && seqs[births[b]] <= at[q]) total += size[births[b++]];
    while (d < deaths.length && removedAt[deaths[d]] <= at[q]) total -= size[deaths[d++]];
    out[q] = Math.round(total / BYTES_PER_TOKEN);
  }
  return out;
}
