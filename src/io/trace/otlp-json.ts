/**
 * One OTLP/JSON document (`{"resourceSpans":[…]}`) written a batch of spans at a time, so a folder
 * of sessions never has all its spans in memory. Each batch is serialized by the official
 * transformer; its `resourceSpans` entries are spliced into the one document.
 */
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

const HEAD = '{"resourceSpans":[';
const TAIL = ']}';
/** Spans serialized at a time: a large session's spans are written in pieces of this many. */
export const SPANS_PER_BATCH = 2048;

const decoder = new TextDecoder();

/** The official OTLP/JSON request for `spans`, as text. */
export function otlpJsonText(spans: ReadableSpan[]): string {
  return decoder.decode(JsonTraceSerializer.serializeRequest(spans)!);
}

export class OtlpJsonDocument {
  private first = true;
  private ended = false;
  constructor(private readonly write: (text: string) => void) {
    write(HEAD);
  }

  add(spans: readonly ReadableSpan[]): void {
    for (let i = 0; i < spans.length; i += SPANS_PER_BATCH) {
      const text = otlpJsonText(spans.slice(i, i + SPANS_PER_BATCH));
      if (!text.startsWith(HEAD) || !text.endsWith(TAIL)) throw new Error('The OTLP/JSON serializer wrote a request of an unexpected shape.');
      const inner = text.slice(HEAD.length, text.length - TAIL.length);
      if (inner === '') continue;
      this.write(this.first ? inner : ',' + inner);
      this.first = false;
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.write(TAIL);
  }
}
