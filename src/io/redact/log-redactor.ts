/**
 * The redaction pass over a log's physical lines, fed a piece at a time (plain text or the
 * plaintext of zstd frames). Every line comes out, in order, as it came in unless something in it
 * was redacted: a parsed record is written back with `JSON.stringify` (its key order kept), a line
 * that does not parse (a torn tail, an unparsable record) is redacted in its raw text and stays
 * unparsable. A line is held only while a stream it holds deltas of is still open.
 */
import { concatBytes } from '../bytes';
import type { ByteText } from '../record-scanner';
import { previewsOf } from './preview';
import type { RuleMatch } from './rules';
import { blockEnd, chunkStream, endsAllStreams, pieceEdits, applyEdits, piecePath, rowStream, type Piece, type Stream } from './streams';
import { applySpans, replacementOf, type TextScanner } from './text-scan';
import type { Finding, FindingPlace } from './types';
import { collectStrings, type Slot } from './walk';
import { serialize, setSlot } from './write-back';

export interface LineRec {
  readonly line: number;
  /** The line's text while it may be edited as raw text (unparsable lines, the torn tail). */
  text?: string;
  /** The line's bytes as read (without its line feed): written back as they are when nothing changed. */
  readonly bytes: Uint8Array;
  readonly lf: boolean;
  value?: Record<string, unknown> | unknown[];
  raw: boolean;
  /** Deltas of this line in streams not yet scanned. */
  open: number;
  dirty: boolean;
}

interface Unit {
  readonly text: string;
  readonly rec?: LineRec;
  readonly slot?: Slot;
  readonly seq?: number;
  readonly path: string;
  readonly pieces?: readonly Piece<LineRec>[];
}

export interface RedactorSettings {
  readonly scanner: TextScanner;
  /**
   * Receives each line as it is final: its bytes as read when nothing in it changed, else its new
   * text (`lf`: it ended with a line feed; `read`: its length as read, in bytes, its LF included).
   */
  readonly onLine?: (line: string | Uint8Array, lf: boolean, read: number) => void;
  /** Native byte-to-text primitives, where the host has them (Node): ASCII lines skip UTF-8 decoding. */
  readonly byteText?: ByteText;
  /** Write redactions into the lines (else only find). */
  readonly apply: boolean;
  /** Kept values (`rule NUL text`), learnt by a first pass. */
  readonly keptValues?: ReadonlySet<string>;
  /** First pass: the kept finding ids whose values go into `learnt`. */
  readonly keepIds?: ReadonlySet<string>;
  readonly learnt?: Set<string>;
}

/** Bytes of new lines after which the held lines are scanned. */
const BLOCK_BYTES = 2 << 20;
const EMPTY = new Uint8Array(0);

const valueKey = (m: RuleMatch, text: string) => `${m.rule}\u0000${text.slice(m.start, m.end)}`;

export class LogRedactor {
  readonly findings: Finding[] = [];
  lines = 0;
  changedLines = 0;
  private queue: LineRec[] = [];
  private head = 0;
  private ready: Unit[] = [];
  private readonly streams = new Map<string, Stream<LineRec>>();
  private sinceScan = 0;
  private carry: Uint8Array = EMPTY;
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly want: (s: string) => boolean;

  constructor(private readonly s: RedactorSettings) {
    this.want = (x) => s.scanner.mayMatch(x);
  }

  /**
   * Plaintext bytes; a line may be split across pushes. The lines keep views of `bytes` until they
   * are written: the caller must not reuse it.
   */
  async push(bytes: Uint8Array): Promise<void> {
    let from = 0;
    if (this.carry.length) {
      // the line begun in an earlier piece is joined on its own (the piece itself is never copied)
      const nl = bytes.indexOf(10);
      if (nl < 0) { this.carry = concatBytes([this.carry, bytes]); return; }
      const line = concatBytes([this.carry, bytes.subarray(0, nl + 1)]);
      this.carry = EMPTY;
      this.addBlock(line, 0, line.length - 1);
      from = nl + 1;
    }
    const last = bytes.lastIndexOf(10);
    if (last < from) { this.carry = bytes.slice(from); return; }
    this.addBlock(bytes, from, last);
    this.carry = last + 1 < bytes.length ? bytes.slice(last + 1) : EMPTY;
    if (this.sinceScan >= BLOCK_BYTES) await this.scanHeld();
  }

  /** Ends the input: the bytes after the last line feed are the torn tail (raw, never parsed). */
  async end(): Promise<void> {
    const rest = this.carry;
    this.carry = EMPTY;
    if (rest.length) this.addLine(this.decoder.decode(rest), rest, false);
    for (const st of [...this.streams.values()]) this.close(st);
    await this.scanHeld();
  }

  /** The lines of `buf` through its LF at `lastLf`, as text (ASCII lines without UTF-8 decoding where the host allows). */
  private addBlock(buf: Uint8Array, from: number, lastLf: number): void {
    const bt = this.s.byteText;
    if (bt) {
      for (let p = from; p <= lastLf;) {
        const nl = buf.indexOf(10, p);
        this.addLine(bt.isAscii(buf, p, nl) ? bt.latin1(buf, p, nl) : this.decoder.decode(buf.subarray(p, nl)), buf.subarray(p, nl), true);
        p = nl + 1;
      }
      return;
    }
    // LF bytes and '\n' characters pair up one to one: no UTF-8 sequence holds an LF byte
    const text = this.decoder.decode(buf.subarray(from, lastLf + 1));
    for (let p = from, q = 0; p <= lastLf;) {
      const nl = buf.indexOf(10, p), nq = text.indexOf('\n', q);
      this.addLine(text.slice(q, nq), buf.subarray(p, nl), true);
      p = nl + 1; q = nq + 1;
    }
  }

  private addLine(text: string, bytes: Uint8Array, lf: boolean): void {
    const rec: LineRec = { line: ++this.lines, bytes, lf, raw: false, open: 0, dirty: false };
    this.queue.push(rec);
    this.sinceScan += bytes.length + 1;
    if (lf && this.plainLine(text)) return;
    let v: unknown;
    let parsed = lf;
    if (parsed) try { v = JSON.parse(text); } catch { parsed = false; }
    if (!parsed || typeof v !== 'object' || v === null) {
      rec.raw = true;
      rec.text = text;
      if (this.want(text)) this.ready.push({ text, rec, path: '' });
      return;
    }
    const root = v as Record<string, unknown> | unknown[];
    const o = Array.isArray(root) ? undefined : root;
    const seq = typeof o?.seq === 'number' ? o.seq : undefined;
    const slots: Slot[] = [];
    let held = false;
    const row = o && rowStream(o);
    const chunk = o && !row ? chunkStream(o) : undefined;
    if (row) {
      const seq0 = typeof o.seq0 === 'number' ? o.seq0 : undefined;
      const field = `data.${row.field}`;
      for (let k = 0; k < row.members.length; k++) {
        const t = row.members[k];
        if (typeof t === 'string') this.addPiece(row.key, row.block, { rec, parent: row.members, key: k, field, index: k, seq: seq0 === undefined ? undefined : seq0 + k, text: t });
      }
      held = true;
    } else if (chunk) {
      this.addPiece(chunk.key, chunk.block, { rec, parent: chunk.chunk, key: chunk.field, field: `data.chunk.${chunk.field}`, index: -1, seq, text: chunk.chunk[chunk.field] as string });
      held = true;
    }
    const skip = row ? (p: object) => p === row.members : chunk ? (p: object, k: string | number) => p === chunk.chunk && k === chunk.field : undefined;
    collectStrings(root, this.want, slots, skip);
    for (const slot of slots) this.ready.push({ text: slot.text, rec, slot, seq, path: slot.path });
    if (slots.length || held) rec.value = root;
    if (o) {
      const ended = blockEnd(o);
      if (ended !== undefined) for (const st of [...this.streams.values()]) if (st.block === ended) this.close(st);
      if (endsAllStreams(o.type)) for (const st of [...this.streams.values()]) this.close(st);
    }
  }

  /**
   * True when a line needs no parse: it holds no backslash (so its strings' text is its own text),
   * no rule's trigger anywhere in it, and by its leading type (the writer's key order) it is not a
   * delta, a block end or an event that ends streams; an event that ends streams still ends them.
   */
  private plainLine(text: string): boolean {
    if (!text.startsWith('{"type":"') || text.includes('\\')) return false;
    const end = text.indexOf('"', 9);
    const type = text.slice(9, end);
    if (type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks') return false;
    if (type === 'assistant/chunk' && (text.includes('-delta"') || text.includes('"block-end"'))) return false;
    if (this.want(text)) return false;
    if (endsAllStreams(type)) for (const st of [...this.streams.values()]) this.close(st);
    return true;
  }

  private addPiece(key: string, block: string, p: Piece<LineRec>): void {
    let st = this.streams.get(key);
    if (!st) { st = { key, block, pieces: [] }; this.streams.set(key, st); }
    st.pieces.push(p);
    p.rec.open++;
  }

  private close(st: Stream<LineRec>): void {
    this.streams.delete(st.key);
    this.ready.push({ text: st.pieces.map((p) => p.text).join(''), pieces: st.pieces, path: '', seq: st.pieces[0].seq });
  }

  /** Scans every ready text, writes the redactions, and hands on the lines that are final. */
  private async scanHeld(): Promise<void> {
    this.sinceScan = 0;
    const units = this.ready;
    this.ready = [];
    const spans = await this.s.scanner.scan(units.map((u) => u.text));
    for (let i = 0; i < units.length; i++) {
      if (spans[i].length) this.judge(units[i], spans[i]);
      for (const p of units[i].pieces ?? []) p.rec.open--;
    }
    this.emit();
  }

  private judge(u: Unit, spans: RuleMatch[]): void {
    const marked = previewsOf(u.text, spans);
    const applied: RuleMatch[] = [];
    spans.forEach((m, i) => {
      const key = valueKey(m, u.text);
      const where = u.pieces ? placesOf(u.pieces, m) : { place: { ...(u.seq !== undefined ? { seq: u.seq } : {}), line: u.rec!.line, path: u.path }, offset: m.start, parts: undefined };
      const id = `${where.place.line}:${where.place.path}:${where.offset}`;
      if (this.s.keepIds?.has(id)) this.s.learnt?.add(key);
      const kept = this.s.keptValues?.has(key) ?? false;
      this.findings.push({
        id, rule: m.rule, ...where.place, preview: marked[i], length: m.end - m.start, replacement: replacementOf(m),
        ...(u.rec?.raw ? { raw: true as const } : {}), ...(where.parts ? { parts: where.parts } : {}), ...(kept ? { kept: true as const } : {}),
      });
      if (!kept) applied.push(m);
    });
    if (!this.s.apply || applied.length === 0) return;
    if (u.pieces) {
      const edits = pieceEdits(u.pieces, applied);
      u.pieces.forEach((p, k) => {
        if (edits[k].length === 0) return;
        setSlot(p.parent, p.key, applyEdits(p.text, edits[k]));
        p.rec.dirty = true;
      });
      return;
    }
    const rec = u.rec!;
    const text = applySpans(u.text, applied);
    if (u.slot) setSlot(u.slot.parent, u.slot.key, text);
    else rec.text = text;
    rec.dirty = true;
  }

  private emit(): void {
    const q = this.queue;
    while (this.head < q.length && q[this.head].open === 0) {
      const rec = q[this.head++];
      if (rec.dirty) this.changedLines++;
      this.s.onLine?.(!rec.dirty ? rec.bytes : rec.raw ? rec.text! : serialize(rec.value!), rec.lf, rec.bytes.length + (rec.lf ? 1 : 0));
    }
    if (this.head > 4096 && this.head * 2 > q.length) { this.queue = q.slice(this.head); this.head = 0; }
  }
}

/** The place of a streamed span: the delta holding its start, and every delta holding part of it. */
function placesOf(pieces: readonly Piece<LineRec>[], m: RuleMatch): { place: FindingPlace; offset: number; parts: FindingPlace[] } {
  const parts: FindingPlace[] = [];
  let offset = 0;
  for (let q = 0, b = 0; q < pieces.length && b < m.end; b += pieces[q].text.length, q++) {
    const p = pieces[q];
    if (b + p.text.length <= m.start || p.text.length === 0) continue;
    if (parts.length === 0) offset = m.start - b;
    parts.push({ ...(p.seq !== undefined ? { seq: p.seq } : {}), line: p.rec.line, path: piecePath(p) });
  }
  return { place: parts[0], offset, parts };
}
