/**
 * One session's trace model as Chrome trace-event JSON (`{"traceEvents": […]}`, what Perfetto's UI
 * opens): one process per session, a named thread track each for turns, steps (split into the time
 * to the first chunk and the decoding after it), tools, compactions and prunes; a counter of the
 * context each request sent; instant events at compactions and prunes; flow arrows from the steps
 * that held the events a compaction or prune replaced to it.
 *
 * Complete (`X`) slices must nest on their thread (Perfetto spills overlapping ones), so tool calls
 * that overlap the one before them (parallel calls) are async slices instead, which Perfetto lays
 * out on rows of their own. Times are microseconds.
 */
import type { TraceSession, TraceStep } from './model';

export type TraceEvent = Record<string, unknown>;

export const TRACKS = { turns: 1, steps: 2, tools: 3, compactions: 4, prunes: 5 } as const;

/** Flow ids run on across the sessions of one document. */
export interface PerfettoState { nextFlowId: number }

const us = (ms: number) => ms * 1000;

/** Emits the events of one session as process `pid`. */
export function perfettoEvents(m: TraceSession, pid: number, state: PerfettoState, emit: (e: TraceEvent) => void): void {
  emit({ ph: 'M', name: 'process_name', pid, tid: 0, args: { name: `${m.agentName} ${m.id}` } });
  emit({ ph: 'M', name: 'process_sort_index', pid, tid: 0, args: { sort_index: pid } });
  for (const [name, tid] of Object.entries(TRACKS)) {
    emit({ ph: 'M', name: 'thread_name', pid, tid, args: { name } });
    emit({ ph: 'M', name: 'thread_sort_index', pid, tid, args: { sort_index: tid } });
  }
  const slice = (tid: number, name: string, start: number, end: number, args: Record<string, unknown>, cat: string) =>
    emit({ ph: 'X', cat, name, pid, tid, ts: us(start), dur: us(Math.max(0, end - start)), args });

  for (const t of m.turns) slice(TRACKS.turns, `turn ${t.turn}`, t.start, t.end, { seq: t.seq, ...(t.reason ? { reason: t.reason } : {}), ...(t.errorType ? { error: t.errorType } : {}) }, 'turn');

  for (const st of m.steps) {
    const clamp = (t: number) => Math.min(Math.max(t, st.start), st.end);
    const req = clamp(st.requestTime), first = st.firstChunkTime !== undefined ? clamp(st.firstChunkTime) : undefined, done = clamp(Math.max(st.streamEnd, req));
    slice(TRACKS.steps, `step ${st.turn}.${st.step}${st.model ? ` ${st.model}` : ''}`, st.start, st.end, stepArgs(st), 'step');
    if (first !== undefined) {
      slice(TRACKS.steps, 'time to first chunk', req, first, { seq: st.requestSeq }, 'step');
      slice(TRACKS.steps, 'decoding', first, Math.max(first, done), { seq: st.messageSeq ?? null }, 'step');
    } else slice(TRACKS.steps, 'request', req, done, { seq: st.requestSeq }, 'step');
    if (st.usageFrom !== 'none') emit({ ph: 'C', name: 'context tokens', pid, tid: TRACKS.steps, ts: us(req), args: { tokens: st.tokens.input + st.tokens.cached + st.tokens.cacheWrite } });
  }

  let laneEnd = -Infinity;
  for (const tool of m.tools) {
    const args = { seq: tool.seq, callId: tool.callId, ...(tool.errorType ? { error: tool.errorType } : {}) };
    const name = tool.name;
    if (tool.start >= laneEnd) {
      slice(TRACKS.tools, name, tool.start, tool.end, args, 'tool');
      laneEnd = tool.end;
    } else {
      const id = `${pid}:${tool.seq}`;
      emit({ ph: 'b', cat: 'tool', name, id, pid, tid: TRACKS.tools, ts: us(tool.start), args });
      emit({ ph: 'e', cat: 'tool', name, id, pid, tid: TRACKS.tools, ts: us(tool.end), args: {} });
    }
  }

  const stepAt = stepFinder(m.steps);
  for (const mk of m.marks) {
    const tid = mk.kind === 'prune' ? TRACKS.prunes : TRACKS.compactions;
    const end = Math.max(mk.end, mk.start);
    const args = { seq: mk.seq, replaced: mk.replaced, ...(mk.range ? { range: `${mk.range.start}-${mk.range.end}` } : {}), ...(mk.replacedTokens !== undefined ? { tokens: mk.replacedTokens } : {}) };
    // at least 1 µs long, so that a flow can end inside it
    emit({ ph: 'X', cat: mk.kind, name: mk.kind, pid, tid, ts: us(mk.start), dur: Math.max(1, us(end - mk.start)), args });
    emit({ ph: 'i', s: 't', cat: mk.kind, name: mk.kind, pid, tid, ts: us(mk.start), args });
    // one arrow per step that held sources (the first source's time in it)
    const from = new Map<TraceStep, number>();
    for (const s of mk.sources) {
      const st = stepAt(s);
      if (st && st.end > st.start && !from.has(st)) from.set(st, s);
    }
    for (const [st, s] of from) {
      const id = state.nextFlowId++;
      // strictly inside both slices: a flow binds to the slice open on its thread at its time
      const at = Math.min(Math.max(us(m.timeOf(s)), us(st.start) + 0.5), us(st.end) - 0.5);
      emit({ ph: 's', cat: 'lineage', name: 'replaced', id, pid, tid: TRACKS.steps, ts: at });
      emit({ ph: 'f', bp: 'e', cat: 'lineage', name: 'replaced', id, pid, tid, ts: us(mk.start) + 0.5 });
    }
  }
}

function stepArgs(st: TraceStep): Record<string, unknown> {
  return {
    seq: st.seq, input: st.tokens.input, cacheRead: st.tokens.cached, cacheWrite: st.tokens.cacheWrite, output: st.tokens.output, reasoning: st.tokens.reasoning,
    ...(st.finishReason ? { finish: st.finishReason } : {}), ...(st.errorType ? { error: st.errorType } : {}), ...(st.attempts > 1 ? { attempts: st.attempts } : {}),
  };
}

/** The step a seq falls in (the last step starting at or before it), by binary search over the steps in seq order. */
function stepFinder(steps: readonly TraceStep[]): (seq: number) => TraceStep | undefined {
  return (seq) => {
    let lo = 0, hi = steps.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (steps[mid].seq <= seq) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found >= 0 ? steps[found] : undefined;
  };
}
