/**
 * Whole-log search (issue 5) over the bytes the log already holds: a case-insensitive
 * Boyer–Moore–Horspool scan of each plaintext buffer (ASCII letters fold; other bytes match
 * exactly), with each hit mapped to the stored line that holds it. A hit in a packed row's line is
 * checked member by member. Events held as objects (upgraded, synthesized) are stringified. The
 * text searched is each event's stored JSON, so quotes and newlines inside strings appear escaped.
 */
import { ROW_TAGS } from '../core/catalog';
import { PackedRow } from '../core/chunk-rows';
import type { EventLog } from '../core/event-log';
import { stringifyJson } from '../core/json';

export interface SearchHits { hits: number[]; next: number }

/** The lines of one buffer in file order: byte starts and ends, and the seq (a row: its seq0) each holds. */
interface BufferLines { readonly id: number; readonly starts: Int32Array; readonly ends: Int32Array; readonly seqs: Int32Array }

const FOLD = new Uint8Array(256).map((_, b) => (b >= 65 && b <= 90 ? b + 32 : b));
const utf8 = new TextEncoder();

export class LogSearch {
  private readonly lines: BufferLines[] = [];
  /** Seqs held as objects, ascending. */
  private readonly loose: number[] = [];
  /**
   * Packed rows grouped by skeleton (their member JSON with the text blanked: every member repeats
   * it): row start seqs, each row's skeleton id, and the skeletons; a query tests each skeleton once.
   */
  private readonly rowSeqs: Int32Array;
  private readonly rowSkeleton: Int32Array;
  private readonly skeletons: string[] = [];
  private skeletonHits: Uint8Array = new Uint8Array(0);
  /** Whether any skeleton matches the current query (else no row is checked for one). */
  private anySkeletonHit = false;
  private skeletonQuery: string | undefined;

  constructor(private readonly log: EventLog) {
    // one pass over the records into typed columns: line ranges, then rows and their skeletons
    const nrec = log.recordCount;
    const bufs = new Int32Array(nrec), starts = new Int32Array(nrec), ends = new Int32Array(nrec), seqs = new Int32Array(nrec);
    const rowSeqs = new Int32Array(nrec), rowSkeleton = new Int32Array(nrec);
    const skeletonIds = new Map<string, number>();
    let k = 0, nrows = 0;
    log.forEachRecord((s, slot, b, start, end) => {
      if (b < 0 || (slot !== null && !(slot instanceof PackedRow))) {
        // no stored line: each event (each member of a row built in code) is stringified when searched
        const last = slot instanceof PackedRow ? s + slot.length - 1 : s;
        for (let m = s; m <= last; m++) this.loose.push(m);
        return;
      }
      if (slot instanceof PackedRow) {
        if (slot.seq0 !== s) return;
        // a cheap key with the skeleton's inputs; the skeleton itself is written once per distinct key
        const key = `${slot.tag} ${slot.turn} ${slot.step} ${slot.index} ${slot.id === undefined ? '' : JSON.stringify(slot.id)} ${slot.name === undefined ? '' : JSON.stringify(slot.name)}`;
        let id = skeletonIds.get(key);
        if (id === undefined) { id = this.skeletons.length; this.skeletons.push(skeletonOf(slot)); skeletonIds.set(key, id); }
        rowSeqs[nrows] = s; rowSkeleton[nrows++] = id;
      }
      bufs[k] = b; starts[k] = start; ends[k] = end; seqs[k++] = s;
    });
    // lines of one buffer are consecutive records (buffers are registered in file order)
    for (let a = 0; a < k;) {
      let z = a + 1;
      while (z < k && bufs[z] === bufs[a]) z++;
      this.lines.push({ id: bufs[a], starts: starts.subarray(a, z), ends: ends.subarray(a, z), seqs: seqs.subarray(a, z) });
      a = z;
    }
    this.rowSeqs = rowSeqs.subarray(0, nrows);
    this.rowSkeleton = rowSkeleton.subarray(0, nrows);
  }

  /**
   * Hits with seq ≥ `from`, ascending, buffer by buffer until `budgetMs` passes or `cap` hits;
   * `next` is the seq to continue from (-1: done).
   */
  search(query: string, from: number, budgetMs: number, cap: number): SearchHits {
    const pattern = utf8.encode(query).map((b) => FOLD[b]);
    const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    if (query !== this.skeletonQuery) {
      this.skeletonQuery = query;
      this.skeletonHits = Uint8Array.from(this.skeletons, (k) => (re.test(k) ? 1 : 0));
      this.anySkeletonHit = this.skeletonHits.includes(1);
    }
    const t0 = performance.now();
    const hits: number[] = [];
    let li = lowerBound(this.loose, from);
    for (let k = 0; k < this.lines.length; k++) {
      const L = this.lines[k];
      const last = L.seqs[L.seqs.length - 1];
      const lastSeq = this.lastSeqOf(last);
      if (lastSeq < from) continue;
      const found: number[] = [];
      // object-held events that fall before the end of this buffer's range join it, in seq order
      for (; li < this.loose.length && this.loose[li] <= lastSeq; li++) if (this.loose[li] >= from && this.looseHit(this.loose[li], re)) found.push(this.loose[li]);
      this.scanBuffer(L, pattern, re, from, found);
      found.sort((a, b) => a - b);
      for (const s of found) { hits.push(s); if (hits.length >= cap) return { hits, next: s + 1 < this.log.length ? s + 1 : -1 }; }
      if (performance.now() - t0 > budgetMs && k + 1 < this.lines.length) return { hits, next: lastSeq + 1 };
    }
    for (; li < this.loose.length; li++) if (this.loose[li] >= from && this.looseHit(this.loose[li], re) && hits.length < cap) hits.push(this.loose[li]);
    return { hits, next: -1 };
  }

  private lastSeqOf(seq: number): number {
    const slot = this.log.slotAt(seq);
    return slot instanceof PackedRow ? slot.seq0 + slot.length - 1 : seq;
  }

  private looseHit(seq: number, re: RegExp): boolean {
    return re.test(stringifyJson(this.log.rawAt(seq)));
  }

  /** One buffer: byte matches mapped to lines, then rows whose skeleton matches without a byte hit. */
  private scanBuffer(L: BufferLines, pattern: Uint8Array, re: RegExp, from: number, out: number[]): void {
    const buf = this.log.bufferAt(L.id);
    const rowsSeen = new Set<number>();
    let line = 0;
    forEachMatch(buf, pattern, (pos) => {
      while (line < L.starts.length && L.ends[line] < pos) line++;
      if (line >= L.starts.length) return buf.length;
      if (L.starts[line] > pos) return L.starts[line]; // header or a dropped line
      const seq = L.seqs[line];
      const slot = this.log.slotAt(seq);
      if (slot instanceof PackedRow) { rowsSeen.add(seq); this.members(slot, re, from, out); }
      else if (seq >= from) out.push(seq);
      return L.ends[line] + 1;
    });
    if (!this.anySkeletonHit) return;
    const first = L.seqs[0], last = L.seqs[L.seqs.length - 1];
    for (let i = lowerBound(this.rowSeqs, first); i < this.rowSeqs.length && this.rowSeqs[i] <= last; i++) {
      const seq = this.rowSeqs[i];
      if (!this.skeletonHits[this.rowSkeleton[i]] || rowsSeen.has(seq)) continue;
      this.members(this.log.slotAt(seq) as PackedRow, re, from, out);
    }
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

function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] < x) lo = mid + 1; else hi = mid; }
  return lo;
}
