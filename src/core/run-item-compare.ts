import { isPlainRecord } from './errors';
import type { EventLog } from './event-log';
import { jsonEqual } from './json';
import { canonicalHeader, headerEquals, type CanonicalHeader } from './request-header';
import { itemOfSeq, K_HEADER, K_SURFACE, type RunItems } from './run-items';
import type { SessionEvent } from './types';

/** One run as the comparison reads it: its log, its compared items, and what each replacement shadowed. */
export interface RunSide {
  readonly log: EventLog;
  readonly items: RunItems;
  /** Replacement seq → the surface nodes it shadowed (the fold's record). */
  readonly shadowed: ReadonlyMap<number, readonly number[]>;
}

/** Source keys that name ids (a call, a compaction, a command, a goal…) or opaque adapter state: never compared. */
const isIdKey = (k: string) => k === 'id' || k.endsWith('Id') || k === 'replayState';

/** A copy of a record without the keys `drop` names (own data properties, so `__proto__` stays a plain key). */
function without(r: Record<string, unknown>, drop: (k: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).filter(([k]) => !drop(k)));
}

/**
 * A content block as compared: a tool call by name and arguments, a tool result by content and
 * isError, no ids. An image keeps its `attachmentId`: that is `sha256:<hex>` of the image's bytes
 * (persistence §5.1), the same in two runs that attach the same image, so it is content, not an id.
 */
function projectBlock(b: unknown): unknown {
  if (!isPlainRecord(b)) return b;
  switch (b.type) {
    case 'tool-call': return without(b, (k) => k === 'id');
    case 'tool-result': return { type: b.type, content: projectContent(b.content), isError: b.isError === true };
    default: return b;
  }
}

function projectContent(c: unknown): unknown {
  return Array.isArray(c) ? c.map(projectBlock) : c;
}

function messageOf(e: SessionEvent): Record<string, unknown> | undefined {
  const m = e.type === 'user/message' ? e.data : e.data?.message;
  return isPlainRecord(m) ? m : undefined;
}

/**
 * What is compared of an event item: the message's content (ids dropped) and, for a user message
 * or a replacement, its source without ids (a compaction checkpoint is told from a prompt by it).
 * Times, ids, usage, turn/step numbers and sourceEventSeqs are left out.
 */
export function projectItem(e: SessionEvent): unknown {
  const m = messageOf(e);
  if (!m) return { type: e.type, message: null };
  const out: Record<string, unknown> = { type: e.type, content: projectContent(m.content) };
  if (e.type !== 'assistant/message' && isPlainRecord(m.source)) out.source = without(m.source, isIdKey);
  if (e.type === 'assistant/message' && e.data?.interrupted === true) out.interrupted = true;
  return out;
}

const QUOTE = 0x22, MINUS = 0x2d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const utf8 = (s: string) => new TextEncoder().encode(s);
const PREFIX = utf8('{"type":"'), SEQ = utf8('","seq":'), TIME = utf8(',"time":'), DATA = utf8(',"data":');

/**
 * Where a stored line `b` continues after its envelope `{"type":"T","seq":N,"time":N,"data":`
 * (the writer's key order), so that two lines are compared on the rest; -1 when the line is not of
 * exactly that shape.
 */
function bodyStart(b: Uint8Array): number {
  const end = b.length;
  let p = after(b, 0, end, PREFIX);
  if (p < 0) return -1;
  while (p < end && b[p] !== QUOTE) p++; // a surface type name: no escapes
  if ((p = after(b, p, end, SEQ)) < 0) return -1;
  while (p < end && isDigit(b[p])) p++;
  if ((p = after(b, p, end, TIME)) < 0) return -1;
  if (b[p] === MINUS) p++;
  while (p < end && isDigit(b[p])) p++;
  return after(b, p, end, DATA);
}

/** The position after `lit` when bytes [p, end) of `b` start with it, else -1. */
function after(b: Uint8Array, p: number, end: number, lit: Uint8Array): number {
  if (p + lit.length > end) return -1;
  for (let k = 0; k < lit.length; k++) if (b[p + k] !== lit[k]) return -1;
  return p + lit.length;
}

/**
 * Are the two events' stored lines byte-equal from `"data":` to the end? Then their items are
 * equal. Compared 8 bytes at a time as doubles: equal doubles are equal bits except ±0, which is
 * checked; a NaN pattern compares unequal, which only sends the pair to the parsing path.
 */
function bodiesEqual(a: EventLog, sa: number, b: EventLog, sb: number): boolean {
  const x = a.isPacked(sa) ? undefined : a.lineBytes(sa);
  const pa = x ? bodyStart(x) : -1;
  const y = pa < 0 || b.isPacked(sb) ? undefined : b.lineBytes(sb);
  const pb = y ? bodyStart(y) : -1;
  if (!x || !y || pb < 0) return false;
  const n = x.length - pa;
  if (n !== y.length - pb) return false;
  const dx = new DataView(x.buffer, x.byteOffset, x.byteLength), dy = new DataView(y.buffer, y.byteOffset, y.byteLength);
  let k = 0;
  for (; k + 8 <= n; k += 8) {
    const u = dx.getFloat64(pa + k), v = dy.getFloat64(pb + k);
    if (u !== v || (u === 0 && !Object.is(u, v))) return false;
  }
  for (; k < n; k++) if (x[pa + k] !== y[pb + k]) return false;
  return true;
}

/** Compares the items of two runs; remembers header pairs (a log has few headers and many steps). */
export class ItemComparer {
  private readonly headers = new Map<number, boolean>();
  private readonly canon = [new Map<number, CanonicalHeader | null>(), new Map<number, CanonicalHeader | null>()];
  constructor(private readonly a: RunSide, private readonly b: RunSide) {}

  private header(side: 0 | 1, seq: number): CanonicalHeader | null {
    if (seq < 0) return null;
    const memo = this.canon[side];
    let h = memo.get(seq);
    if (h === undefined) {
      const raw = (side === 0 ? this.a : this.b).log.rawAt(seq).data?.header;
      h = isPlainRecord(raw) ? canonicalHeader(raw) : null;
      memo.set(seq, h);
    }
    return h;
  }

  /** The nodes a replacement shadowed, as places in its own run ("turn:step:index"), in surface order. */
  private replacedPlaces(side: RunSide, seq: number): string[] {
    const out: string[] = [];
    for (const s of side.shadowed.get(seq) ?? []) {
      const k = itemOfSeq(side.items, s);
      out.push(k >= 0 ? `${side.items.turn[k]}:${side.items.step[k]}:${side.items.index[k]}` : '?');
    }
    return out;
  }

  /** Item i of A against item j of B: same kind, and the same compared content. */
  equal(i: number, j: number): boolean {
    const A = this.a, B = this.b, k = A.items.kind[i];
    if (k !== B.items.kind[j]) return false;
    const sa = A.items.seq[i], sb = B.items.seq[j];
    if (k === K_HEADER) {
      const key = (sa + 1) * 2 ** 22 + (sb + 1);
      let eq = this.headers.get(key);
      if (eq === undefined) {
        const ha = this.header(0, sa), hb = this.header(1, sb);
        eq = ha === null || hb === null ? ha === hb : headerEquals(ha, hb);
        this.headers.set(key, eq);
      }
      return eq;
    }
    if (!bodiesEqual(A.log, sa, B.log, sb)) {
      const ea = A.log.rawAt(sa), eb = B.log.rawAt(sb);
      if (ea.type !== eb.type || jsonEqual(projectItem(ea), projectItem(eb)) !== true) return false;
    }
    if (k !== K_SURFACE) return true;
    const pa = this.replacedPlaces(A, sa), pb = this.replacedPlaces(B, sb);
    return pa.length === pb.length && pa.every((p, x) => p === pb[x]);
  }
}
