/**
 * A loaded session to its trace, in either format: what the CLI (`seqscope export`) does per
 * session and what the viewer's Export trace does for the open one.
 */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { deriveTraceSession } from '../../core/trace/derive';
import type { TraceSession } from '../../core/trace/model';
import { perfettoEvents, type PerfettoState, type TraceEvent } from '../../core/trace/perfetto';
import { placeSession, type Placement } from '../../core/trace/placement';
import type { LoadResult } from '../load';
import { OtlpJsonDocument, SPANS_PER_BATCH } from './otlp-json';
import { sessionSpanBatches, sessionSpans, type SpanOptions } from './otlp-spans';

/** The trace model of a log DSH loads; undefined for one it refuses (nothing of it is exported). */
export function traceModelOf(r: LoadResult, mentionIds?: readonly string[]): TraceSession | undefined {
  if (!r.verdict.ok || !r.session || !r.header) return undefined;
  return deriveTraceSession(r.session.log, r.header, r.session.activity, { mentionIds });
}

export function otlpSpansOf(r: LoadResult, m: TraceSession, place: Placement, opts: SpanOptions = {}): ReadableSpan[] {
  return sessionSpans(m, r.session!.log, place, opts);
}

/** The same spans handed to `take` a serializer's batch at a time as they end, so that none waits for the session's last. */
export function otlpSpanBatches(r: LoadResult, m: TraceSession, place: Placement, opts: SpanOptions, take: (spans: ReadableSpan[]) => void): void {
  sessionSpanBatches(m, r.session!.log, place, opts, SPANS_PER_BATCH, take);
}

/** Where a session's header alone puts it (no other session at hand). */
export function placeAlone(r: LoadResult): Placement {
  const h = r.header!;
  return placeSession(h, () => undefined);
}

/** Pieces of bytes joined into one. */
function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

const refused = () => new Error('DSH refuses this log, so it has no trace to export.');

/** One session as a whole OTLP/JSON document (UTF-8). */
export function otlpJsonBytesOfSession(r: LoadResult, opts: SpanOptions = {}): Uint8Array {
  const m = traceModelOf(r);
  if (!m) throw refused();
  const parts: Uint8Array[] = [];
  const doc = new OtlpJsonDocument((b) => parts.push(b));
  otlpSpanBatches(r, m, placeAlone(r), opts, (b) => doc.add(b));
  doc.end();
  return joinBytes(parts);
}

export const otlpJsonOfSession = (r: LoadResult, opts: SpanOptions = {}): string => new TextDecoder().decode(otlpJsonBytesOfSession(r, opts));

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
  if (!m) throw refused();
  const parts: string[] = [];
  const doc = new PerfettoDocument((t) => parts.push(t));
  doc.add(m);
  doc.end();
  return parts.join('');
}

/** The open session's trace as a file the viewer downloads: `<id>.otlp.json` or `<id>.perfetto.json` (content: OTLP only). */
export function traceExportFile(r: LoadResult, format: 'otlp' | 'perfetto', opts: SpanOptions = {}): { name: string; bytes: ArrayBuffer } {
  const id = r.header?.id ?? 'session';
  const bytes = format === 'otlp' ? otlpJsonBytesOfSession(r, opts) : new TextEncoder().encode(perfettoJsonOfSession(r));
  return { name: `${id}.${format === 'otlp' ? 'otlp' : 'perfetto'}.json`, bytes: bytes.buffer as ArrayBuffer };
}
