/**
 * SessionQueries: every question the page asks about a loaded session, answered from the
 * LoadResult kept in the worker. Pure and synchronous, so Node tests call it without a worker.
 */
import { eventFamily } from '../core/catalog';
import { stringifyJson } from '../core/json';
import { deriveEventMessage } from '../core/messages';
import { canonicalHeader, diffHeaders } from '../core/request-header';
import { alignByReplacement } from '../core/aligned';
import { diffMoments } from '../core/moment-diff';
import { RangeCounts } from '../core/range-counts';
import { requestPayload } from '../core/request-payload';
import { stepRequests, type StepRequests } from '../core/steps';
import { buildOverview, type Overview } from '../core/overview';
import { overviewStats, type OverviewStats } from '../core/overview-stats';
import { lastAtOrBefore } from '../core/timeline';
import { isCompactionCheckpoint } from '../core/transcript';
import type { SessionEvent } from '../core/types';
import { typeText } from '../core/text';
import type { LoadResult } from '../io/load';
import {
  FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH, TR_COMPACTION, TR_SHADOWED, TR_STREAMED,
  type BrokenLine, type Card, type CompareInfo, type DiffInfo, type JsonNode, type RequestInfo, type LineageInfo, type Moment, type OverviewNow, type Row, type RunInfo, type SearchBatch, type Summary,
} from '../protocol/worker-protocol';
import { clipDepth, nodeAt } from './json-node';
import { oneLine } from '../core/text';
import { buildRow, contentText } from './rows';
import { LogSearch } from './search';
import { ERRORS_ONLY, failedToolSeqs, FilteredSearch, toolSeqs } from './search-filtered';
import { isPlainText, parseSearchQuery } from '../core/search-query';
import { SessionError } from '../core/errors';
import { deriveBuiltinTour } from '../core/tour-builtin';
import type { Tour } from '../core/tour';
import { deriveTourFacts } from '../io/tour-facts';
import { compactionsOf } from '../io/compactions';
import { compactionByReplacement } from '../core/compaction';
import { deriveStreamedStep, deriveUncommittedRuns, uncommittedRunAt } from '../core/streamed';

const LIST_CAP = 2000;
/** Characters of a broken line sent to the Inspector (Copy line fetches the whole of it). */
const BROKEN_WINDOW = 4000;
const SEARCH_CAP = 100_000;

export class SessionQueries {
  private readonly diagSeqs = new Set<number>();
  private readonly n: number;
  private headerCache?: { seq: number; value: Moment['header'] };
  private runs?: { starts: Int32Array; ends: Int32Array };
  private searcher?: LogSearch;
  private filtered?: { query: string; search: FilteredSearch };
  private stepCache?: StepRequests;
  private summaryCheckpoint?: Map<number, number>;
  private rangeCounts?: RangeCounts;
  private overviewCache?: Overview;
  private uncommitted?: { length: number; runs: Int32Array };

  /** `grownFrom`: the queries of the same followed log before it grew (their overview is extended, not rebuilt). */
  constructor(private readonly r: LoadResult, private readonly loadMs = 0, grownFrom?: SessionQueries) {
    this.overviewCache = grownFrom?.overviewCache;
    this.n = r.session?.log.length ?? 0;
    for (const d of r.diagnostics) this.diagSeqs.add(d.seq);
  }

  get length(): number { return this.n; }

  private ev(seq: number): SessionEvent { return this.r.session!.log.event(seq); }

  /** The built-in tour: a step per compaction, prune, crash repair, fork point, header change and refusal. */
  builtinTour(): Tour {
    const facts = deriveTourFacts(this.r);
    if (!facts) throw new Error('This session has no events to tour.');
    return deriveBuiltinTour(facts);
  }

  /**
   * What the page shows of the session. `withOverview: false` (a followed log that grew): without
   * the overview, which the page asks for next (`overviewNow`), after the moment at the new end.
   */
  summary(withOverview = true): Summary {
    const r = this.r, t = r.timeline, log = r.session?.log;
    const fams = new Map<string, number>();
    const typeCounts = new Map<string, number>();
    // a type that is not a string (a refused record read best-effort) is counted under its text
    if (log) for (const [type, count] of log.typeCounts()) { const k = typeText(type); typeCounts.set(k, (typeCounts.get(k) ?? 0) + count); }
    for (const [type, count] of typeCounts) { const f = eventFamily(type); fams.set(f, (fams.get(f) ?? 0) + count); }
    // a fresh empty array per field: the worker transfers their buffers, and one buffer listed twice fails postMessage
    const empty = () => new Int32Array(0);
    return {
      fileName: r.fileName, encoding: r.encoding, byteLength: r.byteLength, verdict: r.verdict, header: r.header,
      length: this.n, storedEventCount: r.storedEventCount, startTime: log && this.n > 0 ? log.timeAt(0) : r.header?.createdAt ?? 0,
      acceptedThrough: r.acceptedThrough, firstLiveSeq: r.firstLiveSeq, endSeedAppended: r.endSeedAppended,
      closerSeqs: r.closers.map((c) => c.seq),
      torn: r.torn ? { bytes: r.torn.bytes, line: r.torn.line, preview: oneLine(r.torn.preview, 200) } : undefined,
      dropped: r.dropped.slice(0, LIST_CAP).map((d) => ({ line: d.line, reason: d.reason, preview: oneLine(d.text, 200) })),
      droppedTotal: r.dropped.length,
      diagnostics: r.diagnostics.slice(0, LIST_CAP).map((d) => ({ seq: d.seq, code: d.code, severity: d.severity, message: d.message })),
      diagnosticsTotal: r.diagnostics.length,
      turnSeqs: t ? t.turnSeqs.slice() : empty(), compactionSeqs: t ? t.compactionSeqs.slice() : empty(),
      replacementSeqs: t ? t.replacementSeqs.slice() : empty(), headerSeqs: t ? t.headerSeqs.slice() : empty(),
      stepSeqs: this.steps().stepSeqs.slice(), requestSeqs: this.steps().requestSeqs.filter((s) => s >= 0),
      families: [...fams].map(([family, count]) => ({ family, count })).sort((a, b) => a.family.localeCompare(b.family)),
      types: [...typeCounts].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type)),
      loadMs: this.loadMs,
      chunkRunStarts: this.chunkRuns().starts.slice(), chunkRunEnds: this.chunkRuns().ends.slice(),
      ...(r.live ? { live: { pendingClosers: r.pendingClosers ?? 0, ended: r.live.ended } } : {}),
      // nested, so structured-cloned rather than transferred: the worker keeps its copy for range numbers
      ...(withOverview ? this.overviewNow() : {}),
    };
  }

  overviewNow(): OverviewNow {
    const t0 = performance.now();
    const overview = this.overview(), overviewStats = this.r.session ? this.overviewStats() : undefined;
    return { overview, overviewStats, overviewBuildMs: performance.now() - t0 };
  }

  row(seq: number): Row {
    const log = this.r.session!.log;
    let flags = 0;
    if (log.isSynthesized(seq)) flags |= FLAG_SYNTH;
    if (log.isPacked(seq)) flags |= FLAG_PACKED;
    if (this.diagSeqs.has(seq)) flags |= FLAG_DIAG;
    const v = this.r.verdict;
    if (!v.ok && v.seq === seq) flags |= FLAG_REFUSED;
    if (seq > this.r.acceptedThrough) flags |= FLAG_NOT_ACCEPTED;
    return buildRow(this.ev(seq), seq, flags);
  }

  rows(from: number, to: number): Row[] {
    const out: Row[] = [];
    for (let s = Math.max(0, from); s < Math.min(to, this.n); s++) out.push(this.row(s));
    return out;
  }

  rowsOf(seqs: readonly number[]): Row[] {
    return seqs.filter((s) => s >= 0 && s < this.n).map((s) => this.row(s));
  }

  /** Events per type (as text) at seqs 0..seq: one pass over the type column, asked when the filter menu opens. */
  typeCountsThrough(seq: number): [string, number][] {
    const log = this.r.session?.log, counts = new Map<string, number>();
    const end = Math.min(this.n - 1, Math.floor(seq));
    if (log) for (let s = 0; s <= end; s++) { const k = typeText(log.typeAt(s)); counts.set(k, (counts.get(k) ?? 0) + 1); }
    return [...counts];
  }

  /**
   * Seqs whose type family is one of `families` (`type:T`: that type; `is:error`: the calls and
   * results of failed tool calls), ascending.
   */
  filter(families: readonly string[]): Int32Array {
    const want = new Set(families), log = this.r.session?.log, out: number[] = [];
    const errors = want.has(ERRORS_ONLY) ? failedToolSeqs(this.overview()) : undefined;
    for (let s = 0, e = 0; log && s < this.n; s++) {
      if (errors) { while (e < errors.length && errors[e] < s) e++; if (errors[e] === s) { out.push(s); continue; } }
      const tt = typeText(log.typeAt(s));
      if (want.has(eventFamily(tt)) || want.has(`type:${tt}`)) out.push(s);
    }
    return Int32Array.from(out);
  }

  /** The event at seq as JSON text (no recursion, so any depth works). */
  json(seq: number): string {
    return stringifyJson(this.ev(seq));
  }

  /** One level of the value at `path` inside the event. */
  node(seq: number, path: readonly string[]): JsonNode {
    return nodeAt(this.ev(seq), path);
  }

  /**
   * The views at seq n, windowed: counts and seq lists from the timeline's index (no event parse
   * but the request header in force, cached), with per-entry flags. Cards are fetched by seq.
   */
  moment(n: number): Moment {
    const t = this.r.timeline, log = this.r.session?.log;
    const seq = Math.max(-1, Math.min(n, this.n - 1));
    if (!t || !log || seq < 0) {
      return { seq, counts: { seq, events: 0, surface: 0, transcript: 0, messages: 0, turn: 0 }, surfaceSeqs: new Int32Array(0),
        transcriptSeqs: new Int32Array(0), transcriptFlags: new Uint8Array(0) };
    }
    const surf = t.surfaceAt(seq);
    const surfaceSeqs = Int32Array.from(surf);
    const onSurface = new Set(surf);
    const tr = t.transcriptSeqs, cp = t.compactionSeqs, st = this.streamedRuns();
    const ti = lastAtOrBefore(tr, seq) + 1, ci = lastAtOrBefore(cp, seq) + 1;
    let si = 0;
    while (2 * si < st.length && st[2 * si] <= seq) si++;
    // transcript: append messages, compaction markers and streamed-never-committed steps through
    // seq, merged in seq order; a step streaming at seq stands at seq (its card: what had streamed by then)
    const transcriptSeqs = new Int32Array(ti + ci + si), transcriptFlags = new Uint8Array(ti + ci + si);
    for (let i = 0, j = 0, m = 0, k = 0; i < ti || j < ci || m < si; k++) {
      const a = i < ti ? tr[i] : Infinity, b = j < ci ? cp[j] : Infinity, c = m < si ? Math.min(st[2 * m + 1], seq) : Infinity;
      if (c < a && c < b) { transcriptSeqs[k] = c; transcriptFlags[k] = TR_STREAMED; m++; continue; }
      const isMsg = a < b;
      const s = isMsg ? tr[i++] : cp[j++];
      transcriptSeqs[k] = s;
      transcriptFlags[k] = (isMsg ? 0 : TR_COMPACTION) | (onSurface.has(s) ? 0 : TR_SHADOWED);
    }
    const counts = { seq, events: Math.min(seq + 1, log.length), surface: surf.length, transcript: ti, messages: t.messageCountAt(seq), turn: t.turnAt(seq) };
    return { seq, counts, surfaceSeqs, transcriptSeqs, transcriptFlags, header: this.headerAt(t.headerSeqAt(seq)) };
  }

  private headerAt(hs: number): Moment['header'] {
    if (hs < 0) return undefined;
    if (this.headerCache?.seq === hs) return this.headerCache.value;
    const t = this.r.timeline!, log = this.r.session!.log;
    const i = lastAtOrBefore(t.headerSeqs, hs);
    const prevSeq = i > 0 ? t.headerSeqs[i - 1] : -1;
    const h = canonicalHeader(log.event(hs).data.header);
    const prev = prevSeq >= 0 ? canonicalHeader(log.event(prevSeq).data.header) : undefined;
    const value = clipDepth({ seq: hs, prevSeq, header: h, diff: prevSeq >= 0 ? diffHeaders(prev, h) : [] });
    this.headerCache = { seq: hs, value };
    return value;
  }

  /** Runs of chunks no assistant/message committed (src/core/streamed.ts), again when the log grew. */
  private streamedRuns(): Int32Array {
    const log = this.r.session?.log;
    if (!log) return new Int32Array(0);
    if (this.uncommitted?.length !== log.length) this.uncommitted = { length: log.length, runs: deriveUncommittedRuns(log) };
    return this.uncommitted.runs;
  }

  /** What the Surface, Transcript and Compare views show for one seq (cursor-independent). */
  card(seq: number): Card {
    const log = this.r.session!.log, lin = this.r.lineage, t = this.r.timeline;
    const e = log.event(seq);
    const message = clipDepth(deriveEventMessage(e));
    const content = message && typeof message === 'object' ? (message as { content?: unknown }).content : undefined;
    const card: Card = { seq, type: typeText(e.type), message, replaced: lin ? lin.shadowedBy(seq) : [], text: contentText(content, 200) };
    const run = log.isChunkAt(seq) ? uncommittedRunAt(this.streamedRuns(), seq) : undefined;
    if (run) return { ...card, streamed: clipDepth(deriveStreamedStep(log, run[0], run[1], seq)) };
    if (!isCompactionCheckpoint(e)) return card;
    const summarySeq = t?.summaryOf(seq);
    const sum = summarySeq !== undefined ? log.event(summarySeq) : undefined;
    const summaryText = sum ? contentText(sum.data?.summary, 100_000) : contentText(e.data?.content, 100_000);
    const definition = compactionByReplacement(compactionsOf(this.r), seq);
    return { ...card, compaction: { ...(summarySeq !== undefined ? { summarySeq } : {}), summaryText, ...(definition ? { definition } : {}) } };
  }

  cards(seqs: readonly number[]): Card[] {
    const out: Card[] = [];
    for (const s of seqs) if (Number.isInteger(s) && s >= 0 && s < this.n) out.push(this.card(s));
    return out;
  }

  /** Runs of two or more consecutive chunk events, from the type column (packed rows are chunks). */
  chunkRuns(): { starts: Int32Array; ends: Int32Array } {
    if (this.runs) return this.runs;
    const log = this.r.session?.log, starts: number[] = [], ends: number[] = [];
    const isChunk = (s: number) => log!.isChunkAt(s);
    if (log) {
      for (let s = 0; s < this.n;) {
        if (!isChunk(s)) { s++; continue; }
        let e = s;
        while (e + 1 < this.n && isChunk(e + 1)) e++;
        if (e > s) { starts.push(s); ends.push(e); }
        s = e + 1;
      }
    }
    return (this.runs = { starts: Int32Array.from(starts), ends: Int32Array.from(ends) });
  }

  /** Previews of folded runs by start seq. */
  runInfo(starts: readonly number[]): RunInfo[] {
    const { starts: rs, ends } = this.chunkRuns(), log = this.r.session?.log, out: RunInfo[] = [];
    if (!log) return out;
    for (const start of starts) {
      const i = lastAtOrBefore(rs, start);
      if (i < 0 || rs[i] !== start) continue;
      const end = ends[i];
      let text = '';
      const kinds = new Map<string, number>();
      for (let s = start; s <= end && s < start + 400; s++) {
        const c = (log.rawAt(s).data as { chunk?: Record<string, unknown> } | undefined)?.chunk;
        const kind = typeof c?.type === 'string' ? c.type : '?';
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        const piece = c ? (typeof c.text === 'string' ? c.text : typeof c.argumentsDelta === 'string' ? c.argumentsDelta : '') : '';
        if (text.length < 200) text += piece;
      }
      out.push({ start, end, preview: oneLine(text, 160), kinds: [...kinds].map(([k, n]) => `${k}×${n}`).join(' ') + (end - start >= 400 ? ' …' : '') });
    }
    return out;
  }

  lineage(seq: number): LineageInfo {
    const lin = this.r.lineage;
    if (!lin || seq < 0 || seq >= this.n) return { seq, sources: [], dependents: [], replaced: [], chain: [seq] };
    const info: LineageInfo = { seq, sources: lin.sources(seq), dependents: lin.dependents(seq), replaced: lin.shadowedBy(seq), replacer: lin.replacerOf(seq), chain: lin.replacementChain(seq) };
    const checkpoint = this.checkpointOf(seq);
    return checkpoint === undefined ? info : { ...info, carriedBy: { checkpoint, shadowed: lin.shadowedBy(checkpoint) } };
  }

  /**
   * A record DSH would not read, by physical line: its raw text (the whole of it with `full`, else
   * at most BROKEN_WINDOW characters around the break), and JSON.parse's message and break offset.
   */
  brokenLine(line: number, full = false): BrokenLine | undefined {
    const d = this.r.dropped.find((x) => x.line === line);
    if (!d) return undefined;
    let message: string | undefined, offset: number | undefined;
    const cut = d.length !== undefined;
    const raw = cut ? d.text.slice(0, -1) : d.text; // a cut line ends with '…'
    if (cut) message = `Only the first ${raw.length.toLocaleString('en-US')} of ${d.length!.toLocaleString('en-US')} characters were kept, so the break is not located.`;
    else try { JSON.parse(d.text); } catch (e) {
      message = (e as Error).message;
      const at = /position (\d+)/.exec(message);
      offset = at ? Number(at[1]) : /end of JSON input|Unterminated/i.test(message) ? d.text.length : undefined;
    }
    const n = raw.length;
    const start = full || n <= BROKEN_WINDOW ? 0 : Math.max(0, Math.min(n - BROKEN_WINDOW, (offset ?? 0) - BROKEN_WINDOW / 2));
    const text = full ? raw : raw.slice(start, start + BROKEN_WINDOW);
    return { line, reason: d.reason, length: d.length ?? n, text, start, ...(message !== undefined ? { message } : {}), ...(offset !== undefined ? { offset } : {}) };
  }

  /** The first compaction checkpoint that carries the compaction/summary at `seq`. */
  private checkpointOf(seq: number): number | undefined {
    const t = this.r.timeline;
    if (!t) return undefined;
    if (!this.summaryCheckpoint) {
      this.summaryCheckpoint = new Map();
      for (const c of t.compactionSeqs) { const s = t.summaryOf(c); if (s !== undefined && !this.summaryCheckpoint.has(s)) this.summaryCheckpoint.set(s, c); }
    }
    return this.summaryCheckpoint.get(seq);
  }

  /** Every hit of a search (src/core/search-query.ts: text, /regex/, field filters), ascending (capped). */
  search(query: string): Int32Array {
    const parts: Int32Array[] = [];
    let total = 0;
    for (let from = 0; from >= 0 && total < SEARCH_CAP;) {
      const b = this.searchFrom(query, from, Infinity, SEARCH_CAP - total);
      if (b.error) throw new SessionError(b.error.code, b.error.message);
      parts.push(b.hits); total += b.hits.length; from = b.next;
    }
    const out = new Int32Array(total);
    let k = 0;
    for (const p of parts) { out.set(p, k); k += p.length; }
    return out;
  }

  /**
   * One batch of a search (src/worker/search.ts): scans the stored plaintext buffers, packed rows
   * through their line and their members only when the line matches, from seq `from` for about
   * `budgetMs` or `cap` hits, without copies.
   */
  searchFrom(query: string, from: number, budgetMs = 200, cap = SEARCH_CAP): SearchBatch {
    const log = this.r.session?.log;
    if (!query || !log) return { hits: new Int32Array(0), next: -1 };
    let filtered: FilteredSearch | undefined;
    try {
      const q = parseSearchQuery(query);
      if (q.text.length === 0 && !q.regex && !q.types.length && !q.tools.length && !q.isError) return { hits: new Int32Array(0), next: -1 };
      if (!isPlainText(q)) {
        if (this.filtered?.query !== query) this.filtered = { query, search: new FilteredSearch(log, q, toolSeqs(this.overview(), q)) };
        filtered = this.filtered.search;
      }
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      return { hits: new Int32Array(0), next: -1, error: { code: err.code, message: err.message } };
    }
    const b = Math.max(1, cap), at = Math.max(0, from);
    const { hits, next } = filtered ? filtered.search(at, budgetMs, b) : (this.searcher ??= new LogSearch(log)).search(query, at, budgetMs, b);
    return { hits: Int32Array.from(hits), next };
  }

  /** Steps and their request moments (computed once). */
  steps(): StepRequests {
    const log = this.r.session?.log;
    return (this.stepCache ??= log ? stepRequests(log) : { stepSeqs: new Int32Array(0), requestSeqs: new Int32Array(0) });
  }

  /** The diff of moments A and B (seqs clamped to the log), from the timeline. */
  diff(a: number, b: number): DiffInfo {
    const t0 = performance.now();
    const t = this.r.timeline, log = this.r.session?.log;
    if (!t || !log || this.n === 0) throw new Error('No session loaded.');
    const clamp = (x: number) => Math.max(0, Math.min(Math.floor(x), this.n - 1));
    this.rangeCounts ??= new RangeCounts(log);
    const d = diffMoments(t, log, this.rangeCounts, clamp(a), clamp(b));
    return { ...d, header: clipDepth(d.header), ms: performance.now() - t0 };
  }

  /** Compare aligned by replacement at seq n, with token figures per block side. */
  compare(n: number): CompareInfo {
    const t = this.r.timeline, lin = this.r.lineage;
    const seq = Math.max(-1, Math.min(Math.floor(n), this.n - 1));
    const surface = t && seq >= 0 ? t.surfaceAt(seq) : [];
    const tr = t?.transcriptSeqs ?? new Int32Array(0);
    const isAppend = (s: number) => { const i = lastAtOrBefore(tr, s); return i >= 0 && tr[i] === s; };
    const blocks = alignByReplacement(surface, isAppend, (s) => lin?.shadowedBy(s) ?? []);
    const k = blocks.left.length;
    const leftTokens = new Float64Array(k), leftUsage = new Uint8Array(k), rightTokens = new Float64Array(k), rightUsage = new Int32Array(k), rightChars = new Int32Array(k);
    for (let i = 0; t && i < k; i++) {
      const l = t.tokensOf([blocks.left[i]]);
      leftTokens[i] = l.tokens; leftUsage[i] = l.fromUsage;
      const r = t.tokensOf(blocks.right.subarray(blocks.rightStart[i], blocks.rightStart[i + 1]));
      rightTokens[i] = r.tokens; rightUsage[i] = r.fromUsage; rightChars[i] = r.fromChars;
    }
    const list = compactionsOf(this.r);
    const compactions = Array.from(blocks.left, (s, i) => (blocks.replacement[i] ? compactionByReplacement(list, s) ?? null : null));
    return { seq, ...blocks, compactions, leftTokens, leftUsage, rightTokens, rightUsage, rightChars };
  }

  /** What the model was sent for the step `seq` lies in. */
  request(seq: number): RequestInfo {
    const t = this.r.timeline, log = this.r.session?.log;
    if (!t || !log || !(seq >= 0 && seq < this.n)) return { none: `There is no event at seq ${seq}.` };
    return clipDepth(requestPayload(t, log, this.steps(), seq));
  }

  /**
   * The overview (issue 11): per request, step, turn and tool call, from the log's columns and the
   * activity index collected at load (no parse). Built once.
   */
  overview(): Overview | undefined {
    const s = this.r.session;
    if (!s) return undefined;
    // a live log grows: rebuild when it has
    if (this.overviewCache?.last !== s.log.length - 1) this.overviewCache = buildOverview(s.log, s.activity, this.r.timeline, this.overviewCache);
    return this.overviewCache;
  }

  /** Numbers for the seqs [from, to] (the whole session without arguments). */
  overviewStats(from?: number, to?: number): OverviewStats {
    const o = this.overview();
    if (!o) throw new Error('No session loaded.');
    return overviewStats(o, from, to);
  }

  /** Whether `seq` is a compaction checkpoint. */
  isCompaction(seq: number): boolean {
    return seq >= 0 && seq < this.n && isCompactionCheckpoint(this.ev(seq));
  }
}
