/**
 * Whole-log search (issue 5) over the log's stored bytes, read a stretch at a time from wherever
 * the log keeps them (memory, a disk-backed file, a zstd log's frames): a case-insensitive
 * Boyer–Moore–Horspool scan of each stretch (ASCII letters fold; other bytes match exactly), with
 * each hit mapped to the stored line that holds it. A hit in a packed row's line is checked member
 * by member, and so is a row whose member skeleton (the JSON every member repeats) matches. Events
 * held as objects (upgraded, synthesized) are stringified. The text searched is each event's stored
 * JSON, so quotes and newlines inside strings appear escaped.
 */
import { ROW_TAGS } from '../core/catalog';
import { PackedRow } from '../core/chunk-rows';
import type { EventLog } from '../core/event-log';
import { stringifyJson } from '../core/json';

export interface SearchHits { hits: number[]; next: number }

const FOLD = new Uint8Array(256).map((_, b) => (b >= 65 && b <= 90 ? b + 32 : b));
const utf8 = new TextEncoder();
/** Bytes of stored lines read and scanned at a time (a longer line is read whole). */
const STRETCH = 1 << 20;

/** Records of one stretch of consecutive stored lines: first seqs, seq counts, line starts and ends, rows. */
class Stretch {
  seq0: number[] = []; count: number[] = []; start: number[] = []; end: number[] = []; packed: boolean[] = [];
  get length(): number { return this.seq0.length; }
  get bytes(): number { return this.length ? this.end[this.length - 1] - this.start[0] : 0; }
  add(seq0: number, count: number, start: number, end: number, packed: boolean): void {
    this.seq0.push(seq0); this.count.push(count); this.start.push(start); this.end.push(end); this.packed.push(packed);
  }
}

export class LogSearch {
  /** Per query: whether a row skeleton (by its fields) matches. */
  private skeletonHits = new Map<string, boolean>();
  private skeletonQuery: string | undefined;

  constructor(private readonly log: EventLog) {}

  /**
   * Hits with seq ≥ `from`, ascending, a stretch of lines at a time until `budgetMs` passes or
   * `cap` hits; `next` is the seq to continue from (-1: done).
   */
  search(query: string, from: number, budgetMs: number, cap: number): SearchHits {
    const pattern = utf8.encode(query).map((b) => FOLD[b]);
    const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    if (query !== this.skeletonQuery) { this.skeletonQuery = query; this.skeletonHits = new Map(); }
    const t0 = performance.now(), hits: number[] = [];
    let next = -1, stretch = new Stretch();
    const full = () => hits.length >= cap;
    const flush = () => { if (stretch.length) { this.scanStretch(stretch, pattern, re, from, hits); stretch = new Stretch(); } };
    this.log.visitRecords(from, (seq0, count, start, end, packed) => {
      if (start >= 0 && stretch.length && (start !== stretch.end[stretch.length - 1] + 1 || stretch.bytes >= STRETCH)) {
        flush();
        if (full() || performance.now() - t0 > budgetMs) { next = seq0; return true; }
      }
      if (start >= 0) { stretch.add(seq0, count, start, end, packed); return false; }
      flush();
      if (!full()) this.heldHits(seq0, count, re, from, hits);
      if (full() || performance.now() - t0 > budgetMs) { next = seq0 + count; return true; }
      return false;
    });
    if (next < 0) flush();
    if (hits.length > cap) hits.length = cap;
    if (hits.length === cap && cap > 0) next = hits[cap - 1] + 1;
    return { hits, next: next >= this.log.length ? -1 : next };
  }

  /** An object-held record: each event (each member of a row built in code) stringified. */
  private heldHits(seq0: number, count: number, re: RegExp, from: number, out: number[]): void {
    for (let s = Math.max(seq0, from); s < seq0 + count; s++) if (re.test(stringifyJson(this.log.rawAt(s)))) out.push(s);
  }

  /** One stretch: byte matches mapped to lines, then rows whose skeleton matches without a byte hit, in seq order. */
  private scanStretch(L: Stretch, pattern: Uint8Array, re: RegExp, from: number, out: number[]): void {
    const base = L.start[0], buf = this.log.bytes.read(base, L.end[L.length - 1]);
    const hit = new Uint8Array(L.length);
    let line = 0;
    forEachMatch(buf, pattern, (pos) => {
      const at = base + pos;
      while (line < L.length && L.end[line] < at) line++;
      if (line >= L.length) return buf.length;
      hit[line] = 1;
      return L.end[line] + 1 - base;
    });
    for (let i = 0; i < L.length; i++) {
      if (L.packed[i]) {
        if (hit[i] || this.skeletonHit(L.seq0[i], re)) this.members(this.log.slotAt(L.seq0[i]) as PackedRow, re, from, out);
      } else if (hit[i] && L.seq0[i] >= from) out.push(L.seq0[i]);
    }
  }

  private skeletonHit(seq0: number, re: RegExp): boolean {
    const row = this.log.slotAt(seq0) as PackedRow;
    const key = `${row.tag} ${row.turn} ${row.step} ${row.index} ${row.id === undefined ? '' : JSON.stringify(row.id)} ${row.name === undefined ? '' : JSON.stringify(row.name)}`;
    let h = this.skeletonHits.get(key);
    if (h === undefined) this.skeletonHits.set(key, (h = re.test(skeletonOf(row))));
    return h;
  }

  private members(row: PackedRow, re: RegExp, from: number, out: number[]): void {
    for (let k = 0; k < row.length; k++) {
      const s = row.seq0 + k;
      if (s >= from && re.test(stringifyJson(row.member(k, this.log.timeAt(s))))) out.push(s);
    }
  }
}

/** A row's member JSON with its text blanked: what every member repeats (type, turn, step, chunk kind). */
function skeletonOf(row: PackedRow): string {
  const kind = ROW_TAGS[row.tag];
  const chunk = row.tag === 'tool-call-chunks'
    ? `{"type":"${kind}","index":${scalarJson(row.index)},"id":${scalarJson(row.id)}${row.name !== undefined ? `,"name":${scalarJson(row.name)}` : ''},"argumentsDelta":""}`
    : `{"type":"${kind}","index":${scalarJson(row.index)},"text":""}`;
  return `{"type":"assistant/chunk","data":{"turn":${scalarJson(row.turn)},"step":${scalarJson(row.step)},"chunk":${chunk}}}`;
}

/** stringifyJson of a number or string field (a non-finite number writes null), without its general walk. */
function scalarJson(v: number | string | undefined): string {
  if (typeof v === 'string') return JSON.stringify(v);
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : stringifyJson(v);
}

/**
 * Calls `at(pos)` for each case-folded match of `pat` in `buf` (Horspool); `at` returns where to
 * resume (past the matched line).
 */
function forEachMatch(buf: Uint8Array, pat: Uint8Array, at: (pos: number) => number): void {
  const m = pat.length;
  if (m === 0) return;
  const shift = new Int32Array(256).fill(m);
  for (let i = 0; i < m - 1; i++) {
    shift[pat[i]] = m - 1 - i;
    const upper = pat[i] >= 97 && pat[i] <= 122 ? pat[i] - 32 : -1;
    if (upper >= 0) shift[upper] = m - 1 - i;
  }
  const lastP = pat[m - 1];
  let pos = 0;
  const end = buf.length - m;
  while (pos <= end) {
    const c = FOLD[buf[pos + m - 1]];
    if (c === lastP) {
      let j = m - 2;
      while (j >= 0 && FOLD[buf[pos + j]] === pat[j]) j--;
      if (j < 0) { pos = Math.max(pos + 1, at(pos)); continue; }
    }
    pos += shift[buf[pos + m - 1]];
  }
}
