/**
 * The OpenTelemetry SDK set up for spans made after the fact: ids are chosen by the caller (derived
 * from the session, ../../core/trace/ids.ts) instead of drawn at random, and ended spans are
 * collected rather than exported as they end, so the writers decide how they leave.
 */
import { ROOT_CONTEXT, TraceFlags, trace, type Attributes, type Context, type HrTime, type Link, type SpanKind, type Tracer } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type IdGenerator, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** The scope every exported span carries. */
export const SCOPE_NAME = 'seqscope';

/** Hands out the ids set for the next span; the tracer asks for a span id, then (for a root) a trace id. */
class ChosenIds implements IdGenerator {
  spanId = '';
  traceId = '';
  generateSpanId(): string { return this.spanId; }
  generateTraceId(): string { return this.traceId; }
}

/** Where ended spans go: every `size` of them are handed to `take` as they end (a batch never waits for the rest). */
interface SpanSink { spans: ReadableSpan[]; size: number; take?: (spans: ReadableSpan[]) => void }

class Collect implements SpanProcessor {
  sink: SpanSink = { spans: [], size: Infinity };
  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    const s = this.sink;
    s.spans.push(span);
    if (s.spans.length >= s.size) { const full = s.spans; s.spans = []; s.take?.(full); }
  }
  forceFlush(): Promise<void> { return Promise.resolve(); }
  shutdown(): Promise<void> { return Promise.resolve(); }
}

const ids = new ChosenIds();
const collect = new Collect();
let tracer: Tracer | undefined;

function theTracer(): Tracer {
  // events: a long session has thousands of prunes on its agent span; attributes: content ones are long
  tracer ??= new BasicTracerProvider({
    idGenerator: ids, spanProcessors: [collect], resource: resourceFromAttributes({ 'service.name': 'dsh' }),
    spanLimits: { attributeCountLimit: 256, eventCountLimit: 1 << 20, linkCountLimit: 16, attributePerEventCountLimit: 64 },
  }).getTracer(SCOPE_NAME);
  return tracer;
}

/** Epoch milliseconds as an OTel HrTime (seconds, nanoseconds). */
export function hrTime(ms: number): HrTime {
  const s = Math.floor(ms / 1000);
  return [s, Math.round((ms - s * 1000) * 1e6)];
}

export interface StartSpan {
  readonly name: string;
  readonly kind: SpanKind;
  readonly traceId: string;
  readonly spanId: string;
  /** The parent span (in the same trace); absent for a trace's root span. */
  readonly parentSpanId?: string;
  readonly start: number;
  readonly attributes: Attributes;
  readonly links?: Link[];
}

/** The last parent's context: a session's spans come a turn's worth at a time under the same parent. */
let lastParent: { traceId: string; spanId: string; context: Context } | undefined;

/** A parent's context from its ids alone: the parent may be in a file this export never reads. */
function parentContext(traceId: string, spanId: string | undefined): Context {
  if (spanId === undefined) return ROOT_CONTEXT;
  if (lastParent?.spanId === spanId && lastParent.traceId === traceId) return lastParent.context;
  const context = trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });
  lastParent = { traceId, spanId, context };
  return context;
}

/**
 * Starts a span with the given ids and start time (epoch ms). The attributes are set on the
 * started span (the SDK checks each once there) rather than passed to the tracer, which copies
 * and checks them twice more before the span sets them; the span's attributes are the same.
 */
export function startSpan(s: StartSpan): Span {
  ids.spanId = s.spanId;
  ids.traceId = s.traceId;
  const span = theTracer().startSpan(s.name, { kind: s.kind, startTime: hrTime(s.start), links: s.links }, parentContext(s.traceId, s.parentSpanId)) as Span;
  span.setAttributes(s.attributes);
  return span;
}

/** Runs `build` with `sink` taking the spans it ends, in the order they end. */
function withSink(sink: SpanSink, build: () => void): void {
  const outer = collect.sink;
  collect.sink = sink;
  try {
    build();
  } finally {
    collect.sink = outer;
  }
}

/** Runs `build` and returns the spans it ended, in the order they ended. */
export function collectSpans(build: () => void): ReadableSpan[] {
  const sink: SpanSink = { spans: [], size: Infinity };
  withSink(sink, build);
  return sink.spans;
}

/**
 * Runs `build` and hands the spans it ends to `take`, in the order they end, `size` at a time as
 * they end (the last batch may be smaller), so that a writer serializes them while they are young
 * instead of holding every span of a long session at once.
 */
export function streamSpans(build: () => void, size: number, take: (spans: ReadableSpan[]) => void): void {
  const sink: SpanSink = { spans: [], size, take };
  withSink(sink, build);
  if (sink.spans.length) take(sink.spans);
}
