/**
 * One OTLP/JSON document (`{"resourceSpans":[…]}`) written a batch of spans at a time, so a folder
 * of sessions never has all its spans in memory. Each batch is serialized by the official
 * transformer; its `resourceSpans` entries are spliced into the one document.
 */
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

const HEAD = '{"resourceSpans":[';
const TAIL = ']}';
const HEAD_BYTES = new TextEncoder().encode(HEAD);
const TAIL_BYTES = new TextEncoder().encode(TAIL);
const COMMA = new TextEncoder().encode(',');
/** Spans serialized at a time: a large session's spans are written in pieces of this many. */
export const SPANS_PER_BATCH = 2048;

const decoder = new TextDecoder();

/** The official OTLP/JSON request for `spans`, as text. */
export function otlpJsonText(spans: ReadableSpan[]): string {
  return decoder.decode(JsonTraceSerializer.serializeRequest(spans));
}

const startsWith = (b: Uint8Array, p: Uint8Array) => b.length >= p.length && p.every((x, i) => b[i] === x);
const endsWith = (b: Uint8Array, p: Uint8Array) => b.length >= p.length && p.every((x, i) => b[b.length - p.length + i] === x);

/** The document as UTF-8 bytes, a piece at a time (the serializer's bytes are passed on, never decoded). */
export class OtlpJsonDocument {
  private first = true;
  private ended = false;
  constructor(private readonly write: (bytes: Uint8Array) => void) {
    write(HEAD_BYTES);
  }

  add(spans: readonly ReadableSpan[]): void {
    for (let i = 0; i < spans.length; i += SPANS_PER_BATCH) {
      const b = JsonTraceSerializer.serializeRequest(spans.slice(i, i + SPANS_PER_BATCH))!;
      if (!startsWith(b, HEAD_BYTES) || !endsWith(b, TAIL_BYTES)) throw new Error('The OTLP/JSON serializer wrote a request of an unexpected shape.');
      const inner = b.subarray(HEAD_BYTES.length, b.length - TAIL_BYTES.length);
      if (inner.length === 0) continue;
      if (!this.first) this.write(COMMA);
      this.write(inner);
      this.first = false;
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.write(TAIL_BYTES);
  }
}
