/**
 * SessionQueries: every question the page asks about a loaded session, answered from the
 * LoadResult kept in the worker. Pure and synchronous, so Node tests call it without a worker.
 */
import { eventFamily } from '../core/catalog';
import { stringifyJson } from '../core/json';
import { deriveEventMessage } from '../core/messages';
import { canonicalHeader, diffHeaders } from '../core/request-header';
import { isCompactionCheckpoint, transcript } from '../core/transcript';
import type { SessionEvent } from '../core/types';
import type { LoadResult } from '../io/load';
import {
  FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH,
  type CompareRow, type JsonNode, type LineageInfo, type Moment, type Row, type Summary, type SurfaceCard, type TranscriptItem,
} from './protocol';
import { contentText, oneLine, summarizeEvent, turnStep } from './rows';

const LIST_CAP = 2000;
const SEARCH_CAP = 100_000;
const NODE_CAP = 500;

export class SessionQueries {
  private readonly diagSeqs = new Set<number>();
  private searchText?: string[];
  private readonly n: number;

  constructor(private readonly r: LoadResult, private readonly loadMs = 0) {
    this.n = r.session?.log.length ?? 0;
    for (const d of r.diagnostics) this.diagSeqs.add(d.seq);
  }

  get length(): number { return this.n; }

  private ev(seq: number): SessionEvent { return this.r.session!.log.event(seq); }

  summary(): Summary {
    const r = this.r, t = r.timeline, log = r.session?.log;
    const fams = new Map<string, number>();
    if (log) for (let s = 0; s < this.n; s++) { const f = eventFamily(log.typeAt(s)); fams.set(f, (fams.get(f) ?? 0) + 1); }
    const empty = new Int32Array(0);
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
      turnSeqs: t ? t.turnSeqs.slice() : empty, compactionSeqs: t ? t.compactionSeqs.slice() : empty,
      replacementSeqs: t ? t.replacementSeqs.slice() : empty, headerSeqs: t ? t.headerSeqs.slice() : empty,
      families: [...fams].map(([family, count]) => ({ family, count })).sort((a, b) => a.family.localeCompare(b.family)),
      loadMs: this.loadMs,
    };
  }

  row(seq: number): Row {
    const log = this.r.session!.log;
    const e = this.ev(seq);
    let flags = 0;
    if (log.isSynthesized(seq)) flags |= FLAG_SYNTH;
    if (log.isPacked(seq)) flags |= FLAG_PACKED;
    if (this.diagSeqs.has(seq)) flags |= FLAG_DIAG;
    const v = this.r.verdict;
    if (!v.ok && v.seq === seq) flags |= FLAG_REFUSED;
    if (seq > this.r.acceptedThrough) flags |= FLAG_NOT_ACCEPTED;
    let summary: string;
    try { summary = summarizeEvent(e); } catch { summary = '(unreadable data)'; }
    return { seq, time: e.time, type: e.type, ...turnStep(e), summary, flags };
  }

  rows(from: number, to: number): Row[] {
    const out: Row[] = [];
    for (let s = Math.max(0, from); s < Math.min(to, this.n); s++) out.push(this.row(s));
    return out;
  }

  rowsOf(seqs: readonly number[]): Row[] {
    return seqs.filter((s) => s >= 0 && s < this.n).map((s) => this.row(s));
  }

  /** Seqs whose type family is one of `families`, ascending. */
  filter(families: readonly string[]): Int32Array {
    const want = new Set(families), log = this.r.session?.log, out: number[] = [];
    if (log) for (let s = 0; s < this.n; s++) if (want.has(eventFamily(log.typeAt(s)))) out.push(s);
    return Int32Array.from(out);
  }

  /** The event at seq as JSON text (no recursion, so any depth works). */
  json(seq: number): string {
    return stringifyJson(this.ev(seq));
  }

  /** One level of the value at `path` inside the event. */
  node(seq: number, path: readonly string[]): JsonNode {
    let v: unknown = this.ev(seq);
    for (const k of path) {
      if (typeof v !== 'object' || v === null) return { kind: 'missing', preview: '' };
      v = (v as Record<string, unknown>)[k];
    }
    return describe(v, true);
  }

  moment(n: number): Moment {
    const t = this.r.timeline, lin = this.r.lineage, log = this.r.session?.log;
    const seq = Math.max(-1, Math.min(n, this.n - 1));
    if (!t || !lin || !log || seq < 0) {
      return { seq, counts: { seq, events: 0, surface: 0, transcript: 0, messages: 0, turn: 0 }, surface: [], transcript: [], compare: [] };
    }
    const surfaceSeqs = t.surfaceAt(seq);
    const onSurface = new Set(surfaceSeqs);
    const surface: SurfaceCard[] = surfaceSeqs.map((s) => {
      const e = log.event(s);
      return { seq: s, type: e.type, message: deriveEventMessage(e), replaced: lin.shadowedBy(s) };
    });
    const tr: TranscriptItem[] = t.transcriptEntriesAt(seq).map((en) => {
      const e = log.event(en.seq);
      if (en.kind === 'compaction') {
        const sum = en.summarySeq !== undefined ? log.event(en.summarySeq) : undefined;
        return { kind: 'compaction', seq: en.seq, shadowed: !onSurface.has(en.seq), summarySeq: en.summarySeq,
          summaryText: sum ? contentText(sum.data?.summary, 100_000) : contentText(e.data?.content, 100_000) };
      }
      return { kind: 'message', seq: en.seq, message: deriveEventMessage(e), shadowed: !onSurface.has(en.seq) };
    });
    const compare = this.compareRows(surface, tr);
    let header: Moment['header'];
    const hs = t.headerSeqAt(seq);
    if (hs >= 0) {
      const i = t.headerSeqs.indexOf(hs);
      const prevSeq = i > 0 ? t.headerSeqs[i - 1] : -1;
      const h = canonicalHeader(log.event(hs).data.header);
      const prev = prevSeq >= 0 ? canonicalHeader(log.event(prevSeq).data.header) : undefined;
      header = { seq: hs, prevSeq, header: h, diff: prevSeq >= 0 ? diffHeaders(prev, h) : [] };
    }
    return { seq, counts: t.countsAt(seq), surface, transcript: tr, compare, header };
  }

  private compareRows(surface: readonly SurfaceCard[], tr: readonly TranscriptItem[]): CompareRow[] {
    const rows = new Map<number, CompareRow>();
    const text = (m: unknown) => (m && typeof m === 'object' ? contentText((m as { content?: unknown }).content, 200) : '');
    for (const it of tr) {
      if (it.kind === 'compaction') continue;
      rows.set(it.seq, { seq: it.seq, label: it.shadowed ? 'shadowed' : 'current', inSurface: !it.shadowed, inTranscript: true, text: text(it.message) });
    }
    for (const c of surface) {
      if (rows.has(c.seq)) continue;
      rows.set(c.seq, { seq: c.seq, label: c.replaced.length > 0 || this.isReplace(c.seq) ? 'replacement' : 'log-only', inSurface: true, inTranscript: false, text: text(c.message) });
    }
    for (const it of tr) {
      if (it.kind === 'compaction' && !rows.has(it.seq)) rows.set(it.seq, { seq: it.seq, label: 'log-only', inSurface: false, inTranscript: true, text: oneLine(it.summaryText ?? '', 200) });
    }
    return [...rows.values()].sort((a, b) => a.seq - b.seq);
  }

  private isReplace(seq: number): boolean {
    const e = this.ev(seq);
    return typeof e.surfaceOp === 'object' && e.surfaceOp !== null;
  }

  lineage(seq: number): LineageInfo {
    const lin = this.r.lineage;
    if (!lin || seq < 0 || seq >= this.n) return { seq, sources: [], dependents: [], replaced: [], chain: [seq] };
    return { seq, sources: lin.sources(seq), dependents: lin.dependents(seq), replaced: lin.shadowedBy(seq), replacer: lin.replacerOf(seq), chain: lin.replacementChain(seq) };
  }

  /** Case-insensitive substring search over every event's JSON text; matching seqs ascending. */
  search(query: string): Int32Array {
    const q = query.toLowerCase();
    if (!q) return new Int32Array(0);
    if (!this.searchText) {
      const log = this.r.session?.log;
      this.searchText = [];
      if (log) for (let s = 0; s < this.n; s++) this.searchText.push(stringifyJson(log.rawAt(s)).toLowerCase());
    }
    const out: number[] = [];
    for (let s = 0; s < this.searchText.length && out.length < SEARCH_CAP; s++) if (this.searchText[s].includes(q)) out.push(s);
    return Int32Array.from(out);
  }

  /** Whether `seq` is a compaction checkpoint. */
  isCompaction(seq: number): boolean {
    return seq >= 0 && seq < this.n && isCompactionCheckpoint(this.ev(seq));
  }
}

function kindOf(v: unknown): JsonNode['kind'] {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'object': return 'object';
    case 'string': return 'string';
    case 'number': return 'number';
    case 'boolean': return 'boolean';
    default: return 'missing';
  }
}

function scalarPreview(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 2000 ? v.slice(0, 2000) + '…' : v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  return String(v);
}

/** A value and, when `withChildren`, its direct children: never more than one level deep. */
function describe(v: unknown, withChildren: boolean): JsonNode {
  const kind = kindOf(v);
  if (kind !== 'object' && kind !== 'array') return { kind, preview: scalarPreview(v) };
  const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v as object);
  const preview = kind === 'array' ? `Array(${keys.length})` : `{${keys.length} keys}`;
  if (!withChildren) return { kind, preview };
  const children = keys.slice(0, NODE_CAP).map((k) => {
    const c = (v as Record<string, unknown>)[k];
    const ck = kindOf(c);
    const size = ck === 'array' ? (c as unknown[]).length : ck === 'object' ? Object.keys(c as object).length : 0;
    return { key: k, kind: ck, preview: ck === 'object' || ck === 'array' ? describe(c, false).preview : scalarPreview(c), size };
  });
  return { kind, preview, children, truncated: keys.length > NODE_CAP ? keys.length - NODE_CAP : undefined };
}
