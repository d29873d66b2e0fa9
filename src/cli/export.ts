/**
 * `seqscope export FILE|DIR|ZIP... --otlp OUT.json | --otlp --endpoint URL | --perfetto OUT.json`:
 * every session DSH loads, as OpenTelemetry GenAI spans (one OTLP/JSON document, or OTLP/HTTP) or a
 * Perfetto trace, a session at a time (memory stays that of the largest session, whatever the
 * folder holds). A log DSH refuses is skipped and named on stderr with its refusal; a file that
 * is not a log is skipped silently. Exit 0 when every log DSH loads was exported, 1 when an
 * output could not be written or the endpoint refused, 2 when there was nothing to export.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { assignStartingCalls, placeSession, type SessionFacts } from '../core/trace/placement';
import { loadBytes } from '../io/load';
import { OtlpJsonDocument } from '../io/trace/otlp-json';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { otlpSpanBatches, PerfettoDocument, traceModelOf } from '../io/trace/session-trace';
import { concatBytes } from '../io/bytes';
import type { ExportOptions } from './export-args';
import { nodeByteText } from './byte-text';
import { exportOrder, findSessions, sourceReader } from './export-sources';
import { EndpointError, EndpointSink } from './otlp-endpoint';
import { collectFiles } from './walk';
import { zstdFramesInThread } from './zstd-thread';

/** Compressed size from which a zstd log is decoded in a thread of its own. */
const THREAD_BYTES = 4 << 20;

export interface ExportIo { out(line: string): void; err(line: string): void }

/** A file written a piece at a time, synchronously (the pieces are large; nothing piles up). */
function fileSink(path: string): { write(piece: string | Uint8Array): void; close(): void } {
  const fd = openSync(path, 'w');
  return {
    write: (p) => {
      if (typeof p === 'string') { writeSync(fd, p); return; }
      for (let at = 0; at < p.length;) at += writeSync(fd, p, at);
    },
    close: () => closeSync(fd),
  };
}

/** The log as DSH-loadable plain JSONL with every credential the redaction engine finds replaced (docs/sharing.md). */
async function redacted(bytes: Uint8Array): Promise<{ bytes: Uint8Array; redacted: number }> {
  const { redactFile } = await import('../io/redact');
  const parts: Uint8Array[] = [];
  const report = await redactFile(bytes, (b) => parts.push(b), { encoding: 'jsonl' });
  return { bytes: concatBytes(parts), redacted: report.redacted };
}

export async function runExport(o: ExportOptions, io: ExportIo): Promise<number> {
  // an output that cannot be written is said before a folder is read
  for (const out of [o.otlp, o.perfetto]) {
    if (out === undefined) continue;
    try { closeSync(openSync(out, 'w')); } catch (err) { io.err(`seqscope: cannot write the output: ${err instanceof Error ? err.message : String(err)}`); return 1; }
  }
  const files = collectFiles(o.paths);
  const { sources, skipped } = await findSessions(files);
  for (const s of skipped) io.err(`seqscope: skipped ${s.name}: ${s.why}.`);
  if (sources.length === 0) { io.err(`seqscope: no DSH session logs under ${o.paths.join(', ')}.`); return 2; }

  const { order, children } = exportOrder(sources);
  const facts = new Map<string, SessionFacts>(sources.map((s) => [s.facts.id, s.facts]));
  const lookup = (id: string) => facts.get(id);
  const read = sourceReader();
  const calls = new Map<string, number>();

  let otlpFile: ReturnType<typeof fileSink> | undefined, perfettoFile: ReturnType<typeof fileSink> | undefined;
  let doc: OtlpJsonDocument | undefined, perfetto: PerfettoDocument | undefined, endpoint: EndpointSink | undefined;
  let exported = 0, refused = 0, spans = 0, secrets = 0;
  try {
    try {
      if (o.otlp !== undefined) { otlpFile = fileSink(o.otlp); doc = new OtlpJsonDocument(otlpFile.write); }
      if (o.perfetto !== undefined) { perfettoFile = fileSink(o.perfetto); perfetto = new PerfettoDocument(perfettoFile.write); }
    } catch (err) {
      io.err(`seqscope: cannot write the output: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
    if (o.endpoint !== undefined) endpoint = new EndpointSink(o.endpoint);
    for (const s of order) {
      const kids = children.get(s.facts.id) ?? [];
      let bytes = read(s);
      // redaction comes first: what is exported is the redacted log, content and all
      if (o.redact) { const x = await redacted(bytes); bytes = x.bytes; secrets += x.redacted; }
      // a large zstd log decodes in a thread of its own beside the scan; a small one here (a thread costs more than it saves)
      const r = await loadBytes(bytes, { fileName: s.name, byteText: nodeByteText, zstdFrames: bytes.length > THREAD_BYTES ? zstdFramesInThread : undefined });
      const m = traceModelOf(r, kids.map((k) => k.facts.id));
      if (!m) {
        refused++;
        const v = r.verdict;
        io.err(`seqscope: skipped ${s.name}: DSH refuses it (${v.ok ? 'no session' : `${v.kind}, ${v.code}`}): ${v.ok ? '' : v.message}`);
        continue;
      }
      if (kids.length) for (const [id, seq] of assignStartingCalls(m.tools, kids.map((k) => k.facts))) calls.set(id, seq);
      const place = placeSession(s.facts, lookup, calls.get(s.facts.id));
      if (doc || endpoint) {
        // the document takes each batch as its spans end; the endpoint (asynchronous) after the session is built
        const held: ReadableSpan[][] = [];
        otlpSpanBatches(r, m, place, { content: o.content }, (batch) => {
          spans += batch.length;
          doc?.add(batch);
          if (endpoint) held.push(batch);
        });
        if (endpoint) for (const batch of held) await endpoint.add(batch);
      }
      perfetto?.add(m);
      exported++;
    }
    await endpoint?.close();
    doc?.end();
    perfetto?.end();
  } catch (err) {
    if (err instanceof EndpointError) { io.err(`seqscope: ${err.message}`); return 1; }
    throw err;
  } finally {
    otlpFile?.close();
    perfettoFile?.close();
  }
  const where = [o.otlp, o.endpoint, o.perfetto].filter((x) => x !== undefined).join(' and ');
  io.out(`exported ${exported} session${exported === 1 ? '' : 's'}${doc || endpoint ? ` (${spans} spans)` : ''} to ${where}${o.redact ? `, ${secrets} secret${secrets === 1 ? '' : 's'} redacted` : ''}${refused ? `; skipped ${refused} that DSH refuses` : ''}`);
  return 0;
}
