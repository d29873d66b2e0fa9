/**
 * One session's trace model as OpenTelemetry spans, by the GenAI semantic conventions:
 * `invoke_agent {agent}` for the session, an internal `turn {n}` span per turn, `chat {model}` per
 * step (model request) and `execute_tool {name}` per tool call, both under their turn; compactions
 * and prunes are events on the turn (or agent) span they happened in.
 *
 * Turns are spans, not events: a turn has a duration and holds the requests and tools of one
 * prompt, and a waterfall grouped by turn is how a session reads. They are not `invoke_workflow`
 * spans: the conventions keep that for orchestrating several agents, and a turn is one agent
 * answering one prompt, so they carry no `gen_ai.operation.name`.
 *
 * Tokens: `gen_ai.usage.input_tokens` includes cached input, as the conventions say (DSH's
 * `inputTokens` is uncached only, so input + cache read + cache write); `output_tokens` is DSH's
 * `outputTokens`, which already includes reasoning in DSH's logs (a one-word answer reports
 * outputTokens 23 with reasoningTokens 20), as the conventions want.
 */
import { SpanKind, SpanStatusCode, type Attributes } from '@opentelemetry/api';
import type { ReadableSpan, Span } from '@opentelemetry/sdk-trace-base';
import type { EventLog } from '../../core/event-log';
import type { UsageCounts } from '../../core/step-usage';
import { spanIdsOf } from '../../core/trace/ids';
import type { TraceMark, TraceSession, TraceStep, TraceTool, TraceTurn } from '../../core/trace/model';
import type { Placement } from '../../core/trace/placement';
import { finishReasonOf, genAiMessage, systemInstructions, toolDefinitions, type TextOf } from '../../core/trace/genai-messages';
import { collectSpans, hrTime, startSpan, streamSpans } from './otel-sdk';

export interface SpanOptions {
  /** Record content (messages, arguments, results, system prompt) as the conventions' opt-in attributes. */
  readonly content?: boolean;
  /** Applied to every content string before it is recorded (a redaction). */
  readonly text?: TextOf;
}

/** `gen_ai.provider.name`: the conventions' well-known `deepseek` for DeepSeek's providers, else DSH's provider id. */
export const providerName = (p: string | undefined): string => (p === undefined || /deepseek/i.test(p) ? 'deepseek' : p);

/** Sets the usage attributes of `t` on `a` (in place: a span's attributes are built once per span, and there are many). */
function putUsage(a: Attributes, t: UsageCounts): Attributes {
  a['gen_ai.usage.input_tokens'] = t.input + t.cached + t.cacheWrite;
  a['gen_ai.usage.output_tokens'] = t.output;
  a['gen_ai.usage.cache_read.input_tokens'] = t.cached;
  a['gen_ai.usage.cache_creation.input_tokens'] = t.cacheWrite;
  a['gen_ai.usage.reasoning.output_tokens'] = t.reasoning;
  return a;
}

export const usageAttributes = (t: UsageCounts): Attributes => putUsage({}, t);

const sumTokens = (steps: readonly TraceStep[]): UsageCounts => steps.reduce((a, s) => ({
  input: a.input + s.tokens.input, output: a.output + s.tokens.output, cached: a.cached + s.tokens.cached,
  cacheWrite: a.cacheWrite + s.tokens.cacheWrite, reasoning: a.reasoning + s.tokens.reasoning,
}), { input: 0, output: 0, cached: 0, cacheWrite: 0, reasoning: 0 });

const failed = (span: Span, errorType: string | undefined) => {
  if (errorType === undefined) return;
  span.setAttribute('error.type', errorType);
  span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
};

/** The spans of one session, placed by `place` (../../core/trace/placement.ts). */
export function sessionSpans(m: TraceSession, log: EventLog, place: Placement, opts: SpanOptions = {}): ReadableSpan[] {
  return collectSpans(() => buildSpans(m, log, place, opts));
}

/** The same spans in the same order, handed to `take` `size` at a time as they end (see streamSpans). */
export function sessionSpanBatches(m: TraceSession, log: EventLog, place: Placement, opts: SpanOptions, size: number, take: (spans: ReadableSpan[]) => void): void {
  streamSpans(() => buildSpans(m, log, place, opts), size, take);
}

function buildSpans(m: TraceSession, log: EventLog, place: Placement, opts: SpanOptions): void {
  const { traceId } = place;
  const sid = m.id;
  const text = opts.text ?? ((s: string) => s);
  const json = (v: unknown) => JSON.stringify(v);
  const conv = { 'gen_ai.conversation.id': sid };
  const spanIdOf = spanIdsOf(sid);
  const agentId = spanIdOf({ kind: 'agent' });
  const agent = startSpan({
    name: `invoke_agent ${m.agentName}`, kind: SpanKind.INTERNAL, traceId, spanId: agentId, parentSpanId: place.parent?.spanId, start: m.start,
    attributes: {
      'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': m.agentName, 'gen_ai.agent.id': sid, ...conv,
      ...(m.agentDescription !== undefined ? { 'gen_ai.agent.description': m.agentDescription } : {}),
      'gen_ai.provider.name': providerName(m.steps.find((s) => s.provider !== undefined)?.provider),
      ...usageAttributes(sumTokens(m.steps)),
      ...(m.header.parentSession !== undefined ? { 'seqscope.session.parent': m.header.parentSession } : {}),
      ...(m.header.origin !== undefined ? { 'seqscope.session.origin': m.header.origin } : {}),
      'seqscope.session.delegation_depth': m.header.delegationDepth ?? 0,
      ...(m.ownFrom > 0 ? { 'seqscope.fork.seq': m.ownFrom } : {}),
    },
    links: place.link ? [{ context: { traceId: place.link.traceId, spanId: place.link.spanId, traceFlags: 1 }, attributes: { 'seqscope.link': 'forked_from', 'seqscope.fork.seq': place.link.forkSeq } }] : undefined,
  });

  const agentRef = { span: agent, id: agentId };
  const turnSpans = new Map<number, { span: Span; id: string }>();
  // the turn that holds a seq; asked in ascending seq order per kind, so a cursor walks the turns once
  const turnAt = (seq: number, cursor: { i: number }): { span: Span; id: string } => {
    const ts = m.turns;
    if (cursor.i >= ts.length || ts[cursor.i].seq > seq) cursor.i = 0;
    while (cursor.i < ts.length && ts[cursor.i].endSeq < seq) cursor.i++;
    const t = ts[cursor.i];
    return (t && t.seq <= seq && turnSpans.get(t.seq)) || agentRef;
  };
  for (const t of m.turns) turnSpans.set(t.seq, turnSpan(t));
  function turnSpan(t: TraceTurn): { span: Span; id: string } {
    const id = spanIdOf({ kind: 'turn', seq: t.seq });
    const span = startSpan({
      name: `turn ${t.turn}`, kind: SpanKind.INTERNAL, traceId, spanId: id, parentSpanId: agentId, start: t.start,
      attributes: { 'seqscope.turn': t.turn, 'seqscope.seq': t.seq, ...(t.reason !== undefined ? { 'seqscope.turn.end_reason': t.reason } : { 'seqscope.turn.open': true }) },
    });
    failed(span, t.errorType);
    return { span, id };
  }

  let lastHeader: number | undefined;
  const stepCursor = { i: 0 }, toolCursor = { i: 0 }, markCursor = { i: 0 };
  for (const st of m.steps) {
    const parent = turnAt(st.seq, stepCursor);
    const model = st.model;
    // built by assignment, not spreads of optional parts: one object per span (the order of the keys is the order written)
    const attrs: Attributes = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': providerName(st.provider), 'gen_ai.conversation.id': sid };
    if (model !== undefined) attrs['gen_ai.request.model'] = model;
    putUsage(attrs, st.tokens);
    attrs['gen_ai.response.finish_reasons'] = [finishReasonOf(st.errorType !== undefined && st.finishReason === undefined ? 'error' : st.finishReason)];
    attrs['seqscope.turn'] = st.turn;
    attrs['seqscope.step'] = st.step;
    attrs['seqscope.seq'] = st.seq;
    // the usual case (tokens from the usage chunks of one attempt) goes without saying
    if (st.usageFrom !== 'chunks') attrs['seqscope.usage.source'] = st.usageFrom;
    if (st.attempts > 1) attrs['seqscope.attempts'] = st.attempts;
    if (st.firstChunkTime !== undefined) {
      attrs['gen_ai.request.stream'] = true;
      attrs['gen_ai.response.time_to_first_chunk'] = Math.max(0, st.firstChunkTime - st.requestTime) / 1000;
    }
    if (opts.content) {
      const inputs = st.inputSeqs.map((s) => genAiMessage(log.rawAt(s), text)).filter((x) => x !== null);
      attrs['gen_ai.input.messages'] = json(inputs);
      if (st.messageSeq !== undefined) {
        const out = genAiMessage(log.rawAt(st.messageSeq), text);
        if (out) attrs['gen_ai.output.messages'] = json([{ ...out, finish_reason: finishReasonOf(st.finishReason) }]);
      }
      if (st.headerSeq !== undefined && st.headerSeq !== lastHeader) {
        const h = log.rawAt(st.headerSeq);
        const sys = systemInstructions(h, text), defs = toolDefinitions(h, text);
        if (sys) attrs['gen_ai.system_instructions'] = json(sys);
        if (defs) attrs['gen_ai.tool.definitions'] = json(defs);
        lastHeader = st.headerSeq;
      }
    }
    const span = startSpan({ name: model !== undefined ? `chat ${model}` : 'chat', kind: SpanKind.CLIENT, traceId, spanId: spanIdOf({ kind: 'chat', seq: st.seq }), parentSpanId: parent.id, start: st.requestTime, attributes: attrs });
    for (const r of st.retries) {
      span.addEvent('seqscope.llm.retry', { 'seqscope.seq': r.seq, ...(r.retry !== undefined ? { 'seqscope.retry': r.retry } : {}), ...(r.delayMs !== undefined ? { 'seqscope.retry.delay_ms': r.delayMs } : {}), ...(r.errorType !== undefined ? { 'error.type': r.errorType } : {}) }, hrTime(r.time));
    }
    failed(span, st.errorType);
    span.end(hrTime(Math.max(st.requestTime, st.streamEnd)));
  }

  for (const tool of m.tools) toolSpan(tool);
  function toolSpan(tool: TraceTool): void {
    const parent = turnAt(tool.seq, toolCursor);
    const attrs: Attributes = {
      'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool.name, 'gen_ai.tool.call.id': tool.callId, 'gen_ai.tool.type': 'function',
      'seqscope.seq': tool.seq, 'seqscope.step': tool.step,
    };
    if (tool.resultSeq === undefined) attrs['seqscope.tool.unanswered'] = true;
    if (opts.content) {
      const call = log.rawAt(tool.seq).data as { arguments?: unknown } | null;
      if (typeof call?.arguments === 'string') attrs['gen_ai.tool.call.arguments'] = text(call.arguments);
      if (tool.resultSeq !== undefined) {
        const msg = genAiMessage(log.rawAt(tool.resultSeq), text);
        const res = msg?.parts[0];
        attrs['gen_ai.tool.call.result'] = res && typeof res.response === 'string' ? res.response : '';
      }
    }
    const span = startSpan({ name: `execute_tool ${tool.name}`, kind: SpanKind.INTERNAL, traceId, spanId: spanIdOf({ kind: 'tool', seq: tool.seq }), parentSpanId: parent.id, start: tool.start, attributes: attrs });
    failed(span, tool.errorType);
    span.end(hrTime(tool.end));
  }

  for (const mk of m.marks) turnAt(mk.seq, markCursor).span.addEvent(mk.kind === 'prune' ? 'seqscope.prune' : 'seqscope.compaction', markAttributes(mk), hrTime(mk.start));
  for (const t of m.turns) turnSpans.get(t.seq)!.span.end(hrTime(t.end));
  agent.end(hrTime(Math.max(m.start, m.end)));
}

function markAttributes(mk: TraceMark): Attributes {
  return {
    'seqscope.seq': mk.seq, 'seqscope.replaced.count': mk.replaced,
    ...(mk.compactionId !== undefined ? { 'seqscope.compaction.id': mk.compactionId } : {}),
    ...(mk.range ? { 'seqscope.replaced.start': mk.range.start, 'seqscope.replaced.end': mk.range.end } : {}),
    ...(mk.replacedTokens !== undefined ? { 'seqscope.replaced.tokens': mk.replacedTokens } : {}),
    ...(mk.usage ? Object.fromEntries(Object.entries(usageAttributes(mk.usage)).map(([k, v]) => [k.replace('gen_ai.', 'seqscope.compaction.'), v])) : {}),
    ...(mk.error !== undefined ? { 'seqscope.compaction.error': mk.error } : {}),
    ...(mk.end > mk.start ? { 'seqscope.duration_ms': mk.end - mk.start } : {}),
    'seqscope.sources.count': mk.sources.length,
  };
}
