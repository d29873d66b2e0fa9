/**
 * One pass over a loaded log to its trace model (./model.ts). Chunks, tool calls and appended tool
 * results are read from the columns and the activity index the load built (../activity.ts), so a
 * log of a million chunk deltas costs a column scan and only small or rare events are parsed again.
 * Tokens come from the one per-step definition (../step-usage.ts), over the session's own events.
 */
import type { ActivityIndex } from '../activity';
import { clockReader, isAppendLine, ownUsage } from './columns';
import { isPlainRecord } from '../errors';
import type { EventLog } from '../event-log';
import { NO_USAGE, stepUsage, type StepUsage, type UsageCounts } from '../step-usage';
import { isCompactionCheckpoint } from '../transcript';
import type { SessionHeader } from '../types';
import type { TraceMark, TraceRetry, TraceSession, TraceStep, TraceTool, TraceTurn } from './model';

export interface DeriveTraceOptions {
  /** Session ids to look for in tool arguments and results (the sub-agents a call may have started). */
  readonly mentionIds?: readonly string[];
}

/** Event types whose data the trace reads; every other non-chunk event is known by its type and time alone. */
const READ = new Set(['turn/start', 'turn/end', 'step/start', 'step/end', 'assistant/message', 'tool/call', 'tool/result', 'user/message',
  'request/context', 'request/header', 'llm/retry', 'compaction/start', 'compaction/summary', 'compaction/end', 'compaction/prune',
  'agent-preset/selected', 'subagent/descriptor']);

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const rec = (v: unknown): Record<string, unknown> => (isPlainRecord(v) ? v : {});
const codeOf = (v: unknown) => { const r = rec(v); return str(r.code) ?? str(r.name); };
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
/** A `TokenUsage` record as counts (a summary request's usage; steps' come from ../step-usage.ts). */
const usageOf = (u: Record<string, unknown>): UsageCounts => ({ input: count(u.inputTokens), cached: count(u.cacheReadTokens), cacheWrite: count(u.cacheWriteTokens), output: count(u.outputTokens), reasoning: count(u.reasoningTokens) });

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
interface OpenStep extends Mutable<TraceStep> { firstChunkSeq: number; lastChunkSeq: number; inputSeqs: number[]; retries: TraceRetry[]; inTurn?: Mutable<TraceTurn>; calls: number }
type OpenMark = Mutable<TraceMark> & { sources: number[] };

export function deriveTraceSession(log: EventLog, header: SessionHeader, activity: ActivityIndex, opts: DeriveTraceOptions = {}): TraceSession {
  // events synthesized on load (closers, an end-seed marker stamped now) are not the session's
  const n = Math.min(log.length, log.synthesizedFrom);
  const clock = new Float64Array(n);
  let last = Number.isFinite(header.createdAt) ? header.createdAt : 0;
  let firstTime = true;
  for (let s = 0; s < n; s++) {
    const t = log.timeAt(s);
    if (Number.isFinite(t)) { last = firstTime ? t : Math.max(last, t); firstTime = false; }
    clock[s] = last;
  }
  const timeOf = clockReader(clock, n, last);
  const ownFrom = Math.min(header.seedLength ?? 0, n);
  const mentionIds = opts.mentionIds ?? [];

  // appended tool results, in seq order, from the activity index: [seq, call id, error?]
  const results = activity.resultSeq, resultIds = activity.resultIds, resultError = activity.resultError;
  let ri = 0;
  const calls = activity.callSeq;
  let ci = 0;
  const turns: TraceTurn[] = [], steps: OpenStep[] = [], tools: (Mutable<TraceTool> & { mentions: string[] })[] = [], marks: OpenMark[] = [];
  let turn: Mutable<TraceTurn> | undefined, step: OpenStep | undefined;
  const openCalls = new Map<string, number>();
  const openCompactions = new Map<string, OpenMark>();
  let lastCompaction: OpenMark | undefined, lastPrune: OpenMark | undefined;
  let pendingInputs: number[] = [];
  let headerSeq: number | undefined, contextModel: string | undefined, contextProvider: string | undefined;
  let agentPreset = header.agentPreset, agentDescription: string | undefined;

  const closeStep = (endSeq: number) => {
    if (!step) return;
    step.end = Math.max(step.start, timeOf(endSeq));
    if (step.requestSeq < 0) { step.requestSeq = step.seq; step.requestTime = step.start; }
    if (step.messageSeq === undefined) step.streamEnd = step.lastChunkSeq >= 0 ? timeOf(step.lastChunkSeq) : step.requestTime;
    steps.push(step);
    step = undefined;
  };
  const closeTurn = (endSeq: number, reason?: unknown) => {
    closeStep(endSeq);
    if (!turn) return;
    turn.end = Math.max(turn.start, timeOf(endSeq));
    turn.endSeq = Math.max(turn.seq, endSeq);
    if (reason !== undefined) {
      const r = rec(reason);
      turn.reason = str(r.kind) ?? 'unknown';
      if (turn.reason === 'error') turn.errorType = codeOf(r.error) ?? 'error';
    }
    turns.push(turn);
    turn = undefined;
  };
  const mark = (m: Omit<OpenMark, 'sources' | 'replaced'> & { replaced?: number }): OpenMark => {
    const full: OpenMark = { replaced: 0, sources: [], ...m };
    marks.push(full);
    return full;
  };
  const addSources = (m: OpenMark | undefined, seqs: unknown) => {
    if (m && Array.isArray(seqs)) for (const x of seqs) if (typeof x === 'number') m.sources.push(x);
  };
  const mentionsIn = (s: number): string[] => {
    if (mentionIds.length === 0) return [];
    const text = log.lineAt(s) ?? JSON.stringify(log.rawAt(s));
    return mentionIds.filter((id) => text.includes(id));
  };
  const request = (s: number) => {
    if (!step || step.requestSeq >= 0) return;
    step.requestSeq = Math.max(step.seq, s - 1);
    step.requestTime = timeOf(step.requestSeq);
    step.inputSeqs = pendingInputs;
    step.headerSeq = headerSeq;
    pendingInputs = [];
  };

  for (let s = ownFrom; s < n; s++) {
    if (log.isChunkAt(s)) {
      if (step) {
        if (step.firstChunkSeq < 0) { request(s); step.firstChunkSeq = s; step.firstChunkTime = timeOf(s); }
        step.lastChunkSeq = s;
      }
      continue;
    }
    const type = log.typeAt(s);
    if (!READ.has(type)) continue;
    const t = timeOf(s);
    if (type === 'tool/call') {
      while (ci < calls.length && calls.at(ci) < s) ci++;
      const at = ci < calls.length && calls.at(ci) === s ? ci : -1;
      const callId = at >= 0 ? activity.callIds[at] : '';
      openCalls.set(callId, tools.length);
      if (step) step.calls++;
      tools.push({ seq: s, callId, name: at >= 0 ? activity.toolNames[activity.callName.at(at)] : 'tool', turn: step?.turn ?? turn?.turn ?? 0, step: step?.step ?? 0, start: t, end: t, mentions: mentionsIn(s) });
      continue;
    }
    if (type === 'tool/result') {
      while (ri < results.length && results.at(ri) < s) ri++;
      if (ri < results.length && results.at(ri) === s) {
        // an appended result: its call and outcome are in the index; only an error's code needs the event
        pendingInputs.push(s);
        const i = openCalls.get(resultIds[ri]);
        if (i === undefined) continue;
        openCalls.delete(resultIds[ri]);
        const tool = tools[i];
        tool.resultSeq = s;
        tool.end = Math.max(tool.start, t);
        if (resultError.at(ri) === 1) tool.errorType = codeOf(rec(log.rawAt(s).data).error) ?? 'tool_error';
        for (const id of mentionsIn(s)) if (!tool.mentions.includes(id)) tool.mentions.push(id);
        continue;
      }
    }
    if (type === 'assistant/message' && step && step.model !== undefined && isAppendLine(log, s)) {
      // the step's message, known append from its line's last member: its data is not read (the
      // model is the request's, the finish follows from whether the step called tools)
      request(s);
      step.messageSeq = s;
      step.streamEnd = t;
      continue;
    }
    // known by their type and seq alone: their data is not parsed again
    if (type === 'step/end') { closeStep(s); continue; }
    if (type === 'request/header') { headerSeq = s; continue; }
    const e = log.rawAt(s);
    const d = rec(e.data);
    switch (type) {
      case 'turn/start':
        closeTurn(s - 1);
        turn = { turn: num(d.turn) ?? turns.length + 1, seq: s, endSeq: s, start: t, end: t };
        break;
      case 'turn/end': closeTurn(s, d.reason ?? null); break;
      case 'step/start':
        closeStep(s - 1);
        step = {
          turn: num(d.turn) ?? turn?.turn ?? 0, step: num(d.step) ?? steps.length + 1, seq: s, start: t, end: t, requestSeq: -1, requestTime: t,
          streamEnd: t, tokens: NO_USAGE, usageFrom: 'none', attempts: 0, model: contextModel, provider: contextProvider,
          firstChunkSeq: -1, lastChunkSeq: -1, inputSeqs: [], retries: [], inTurn: turn, calls: 0,
          // set later, present from the start so that every open step has one shape
          firstChunkTime: undefined, messageSeq: undefined, headerSeq: undefined, finishReason: undefined, errorType: undefined,
        };
        break;
      case 'request/context':
        contextModel = str(d.model) ?? contextModel; contextProvider = str(d.provider) ?? contextProvider;
        // the route a step's request took, when it is written after the step opened
        if (step && step.requestSeq < 0) { step.model = contextModel; step.provider = contextProvider; }
        break;
      case 'agent-preset/selected': agentPreset = str(d.agentPreset) ?? agentPreset; break;
      case 'subagent/descriptor': agentDescription = str(d.label) ?? agentDescription; break;
      case 'assistant/message':
        if (e.surfaceOp !== undefined && e.surfaceOp !== 'append') break;
        if (step) {
          request(s);
          step.messageSeq = s;
          step.streamEnd = t;
          const src = rec(rec(d.message).source);
          step.model = str(src.model) ?? step.model;
          step.provider = str(src.provider) ?? step.provider;
          if (d.interrupted === true) step.finishReason = 'aborted';
        }
        break;
      case 'llm/retry':
        if (step) step.retries.push({ seq: s, time: t, retry: num(d.retry), delayMs: num(d.delayMs), errorType: codeOf(d.failure) });
        break;
      case 'tool/result':
        // a replacement (a prune's copy); appended results were taken from the index above
        addSources(lastPrune && lastPrune.seq === s - 1 ? lastPrune : undefined, e.sourceEventSeqs);
        break;
      case 'user/message':
        if (e.surfaceOp === undefined || e.surfaceOp === 'append') pendingInputs.push(s);
        else if (isCompactionCheckpoint(e)) addSources(lastCompaction, e.sourceEventSeqs);
        break;
      case 'compaction/start': {
        const id = str(d.compactionId) ?? '';
        lastCompaction = mark({ kind: 'compaction', seq: s, start: t, end: t, compactionId: id });
        openCompactions.set(id, lastCompaction);
        break;
      }
      case 'compaction/summary': {
        const m = openCompactions.get(str(d.compactionId) ?? '') ?? (lastCompaction = mark({ kind: 'compaction', seq: s, start: t, end: t, compactionId: str(d.compactionId) }));
        const range = rec(d.shadowedRange);
        if (num(range.start) !== undefined && num(range.end) !== undefined) m.range = { start: num(range.start)!, end: num(range.end)! };
        if (Array.isArray(d.shadowedSeqs)) m.replaced = d.shadowedSeqs.length;
        m.replacedTokens = num(d.shadowedTokenCount);
        if (isPlainRecord(d.usage)) m.usage = usageOf(d.usage);
        m.end = t;
        addSources(m, d.shadowedSeqs);
        break;
      }
      case 'compaction/end': {
        const id = str(d.compactionId) ?? '';
        const m = openCompactions.get(id);
        if (!m) break;
        openCompactions.delete(id);
        m.end = t;
        if (typeof d.error === 'string') m.error = d.error;
        break;
      }
      case 'compaction/prune': {
        const range = rec(d.shadowedRange);
        lastPrune = mark({
          kind: 'prune', seq: s, start: t, end: t, replaced: Array.isArray(d.shadowedSeqs) ? d.shadowedSeqs.length : 0, replacedTokens: num(d.shadowedTokenCount),
          ...(num(range.start) !== undefined && num(range.end) !== undefined ? { range: { start: num(range.start)!, end: num(range.end)! } } : {}),
        });
        break;
      }
    }
  }
  closeTurn(n - 1);
  const end = timeOf(n - 1);
  for (const tool of tools) if (tool.resultSeq === undefined) tool.end = Math.max(tool.start, stepEndOf(steps, tool, end));
  for (const m of openCompactions.values()) m.end = Math.max(m.end, end);
  for (const m of marks) m.sources = [...new Set(m.sources.filter((x) => x >= 0 && x < m.seq))].sort((a, b) => a - b);

  const usageByStep = new Map<string, StepUsage>();
  for (const u of stepUsage(ownUsage(activity, ownFrom))) usageByStep.set(`${u.turn}:${u.step}`, u);
  // each step one literal of one shape (no rest/spread copies): a long session has tens of thousands
  const outSteps: TraceStep[] = new Array<TraceStep>(steps.length);
  for (let i = 0; i < steps.length; i++) {
    const st = steps[i];
    const u = usageByStep.get(`${st.turn}:${st.step}`);
    // a request that got no message failed: the last retry's failure, else its turn's error
    const inTurn = st.inTurn;
    const lastOfTurn = i === steps.length - 1 || steps[i + 1].inTurn !== inTurn;
    const errorType = st.messageSeq === undefined ? st.retries.at(-1)?.errorType ?? inTurn?.errorType ?? 'no_response' : undefined;
    const finishReason = errorType !== undefined ? 'error'
      : st.finishReason !== undefined ? st.finishReason : inTurn?.reason === 'max-tokens' && lastOfTurn ? 'max-tokens' : st.calls > 0 ? 'tool-calls' : 'stop';
    outSteps[i] = {
      turn: st.turn, step: st.step, seq: st.seq, start: st.start, end: st.end, requestSeq: st.requestSeq, requestTime: st.requestTime,
      firstChunkTime: st.firstChunkTime, streamEnd: st.streamEnd, model: st.model, provider: st.provider,
      tokens: u ? { input: u.input, cached: u.cached, cacheWrite: u.cacheWrite, output: u.output, reasoning: u.reasoning } : st.tokens,
      usageFrom: u ? u.from : st.usageFrom, attempts: u?.from === 'chunks' ? st.retries.length + 1 : u ? 1 : 0,
      finishReason, errorType, messageSeq: st.messageSeq, headerSeq: st.headerSeq, inputSeqs: st.inputSeqs, retries: st.retries,
    };
  }
  return {
    header, id: header.id, agentName: agentPreset ?? 'dsh', ...(agentDescription !== undefined ? { agentDescription } : {}), ownFrom,
    start: ownFrom < n ? timeOf(ownFrom) : timeOf(n - 1), end, turns, steps: outSteps, tools, marks, timeOf,
  };
}

/** The end of the step a tool call was made in (a call never answered ends with its step). */
function stepEndOf(steps: readonly TraceStep[], tool: TraceTool, fallback: number): number {
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i].seq <= tool.seq) return steps[i].end;
  return fallback;
}
