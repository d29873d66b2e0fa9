import { ROW_TAGS, isRowTag, type RowTag } from './catalog';
import type { SessionEvent } from './types';

type Arrays = { dt: readonly number[]; payload: readonly string[] };
/** Reads a row's stored line again (a lazy log: the bytes stay where the log's store reads them). */
export type LineReader = () => Uint8Array;

/**
 * Packed chunk rows (core.md §10): storage-only lines that stand for a run of `assistant/chunk`
 * deltas. A validated row stays packed in memory; members are materialized on demand.
 */
export class PackedRow {
  private parsed?: Arrays;

  /**
   * `source` is either the row's validated arrays or its line: text, UTF-8 bytes `[start, end)`
   * of a buffer (`end` < 0: the whole buffer), or a reader of its bytes. A row read from a file is
   * made from the log's columns when asked for and parses its line again when a member is needed,
   * so a million deltas cost no retained objects.
   */
  constructor(
    readonly tag: RowTag,
    readonly seq0: number,
    readonly time0: number,
    readonly turn: number,
    readonly step: number,
    readonly index: number,
    readonly length: number,
    private readonly source: string | Uint8Array | Arrays | LineReader,
    readonly id?: string,
    readonly name?: string,
    initial?: Arrays,
    private readonly start = 0,
    private readonly end = -1,
  ) {
    this.parsed = initial;
  }

  /** Drops arrays held since decoding; a row with a text source parses them again on demand. */
  release(): void {
    const src = this.source;
    if ((typeof src === 'string' || typeof src === 'function' || src instanceof Uint8Array) && lastParsed !== this) this.parsed = undefined;
  }

  private arrays(): Arrays {
    if (this.parsed) return this.parsed;
    const src = this.source;
    if (typeof src === 'function') return this.parseLine(utf8.decode(src()));
    if (typeof src !== 'string' && !(src instanceof Uint8Array)) return src;
    return this.parseLine(typeof src === 'string' ? src : utf8.decode(this.end < 0 ? src : src.subarray(this.start, this.end)));
  }

  private parseLine(text: string): Arrays {
    const data = JSON.parse(text).data;
    // Only the most recently used row keeps its arrays: scrolling through a log stays bounded.
    if (lastParsed && lastParsed !== this) lastParsed.parsed = undefined;
    lastParsed = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the one row that keeps its arrays
    return (this.parsed = { dt: data.dt, payload: this.tag === 'tool-call-chunks' ? data.args : data.texts });
  }

  get dt(): readonly number[] {
    return this.arrays().dt;
  }

  get payload(): readonly string[] {
    return this.arrays().payload;
  }

  timeAt(k: number): number {
    let t = this.time0;
    const dt = this.dt;
    for (let i = 0; i < k; i++) t += dt[i];
    return t;
  }

  /** The k-th member as the event the row stands for, in the codec's fixed key order. */
  member(k: number, time = this.timeAt(k)): SessionEvent {
    const kind = ROW_TAGS[this.tag];
    const p = this.payload[k];
    const chunk = kind === 'tool-call-delta'
      ? (this.name !== undefined
        ? { type: kind, index: this.index, id: this.id, name: this.name, argumentsDelta: p }
        : { type: kind, index: this.index, id: this.id, argumentsDelta: p })
      : { type: kind, index: this.index, text: p };
    return { type: 'assistant/chunk', seq: this.seq0 + k, time, data: { turn: this.turn, step: this.step, chunk } };
  }

  /** All members, expanded. */
  expand(): SessionEvent[] {
    const out: SessionEvent[] = [];
    const dt = this.dt;
    let t = this.time0;
    for (let k = 0; k < this.length; k++) {
      if (k > 0) t += dt[k - 1];
      out.push(this.member(k, t));
    }
    return out;
  }
}

let lastParsed: PackedRow | undefined;
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

const malformedRow = (tag: string, why: string) => new Error(`malformed ${tag} storage row: ${why}`);

/** Exactly these own keys (this runs on every row read, so plain loops rather than callbacks). */
const sameKeys = (o: object, keys: readonly string[]) => {
  const own = Object.keys(o);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) if (!Object.prototype.hasOwnProperty.call(o, keys[i])) return false;
  return true;
};
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const ENVELOPE = ['type', 'seq0', 'time0', 'data'];
const TEXT_DATA = ['turn', 'step', 'index', 'dt', 'texts'];
const TOOL_DATA = ['turn', 'step', 'index', 'id', 'dt', 'args'];
const TOOL_DATA_NAMED = ['turn', 'step', 'index', 'id', 'dt', 'name', 'args'];

/**
 * The last tool-call id and name a row kept: the rows of one call (split by other deltas) share
 * one string instead of each keeping its own parsed copy.
 */
let lastId = '', lastName = '';
const sharedId = (id: string) => (id === lastId ? lastId : (lastId = id));
const sharedName = (name: string) => (name === lastName ? lastName : (lastName = name));

/** The tag as a shared constant, so that a row does not keep its own copy of the parsed string. */
const canonicalTag = (t: RowTag): RowTag => (t === 'text-chunks' ? 'text-chunks' : t === 'reasoning-chunks' ? 'reasoning-chunks' : 'tool-call-chunks');

/**
 * Validates one parsed storage line (a JSON.parse result). A row tag yields a PackedRow or throws
 * «malformed <tag> storage row: <why>»; any other value passes through unvalidated. `source`, when
 * given, is the row's line (text, or bytes `[start, end)` of a buffer; the whole buffer when no
 * range is given), which the row keeps instead of the parsed arrays.
 */
export function decodeStorageRecord(v: unknown, source?: string | Uint8Array, start = 0, end = -1): PackedRow | unknown {
  if (!isObj(v) || Array.isArray(v) || !isRowTag(v.type)) return v;
  const tag = canonicalTag(v.type);
  const fail = (why: string) => malformedRow(tag, why);
  if (!sameKeys(v, ENVELOPE)) throw fail('envelope keys');
  const { seq0, time0, data } = v;
  if (typeof seq0 !== 'number' || !Number.isSafeInteger(seq0) || seq0 < 0) throw fail('seq0');
  if (typeof time0 !== 'number' || !Number.isSafeInteger(time0)) throw fail('time0');
  if (!isObj(data)) throw fail('data');
  const tool = tag === 'tool-call-chunks';
  if (tool) {
    const ok = sameKeys(data, TOOL_DATA) || sameKeys(data, TOOL_DATA_NAMED);
    if (!ok) throw fail('data keys');
    if (typeof data.id !== 'string') throw fail('id');
    if ('name' in data && typeof data.name !== 'string') throw fail('name');
  } else if (!sameKeys(data, TEXT_DATA)) throw fail('data keys');
  if (typeof data.turn !== 'number' || typeof data.step !== 'number' || typeof data.index !== 'number') throw fail('turn/step/index');
  const payload = tool ? data.args : data.texts;
  if (!Array.isArray(payload) || payload.length === 0) throw fail('payload');
  for (let i = 0; i < payload.length; i++) if (typeof payload[i] !== 'string') throw fail('payload');
  const dt = data.dt;
  if (!Array.isArray(dt)) throw fail('dt');
  for (let i = 0; i < dt.length; i++) { const d = dt[i]; if (typeof d !== 'number' || !Number.isSafeInteger(d)) throw fail('dt'); }
  if (dt.length !== payload.length - 1) throw fail('dt arity');
  if (!Number.isSafeInteger(seq0 + payload.length - 1)) throw fail('member seq range');
  let t = time0;
  for (let i = 0; i < dt.length; i++) { t += dt[i] as number; if (!Number.isSafeInteger(t)) throw fail('member time range'); }
  const arrays = { dt: dt as number[], payload: payload as string[] };
  return new PackedRow(tag, seq0, time0, data.turn, data.step, data.index, payload.length, source ?? arrays,
    tool ? sharedId(data.id as string) : undefined, tool && 'name' in data ? sharedName(data.name as string) : undefined, source ? arrays : undefined,
    start, source instanceof Uint8Array ? end : -1);
}

type Delta = { kind: string; turn: number; step: number; index: number; text: string; id?: string; name?: string; hasName: boolean };

function packable(e: SessionEvent): Delta | null {
  if (e.type !== 'assistant/chunk' || !sameKeys(e, ['type', 'seq', 'time', 'data'])) return null;
  if (!Number.isSafeInteger(e.seq) || e.seq < 0 || !Number.isSafeInteger(e.time)) return null;
  const d = e.data;
  if (!isObj(d) || !sameKeys(d, ['turn', 'step', 'chunk']) || typeof d.turn !== 'number' || typeof d.step !== 'number') return null;
  const c = d.chunk;
  if (!isObj(c) || typeof c.index !== 'number') return null;
  if ((c.type === 'text-delta' || c.type === 'reasoning-delta') && sameKeys(c, ['type', 'index', 'text']) && typeof c.text === 'string') {
    return { kind: c.type, turn: d.turn, step: d.step, index: c.index, text: c.text, hasName: false };
  }
  if (c.type === 'tool-call-delta' && typeof c.id === 'string' && typeof c.argumentsDelta === 'string') {
    if (sameKeys(c, ['type', 'index', 'id', 'argumentsDelta'])) return { kind: c.type, turn: d.turn, step: d.step, index: c.index, text: c.argumentsDelta, id: c.id, hasName: false };
    if (sameKeys(c, ['type', 'index', 'id', 'name', 'argumentsDelta']) && typeof c.name === 'string') {
      return { kind: c.type, turn: d.turn, step: d.step, index: c.index, text: c.argumentsDelta, id: c.id, name: c.name, hasName: true };
    }
  }
  return null;
}

const TAG_OF: Record<string, RowTag> = { 'text-delta': 'text-chunks', 'reasoning-delta': 'reasoning-chunks', 'tool-call-delta': 'tool-call-chunks' };

/** Minimum members for a packed row (format constant). */
export const MIN_RUN = 3;

/** Packs runs of ≥3 eligible deltas into row records; everything else is emitted verbatim, in order. */
export function packChunkRuns(events: readonly SessionEvent[]): unknown[] {
  const out: unknown[] = [];
  let run: { e: SessionEvent; d: Delta }[] = [];
  const flush = () => {
    if (run.length >= MIN_RUN) {
      const f = run[0];
      const dt = run.slice(1).map((m, i) => m.e.time - run[i].e.time);
      const data: Record<string, unknown> = { turn: f.d.turn, step: f.d.step, index: f.d.index, dt };
      if (f.d.kind === 'tool-call-delta') {
        data.id = f.d.id;
        if (f.d.hasName) data.name = f.d.name;
        data.args = run.map((m) => m.d.text);
      } else data.texts = run.map((m) => m.d.text);
      out.push({ type: TAG_OF[f.d.kind], seq0: f.e.seq, time0: f.e.time, data });
    } else for (const m of run) out.push(m.e);
    run = [];
  };
  for (const e of events) {
    const d = packable(e);
    if (!d) { flush(); out.push(e); continue; }
    const p = run[run.length - 1];
    const continues = p && p.d.kind === d.kind && e.seq === p.e.seq + 1 && Number.isSafeInteger(e.time - p.e.time)
      && p.d.turn === d.turn && p.d.step === d.step && p.d.index === d.index
      && (d.kind !== 'tool-call-delta' || (p.d.id === d.id && p.d.hasName === d.hasName && p.d.name === d.name));
    if (!continues) flush();
    run.push({ e, d });
  }
  flush();
  return out;
}
