/**
 * Spans sent to an OTLP/HTTP endpoint with JSON bodies, through the official exporter (which
 * retries 429, 502, 503 and 504 answers and network failures with backoff, within its timeout), a
 * batch at a time. A batch the endpoint refuses stops the export with one sentence saying why.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

export const ENDPOINT_BATCH = 512;

export class EndpointError extends Error {
  readonly code = 'otlp-endpoint';
}

interface ExportFailure { readonly message?: string; readonly code?: number; readonly data?: string }

/** The sentence for a failed export: the HTTP status and what the endpoint said, or the network error. */
export function describeFailure(url: string, err: unknown): string {
  const e = (err ?? {}) as ExportFailure;
  if (typeof e.code === 'number') {
    const body = typeof e.data === 'string' && e.data.trim() ? `: ${e.data.trim().slice(0, 200)}` : '';
    return `The OTLP endpoint ${url} refused the spans with HTTP ${e.code}${e.message ? ` ${e.message}` : ''}${body}.`;
  }
  return `The OTLP endpoint ${url} could not be reached: ${e.message ?? String(err)}.`;
}

export class EndpointSink {
  private readonly exporter: OTLPTraceExporter;
  private batch: ReadableSpan[] = [];
  sent = 0;
  constructor(private readonly url: string, timeoutMillis = 10_000) {
    this.exporter = new OTLPTraceExporter({ url, timeoutMillis });
  }

  /** Queues spans; sends each full batch before returning. */
  async add(spans: readonly ReadableSpan[]): Promise<void> {
    for (const s of spans) {
      this.batch.push(s);
      if (this.batch.length >= ENDPOINT_BATCH) await this.flush();
    }
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    const result = await new Promise<{ code: number; error?: unknown }>((resolve) => this.exporter.export(batch, resolve));
    if (result.code !== 0) throw new EndpointError(describeFailure(this.url, result.error));
    this.sent += batch.length;
  }

  async close(): Promise<void> {
    try { await this.flush(); } finally { await this.exporter.shutdown(); }
  }
}
