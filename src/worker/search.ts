/**
 * Whole-log search over the bytes the log already holds (issue 5): each registered plaintext buffer
 * is decoded and scanned with one case-insensitive regular expression; a match is mapped to the line holding it (an event's byte
 * range, or a packed row's line, whose members are then checked one by one). No per-event parse,
 * no lowercase copy of the log. Events held as objects (upgraded, synthesized) are stringified.
 */
import { PackedRow } from '../core/chunk-rows';
import type { EventLog } from '../core/event-log';
import { stringifyJson } from '../core/json';

/** The log's storage, read through its private fields (src/core/event-log.ts). */
interface Internals {
  slots: unknown[];
  buffers: Uint8Array[];
  refBuf: Int32Array;
  refStart: Int32Array;
  refEnd: Int32Array;
}

/** Lines of one buffer, ascending by start: seq of a byte-range event, or -1 - (index of a row). */
interface BufferLines { buf: Uint8Array; firstSeq: number; starts: Int32Array; ends: Int32Array; ids: Int32Array }

export interface SearchHits { hits: number[]; next: number }

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export class LogSearch {
  private readonly segments: BufferLines[] = [];
  private readonly rows: PackedRow[] = [];
  /** Seqs whose text is not in a buffer (objects, rows with another source), ascending. */
  private readonly loose: number[] = [];
  private readonly n: number;

  constructor(private readonly log: EventLog) {
    this.n = log.length;
    const li = log as unknown as Internals;
    const usable = Array.isArray(li.buffers) && li.refBuf instanceof Int32Array;
    const acc: { s: number[]; e: number[]; id: number[]; first: number }[] = usable ? li.buffers.map(() => ({ s: [], e: [], id: [], first: -1 })) : [];
    let cur = 0;
    let locatedRow: PackedRow | undefined;
    for (let s = 0; s < this.n; s++) {
      const slot = log.slotAt(s);
      if (usable && slot === null) {
        const b = li.refBuf[s];
        cur = b;
        const a = acc[b];
        if (a.first < 0) a.first = s;
        a.s.push(li.refStart[s]); a.e.push(li.refEnd[s]); a.id.push(s);
        continue;
      }
      if (slot instanceof PackedRow) {
        if (slot.seq0 !== s) { if (slot !== locatedRow) this.loose.push(s); continue; }
        const src = (slot as unknown as { source?: unknown }).source;
        const at = usable && src instanceof Uint8Array ? this.locate(li.buffers, src, cur) : -1;
        if (at >= 0) {
          cur = at;
          const a = acc[at], off = src instanceof Uint8Array ? src.byteOffset - li.buffers[at].byteOffset : 0;
          if (a.first < 0) a.first = s;
          a.s.push(off); a.e.push(off + (src as Uint8Array).length); a.id.push(-1 - this.rows.length);
          this.rows.push(slot);
          locatedRow = slot;
          continue;
        }
      }
      this.loose.push(s);
    }
    for (let k = 0; k < acc.length; k++) {
      const a = acc[k];
      if (a.first < 0) continue;
      // lines arrive in file order; sort defensively by start
      const order = a.s.map((_, i) => i).sort((x, y) => a.s[x] - a.s[y]);
      this.segments.push({ buf: li.buffers[k], firstSeq: a.first, starts: Int32Array.from(order, (i) => a.s[i]), ends: Int32Array.from(order, (i) => a.e[i]), ids: Int32Array.from(order, (i) => a.id[i]) });
    }
    this.segments.sort((x, y) => x.firstSeq - y.firstSeq);
  }

  private locate(buffers: Uint8Array[], src: Uint8Array, hint: number): number {
    for (let d = 0; d < buffers.length; d++) {
      for (const k of [hint + d, hint - d]) {
        const b = buffers[k];
        if (b && b.buffer === src.buffer && src.byteOffset >= b.byteOffset && src.byteOffset + src.length <= b.byteOffset + b.length) return k;
      }
      if (hint + d >= buffers.length && hint - d < 0) break;
    }
    return -1;
  }

  /**
   * Hits with seq ≥ from, ascending, buffer by buffer until `budgetMs` passes or `cap` hits;
   * `next` is where to continue (-1: done).
   */
  search(query: string, from: number, budgetMs: number, cap: number): SearchHits {
    const escaped = query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(escaped, 'gi');
    const plain = new RegExp(escaped, 'i');
    const t0 = performance.now();
    const hits: number[] = [];
    const skeletons = new Map<string, boolean>();
    const segs = this.segments;
    // segment i covers seqs [segs[i].firstSeq, segs[i + 1].firstSeq); loose seqs join the segment they fall in
    let i = 0;
    while (i + 1 < segs.length && segs[i + 1].firstSeq <= from) i++;
    let li = lowerBound(this.loose, from);
    for (; i <= segs.length; i++) {
      const lo = i === 0 ? 0 : i < segs.length ? segs[i].firstSeq : this.n;
      const hi = i + 1 < segs.length ? segs[i + 1].firstSeq : this.n;
      if (i === segs.length && lo >= this.n) break;
      const found: number[] = [];
      if (i < segs.length) this.scanSegment(segs[i], re, plain, found, skeletons);
      for (; li < this.loose.length && this.loose[li] < hi; li++) {
        const s = this.loose[li];
        if (plain.test(stringifyJson(this.log.rawAt(s)))) found.push(s);
      }
      found.sort((a, b) => a - b);
      for (const s of found) if (s >= from && hits.length < cap) hits.push(s);
      if (hits.length >= cap) return { hits, next: hits[hits.length - 1] + 1 < this.n ? hits[hits.length - 1] + 1 : -1 };
      if (performance.now() - t0 > budgetMs && hi < this.n) return { hits, next: hi };
      if (i >= segs.length - 1 && hi >= this.n) break;
    }
    return { hits, next: -1 };
  }

  private scanSegment(seg: BufferLines, re: RegExp, plain: RegExp, out: number[], skeletons: Map<string, boolean>): void {
    const text = utf8.decode(seg.buf);
    const expanded = new Set<number>();
    re.lastIndex = 0;
    // matches come in ascending order: walk the text and the bytes line by line in step ('\n' is
    // one byte and one character in UTF-8), so a match's line gives its byte start
    let cLine = 0, bLine = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const at = m.index;
      let nl = text.indexOf('\n', cLine);
      while (nl >= 0 && nl < at) { cLine = nl + 1; bLine = seg.buf.indexOf(10, bLine) + 1; nl = text.indexOf('\n', cLine); }
      re.lastIndex = nl < 0 ? text.length : nl + 1;
      const j = upperBound(seg.starts, bLine) - 1;
      if (j < 0 || seg.starts[j] !== bLine) continue; // header, dropped or blank line
      const id = seg.ids[j];
      if (id >= 0) { out.push(id); continue; }
      expanded.add(id);
      this.members(this.rows[-1 - id], plain, out);
    }
    // a row's line is not its members' JSON: a query may match what every member repeats
    // (type, turn, step, chunk kind) without matching the line
    for (let j = 0; j < seg.ids.length; j++) {
      const id = seg.ids[j];
      if (id >= 0 || expanded.has(id)) continue;
      const row = this.rows[-1 - id];
      const key = `${row.tag}\u0000${row.turn}\u0000${row.step}\u0000${row.index}\u0000${row.id}\u0000${row.name}`;
      let hit = skeletons.get(key);
      if (hit === undefined) {
        const m = row.member(0, 0) as { seq: number; data: { chunk: Record<string, unknown> } };
        const chunk = { ...m.data.chunk };
        if ('text' in chunk) chunk.text = '';
        if ('argumentsDelta' in chunk) chunk.argumentsDelta = '';
        hit = plain.test(stringifyJson({ ...m, seq: '', time: '', data: { ...m.data, chunk } }));
        skeletons.set(key, hit);
      }
      if (hit) this.members(row, plain, out);
    }
  }

  private members(row: PackedRow, plain: RegExp, out: number[]): void {
    for (let k = 0; k < row.length; k++) {
      const s = row.seq0 + k;
      if (plain.test(stringifyJson(row.member(k, this.log.timeAt(s))))) out.push(s);
    }
  }
}

function lowerBound(a: readonly number[], x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] < x) lo = m + 1; else hi = m; }
  return lo;
}

function upperBound(a: Int32Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const m = (lo + hi) >> 1; if (a[m] <= x) lo = m + 1; else hi = m; }
  return lo;
}
