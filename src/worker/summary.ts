/** What the page is told of a loaded session when it settles (or a live file grows): the Summary. Pure. */
import { eventFamily } from '../core/catalog';
import type { StepRequests } from '../core/steps';
import { oneLine, typeText } from '../core/text';
import type { LoadResult } from '../io/load';
import type { OverviewNow, Summary } from '../protocol/worker-protocol';

/** Dropped records and diagnostics listed at most (their totals are sent too). */
const LIST_CAP = 2000;

export interface SummaryParts {
  readonly length: number;
  readonly loadMs: number;
  readonly steps: StepRequests;
  readonly runs: { readonly starts: Int32Array; readonly ends: Int32Array };
  /** Absent for a live file that grew: the page asks for it next, after the moment at the new end. */
  readonly overview?: OverviewNow;
}

export function sessionSummary(r: LoadResult, parts: SummaryParts): Summary {
  const t = r.timeline, log = r.session?.log, n = parts.length;
  const fams = new Map<string, number>();
  const typeCounts = new Map<string, number>();
  // a type that is not a string (a refused record read best-effort) is counted under its text
  if (log) for (const [type, count] of log.typeCounts()) { const k = typeText(type); typeCounts.set(k, (typeCounts.get(k) ?? 0) + count); }
  for (const [type, count] of typeCounts) { const f = eventFamily(type); fams.set(f, (fams.get(f) ?? 0) + count); }
  // a fresh empty array per field: the worker transfers their buffers, and one buffer listed twice fails postMessage
  const empty = () => new Int32Array(0);
  return {
    fileName: r.fileName, encoding: r.encoding, byteLength: r.byteLength, verdict: r.verdict, header: r.header,
    length: n, storedEventCount: r.storedEventCount, startTime: log && n > 0 ? log.timeAt(0) : r.header?.createdAt ?? 0,
    acceptedThrough: r.acceptedThrough, firstLiveSeq: r.firstLiveSeq, endSeedAppended: r.endSeedAppended,
    closerSeqs: r.closers.map((c) => c.seq),
    torn: r.torn ? { bytes: r.torn.bytes, line: r.torn.line, preview: oneLine(r.torn.preview, 200) } : undefined,
    dropped: r.dropped.slice(0, LIST_CAP).map((d) => ({ line: d.line, reason: d.reason, preview: oneLine(d.text, 200) })),
    droppedTotal: r.dropped.length,
    diagnostics: r.diagnostics.slice(0, LIST_CAP).map((d) => ({ seq: d.seq, code: d.code, severity: d.severity, message: d.message })),
    diagnosticsTotal: r.diagnostics.length,
    turnSeqs: t ? t.turnSeqs.slice() : empty(), compactionSeqs: t ? t.compactionSeqs.slice() : empty(),
    replacementSeqs: t ? t.replacementSeqs.slice() : empty(), headerSeqs: t ? t.headerSeqs.slice() : empty(),
    stepSeqs: parts.steps.stepSeqs.slice(), requestSeqs: parts.steps.requestSeqs.filter((s) => s >= 0),
    families: [...fams].map(([family, count]) => ({ family, count })).sort((a, b) => a.family.localeCompare(b.family)),
    types: [...typeCounts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type)),
    loadMs: parts.loadMs,
    chunkRunStarts: parts.runs.starts.slice(), chunkRunEnds: parts.runs.ends.slice(),
    ...(r.live ? { live: { pendingClosers: r.pendingClosers ?? 0, ended: r.live.ended } } : {}),
    // nested, so structured-cloned rather than transferred: the worker keeps its copy for range numbers
    ...(parts.overview ?? {}),
  };
}
