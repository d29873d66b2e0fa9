/**
 * A loaded session to its trace, in either format: what the CLI (`seqscope export`) does per
 * session and what the viewer's Export trace does for the open one.
 */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { deriveTraceSession } from '../../core/trace/derive';
import type { TraceSession } from '../../core/trace/model';
import { perfettoEvents, type PerfettoState, type TraceEvent } from '../../core/trace/perfetto';
import { placeSession, type Placement, type SessionFacts } from '../../core/trace/placement';
import type { LoadResult } from '../load';
import { OtlpJsonDocument } from './otlp-json';
import { sessionSpans, type SpanOptions } from './otlp-spans';

/** The trace model of a log DSH loads; undefined for one it refuses (nothing of it is exported). */
export function traceModelOf(r: LoadResult, mentionIds?: readonly string[]): TraceSession | undefined {
  if (!r.verdict.ok || !r.session || !r.header) return undefined;
  return deriveTraceSession(r.session.log, r.header, r.session.activity, { mentionIds });
}

export function otlpSpansOf(r: LoadResult, m: TraceSession, place: Placement, opts: SpanOptions = {}): ReadableSpan[] {
  return sessionSpans(m, r.session!.log, place, opts);
}

/** Where a session's header alone puts it (no other session at hand). */
export function placeAlone(r: LoadResult): Placement {
  const h = r.header!;
  return placeSession(h as SessionFacts, () => undefined);
}

/** One session as a whole OTLP/JSON document. */
export function otlpJsonOfSession(r: LoadResult, opts: SpanOptions = {}): string {
  const m = traceModelOf(r);
  if (!m) throw new Error('DSH refuses this log, so it has no trace to export.');
  const parts: string[] = [];
  const doc = new OtlpJsonDocument((t) => parts.push(t));
  doc.add(otlpSpansOf(r, m, placeAlone(r), opts));
  doc.end();
  return parts.join('');
}

/** Writes `{"traceEvents":[…]}` a piece at a time. */
export class PerfettoDocument {
  private first = true;
  readonly state: PerfettoState = { nextFlowId: 1 };
  private nextPid = 1;
  constructor(private readonly write: (text: string) => void) {
    write('{"traceEvents":[\n');
  }
  add(m: TraceSession): void {
    let buf = '';
    const emit = (e: TraceEvent) => {
      buf += (this.first ? '' : ',\n') + JSON.stringify(e);
      this.first = false;
      if (buf.length > 1 << 20) { this.write(buf); buf = ''; }
    };
    perfettoEvents(m, this.nextPid++, this.state, emit);
    if (buf) this.write(buf);
  }
  end(): void {
    this.write('\n],"displayTimeUnit":"ms"}\n');
  }
}

/** One session as a whole Perfetto / Chrome trace JSON document. */
export function perfettoJsonOfSession(r: LoadResult): string {
  const m = traceModelOf(r);
  if (!m) throw new Error('DSH refuses this log, so it has no trace to export.');
  const parts: string[] = [];
  const doc = new PerfettoDocument((t) => parts.push(t));
  doc.add(m);
  doc.end();
  return parts.join('');
}
