/**
 * SessionQueries: every question the page asks about a loaded session, answered from the
 * LoadResult kept in the worker. Pure and synchronous, so Node tests call it without a worker.
 */
import { eventFamily } from '../core/catalog';
import { stringifyJson } from '../core/json';
import { deriveEventMessage } from '../core/messages';
import { diffMoments } from '../core/moment-diff';
import { RangeCounts } from '../core/range-counts';
import { requestPayload } from '../core/request-payload';
import { stepRequests, type StepRequests } from '../core/steps';
import { buildOverview, type Overview } from '../core/overview';
import { overviewStats, type OverviewStats } from '../core/overview-stats';
import { isCompactionCheckpoint } from '../core/transcript';
import type { SessionEvent } from '../core/types';
import { typeText } from '../core/text';
import { compactionByReplacement } from '../core/compaction';
import { deriveStreamedStep, deriveUncommittedRuns, uncommittedRunAt } from '../core/streamed';
import { deriveBuiltinTour } from '../core/tour-builtin';
import type { Tour } from '../core/tour';
import type { LoadResult } from '../io/load';
import { deriveTourFacts } from '../io/tour-facts';
import { compactionsOf } from '../io/compactions';
import type { QueryApi } from '../protocol/session-api';
import type { OverviewNow, Summary } from '../protocol/summary';
import {
  FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH, 
  type BrokenLine, type Card, type CompareInfo, type DiffInfo, type HeaderInForce, type JsonNode, type RequestInfo, type LineageInfo, type Moment, type Row, type RunInfo, type SearchBatch,
} from '../protocol/views';
import { brokenLineOf } from './broken-line';
import { findChunkRuns, previewRuns, type ChunkRuns } from './chunk-runs';
import { compareAt } from './compare';
import { clipDepth, nodeAt } from './json-node';
import { HeaderCache } from './header-cache';
import { momentViews } from './moment';
import { buildRow, contentText } from './rows';
import { ERRORS_ONLY, failedToolSeqs } from './search-filtered';
import { SessionSearch } from './session-search';
import { sessionSummary } from './summary';

/** The most a rows request reads of a file at once (a Log window is tens of KiB). */
const PREFETCH_BYTES = 1 << 20;

/** Hits a search batch returns at most (the page's cap too). */
const SEARCH_CAP = 100_000;

export class SessionQueries implements QueryApi {
  private readonly diagSeqs = new Set<number>();
  private readonly n: number;
  private readonly headerCache = new HeaderCache();
  private runCache?: ChunkRuns;
  private searches?: SessionSearch;
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
    return sessionSummary(this.r, { length: this.n, loadMs: this.loadMs, steps: this.steps(), runs: this.chunkRuns(), overview: withOverview ? this.overviewNow() : undefined });
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

  /** `span`: the seqs whose stretch of the file is read at once (a request answered in slices passes the whole request's). */
  rowsOf(seqs: readonly number[], span: readonly number[] = seqs): Row[] {
    const want = seqs.filter((s) => s >= 0 && s < this.n), around = span.filter((s) => s >= 0 && s < this.n);
    // a window of rows lies in one stretch of the file: read it at once (a read costs about a millisecond however small)
    if (around.length > 1) this.r.session?.log.prefetch(around.reduce((a, b) => Math.min(a, b)), around.reduce((a, b) => Math.max(a, b)), PREFETCH_BYTES);
    return want.map((s) => this.row(s));
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
   * The views at seq n, windowed: counts and seq lists from the timeline's index, with per-entry
   * flags, and the seq of the request header in force. No event is read: cards and the header are
   * fetched by seq (`cards`, `headers`).
   */
  moment(n: number): Moment {
    const t = this.r.timeline, log = this.r.session?.log;
    const seq = Math.max(-1, Math.min(n, this.n - 1));
    if (!t || !log || seq < 0) {
      return { seq, counts: { seq, events: 0, surface: 0, transcript: 0, messages: 0, turn: 0 }, surfaceSeqs: new Int32Array(0),
        transcriptSeqs: new Int32Array(0), transcriptFlags: new Uint8Array(0), headerSeq: -1 };
    }
    return { ...momentViews(t, log, seq, this.streamedRuns()), headerSeq: t.headerSeqAt(seq) };
  }

  headers(seqs: readonly number[]): HeaderInForce[] {
    const t = this.r.timeline, log = this.r.session?.log;
    return t && log ? this.headerCache.headers(t, log, seqs) : [];
  }

  /** Runs of chunks no assistant/message committed (src/core/streamed.ts), again when the log grew. */
  private streamedRuns(): Int32Array {
    const log = this.r.session?.log;
    if (!log) return new Int32Array(0);
    if (this.uncommitted?.length !== log.length) {
      // folded as the log was loaded, when it covers the log as it stands (no line read again)
      const fold = this.r.session.uncommitted;
      this.uncommitted = { length: log.length, runs: fold.length === log.length ? fold.runs() : deriveUncommittedRuns(log) };
    }
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
  chunkRuns(): ChunkRuns {
    return (this.runCache ??= findChunkRuns(this.r.session?.log));
  }

  /** Previews of folded runs by start seq. */
  runInfo(starts: readonly number[]): RunInfo[] {
    const log = this.r.session?.log;
    return log ? previewRuns(log, this.chunkRuns(), starts) : [];
  }

  lineage(seq: number): LineageInfo {
    const lin = this.r.lineage;
    if (!lin || seq < 0 || seq >= this.n) return { seq, sources: [], dependents: [], replaced: [], chain: [seq] };
    const info: LineageInfo = { seq, sources: lin.sources(seq), dependents: lin.dependents(seq), replaced: lin.shadowedBy(seq), replacer: lin.replacerOf(seq), chain: lin.replacementChain(seq) };
    const checkpoint = this.checkpointOf(seq);
    return checkpoint === undefined ? info : { ...info, carriedBy: { checkpoint, shadowed: lin.shadowedBy(checkpoint) } };
  }

  /** A record DSH would not read, by physical line (src/worker/broken-line.ts). */
  brokenLine(line: number, full = false): BrokenLine | undefined {
    return brokenLineOf(this.r.dropped, line, full);
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

  /**
   * One batch of a search (src/worker/session-search.ts): scans the stored plaintext buffers, packed
   * rows through their line and their members only when the line matches, from seq `from` for
   * about `budgetMs` or `cap` hits, without copies.
   */
  searchFrom(query: string, from: number, budgetMs = 200, cap = SEARCH_CAP): SearchBatch {
    const log = this.r.session?.log;
    if (!query || !log) return { hits: new Int32Array(0), next: -1 };
    return (this.searches ??= new SessionSearch(log, () => this.overview())).batch(query, from, budgetMs, cap);
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
    return compareAt(this.r, Math.max(-1, Math.min(Math.floor(n), this.n - 1)));
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
}
