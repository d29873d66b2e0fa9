import { stringifyJson } from '../core/json';
import type { SessionEvent } from '../core/types';
import type { LoadResult } from './load';

/** A hex digest of texts joined with "\n", given one at a time (sha256 in the CLI). */
export type JoinedDigest = (parts: Iterable<string>) => string;

/**
 * The verdict as one JSON-ready record, in the field names of the conformance corpus
 * (shared/conformance/README.md), with `messagesDigest` and `seedDigest` when `digest` is given.
 */
export function formatVerdictRecord(r: LoadResult, digest?: JoinedDigest): Record<string, unknown> {
  if (!r.verdict.ok) {
    const v = r.verdict;
    return { ok: false, kind: v.kind, code: v.code, message: v.message, ...(v.line !== undefined ? { line: v.line } : {}), ...(v.seq !== undefined ? { seq: v.seq } : {}) };
  }
  const s = r.session!;
  const log = s.log;
  const types: Record<string, number> = {};
  const endSeedSeqs: number[] = [];
  for (let i = 0; i < log.length; i++) {
    const t = log.typeAt(i);
    types[t] = (types[t] ?? 0) + 1;
    if (t === 'session/end-seed') endSeedSeqs.push(i);
  }
  const sortedTypes = Object.fromEntries(Object.keys(types).sort().map((k) => [k, types[k]]));
  const messages = s.messages();
  const out: Record<string, unknown> = {
    ok: true,
    ...(r.encoding === 'zstd' ? { encoding: 'zstd' } : {}),
    header: r.header,
    storedEventCount: r.storedEventCount,
    ...(r.tornBytes !== undefined ? { tornBytes: r.tornBytes } : {}),
    closers: r.closers.map((c: SessionEvent) => ({ type: c.type, seq: c.seq })),
    inspectEventCount: r.storedEventCount + r.closers.length,
    firstLiveSeq: r.firstLiveSeq,
    endSeedAppended: r.endSeedAppended,
    endSeedSeqs,
    eventCount: log.length,
    types: sortedTypes,
    surfaceSeqs: s.surfaceSeqs(),
    replaceGeneration: s.fold.gen,
    transcriptSeqs: Array.from(r.timeline!.transcriptSeqs),
    replacementSeqs: Array.from(r.timeline!.replacementSeqs),
    messageCount: messages.length,
    messageIds: messages.map((m) => m.id),
  };
  if (digest) {
    out.messagesDigest = digest(messages.map((m) => stringifyJson(m)));
    out.seedDigest = digest(seedTexts(r));
  }
  if (r.nonJsonNumberSeqs.length) out.nonJsonNumbers = r.nonJsonNumberSeqs.slice(0, 100);
  return out;
}

/** The seed events as JSON texts, one at a time. */
function* seedTexts(r: LoadResult): Generator<string> {
  const log = r.session!.log;
  for (let i = 0; i < r.firstLiveSeq; i++) yield stringifyJson(log.event(i));
}

/** `at`: the log truncated at seq N (no repair runs on a truncated prefix). */
export function formatMomentRecord(r: LoadResult, n: number): Record<string, unknown> {
  const t = r.timeline!;
  const last = (r.session?.log.length ?? 0) - 1;
  const seq = Math.max(-1, Math.min(n, last));
  return { seq, surfaceSeqs: t.surfaceAt(seq), transcriptSeqs: t.transcriptAt(seq), messageCount: t.messageCountAt(seq) };
}

/** The arrays of a verdict or moment record that grow with the log, and the count that stands for each. */
const ARRAY_COUNTS: Record<string, string> = {
  surfaceSeqs: 'surfaceCount', transcriptSeqs: 'transcriptCount', replacementSeqs: 'replacementCount',
  messageIds: 'messageCount',
};

/**
 * A record as `seqscope check --json` prints it by default: each array that grows with the log
 * (seqs, message ids) is left out and its length kept under the count's name (`messageCount`
 * is already there). `--full` prints the record whole.
 */
export function summarizeVerdictRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    const count = ARRAY_COUNTS[k];
    if (count !== undefined && Array.isArray(v)) out[count] = v.length;
    else if (k === 'at' && v !== null && typeof v === 'object' && !Array.isArray(v)) out[k] = summarizeVerdictRecord(v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}
