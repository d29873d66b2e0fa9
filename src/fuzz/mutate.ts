/**
 * Seeded mutators over valid session logs: bytes, lines, JSON values and zstd frames. Each
 * mutator is a pure function of (rng, input); the same seed gives the same bytes.
 */
import { concatBytes, frameSpans, xxh64low32 } from '../io/zstd-encode';
import { Rng } from '../synth/prng';
import { zstdFromJsonl } from './seeds';

export type ByteMutator = (rng: Rng, b: Uint8Array) => Uint8Array;

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Prototype-pollution keys, the ones a naive merge or `obj[k] = v` walk would follow. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

// ---------- helpers ----------

function splitLines(b: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let s = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 10) { out.push(b.subarray(s, i + 1)); s = i + 1; }
  if (s < b.length) out.push(b.subarray(s));
  return out;
}

/** Picks a line index, favouring event lines over the header (index 0) but not excluding it. */
function pickLine(rng: Rng, n: number): number {
  return n <= 1 || rng.chance(0.08) ? 0 : 1 + rng.int(n - 1);
}

const insertAt = (b: Uint8Array, at: number, ins: Uint8Array) => concatBytes([b.subarray(0, at), ins, b.subarray(at)]);

// ---------- byte mutators ----------

export const flipBits: ByteMutator = (rng, b) => {
  if (!b.length) return b;
  const out = b.slice();
  const n = rng.range(1, 8);
  for (let i = 0; i < n; i++) out[rng.int(out.length)] ^= 1 << rng.int(8);
  return out;
};

export const setRandomBytes: ByteMutator = (rng, b) => {
  if (!b.length) return b;
  const out = b.slice();
  const n = rng.range(1, 4);
  for (let i = 0; i < n; i++) out[rng.int(out.length)] = rng.pick([0, 0x0a, 0x0d, 0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x80, 0xc0, 0xff, rng.int(256)]);
  return out;
};

export const insertBytes: ByteMutator = (rng, b) => {
  const n = rng.range(1, 16);
  const ins = new Uint8Array(n);
  for (let i = 0; i < n; i++) ins[i] = rng.int(256);
  return insertAt(b, rng.int(b.length + 1), ins);
};

export const deleteBytes: ByteMutator = (rng, b) => {
  if (!b.length) return b;
  const at = rng.int(b.length);
  const n = rng.range(1, Math.min(64, b.length - at));
  return concatBytes([b.subarray(0, at), b.subarray(at + n)]);
};

export const truncate: ByteMutator = (rng, b) => b.slice(0, rng.int(b.length + 1));

export const insertNul: ByteMutator = (rng, b) => insertAt(b, rng.int(b.length + 1), new Uint8Array(rng.range(1, 4)));

/** Invalid UTF-8 sequences: lone continuation, overlong, surrogate half, truncated multibyte, 0xFF. */
export const INVALID_UTF8: readonly number[][] = [[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xff], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];

export const insertInvalidUtf8: ByteMutator = (rng, b) => {
  // inside a JSON string when possible: right after a quote
  const quotes: number[] = [];
  for (let i = 0; i < b.length && quotes.length < 4096; i++) if (b[i] === 0x22) quotes.push(i + 1);
  const at = quotes.length && rng.chance(0.7) ? rng.pick(quotes) : rng.int(b.length + 1);
  return insertAt(b, at, new Uint8Array(rng.pick(INVALID_UTF8)));
};

export const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

export const insertBom: ByteMutator = (rng, b) => {
  if (rng.chance(0.5)) return insertAt(b, 0, BOM);
  const lines = splitLines(b);
  const i = pickLine(rng, lines.length);
  let off = 0;
  for (let k = 0; k < i; k++) off += lines[k].length;
  return insertAt(b, off, BOM);
};

/** LF → CRLF (all or one line). */
export const toCrlf: ByteMutator = (rng, b) => {
  const all = rng.chance(0.6);
  const target = all ? -1 : rng.int(Math.max(1, countLf(b)));
  const out: number[] = [];
  let k = 0;
  for (const x of b) { if (x === 10 && (all || k++ === target)) out.push(13); out.push(x); }
  return Uint8Array.from(out);
};

/** LF → CR only (old Mac endings): the whole file becomes one line to an LF reader. */
export const toCrOnly: ByteMutator = (rng, b) => {
  const keepFirst = rng.chance(0.5); // keep the header's LF so that the scanner sees one huge record
  let seen = false;
  return b.map((x) => { if (x !== 10) return x; if (keepFirst && !seen) { seen = true; return x; } return 13; });
};

function countLf(b: Uint8Array): number {
  let n = 0;
  for (const x of b) if (x === 10) n++;
  return n;
}

// ---------- line mutators ----------

export const dropLine: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  if (!l.length) return b;
  l.splice(pickLine(rng, l.length), 1);
  return concatBytes(l);
};

export const duplicateLine: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  if (!l.length) return b;
  const i = pickLine(rng, l.length);
  const copy = l[i][l[i].length - 1] === 10 ? l[i] : concatBytes([l[i], Uint8Array.of(10)]);
  l.splice(i + (rng.chance(0.5) ? 1 : rng.int(l.length - i + 1)), 0, copy);
  return concatBytes(l);
};

export const swapLines: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  if (l.length < 2) return b;
  const i = pickLine(rng, l.length);
  const j = rng.chance(0.6) ? Math.min(l.length - 1, i + 1) : rng.int(l.length);
  [l[i], l[j]] = [l[j], l[i]];
  return concatBytes(l.map((x) => (x[x.length - 1] === 10 ? x : concatBytes([x, Uint8Array.of(10)]))));
};

export const insertBlankOrJunkLine: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  const junk = rng.pick(['\n', '   \n', '\r\n', 'null\n', '[]\n', '{}\n', '"str"\n', '42\n', '{"type":"turn/end","seq":"x"}\n', '{\n', 'garbage\n']);
  l.splice(rng.int(l.length + 1), 0, enc.encode(junk));
  return concatBytes(l);
};

// ---------- JSON value mutators ----------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const RAW = '\u0000RAW\u0000';

/** Raw JSON texts that a value may be replaced with (some are not expressible as JS values). */
function hostileValueText(rng: Rng): string {
  switch (rng.int(22)) {
    case 0: return '-0';
    case 1: return '1e999';
    case 2: return '-1e999';
    case 3: return '-0.0';
    case 4: return '1e-400';
    case 5: return '12345678901234567890123';
    case 6: return 'null';
    case 7: return '[]';
    case 8: return '{}';
    case 9: return 'true';
    case 10: return '""';
    case 11: return JSON.stringify('x'.repeat(rng.pick([1000, 70_000, 1 << 20])));
    case 12: { const d = rng.pick([100, 2000, 20_000]); return '['.repeat(d) + ']'.repeat(d); }
    case 13: { const d = rng.pick([100, 5000]); return '{"a":'.repeat(d) + '1' + '}'.repeat(d); }
    case 14: return '{"__proto__":{"polluted":1}}';
    case 15: return '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
    case 16: return '{"prototype":{"polluted":true},"toString":1,"hasOwnProperty":"x","valueOf":null}';
    case 17: return String(rng.pick([-1, 0.5, 2 ** 53, 2 ** 53 + 2, -(2 ** 31), 1e21, 4294967296]));
    case 18: return JSON.stringify(rng.pick(['\u0000', '\ud800', '\udfff\ud800', '<script>globalThis.__pwned=1</script>', 'javascript:alert(1)', '\u2028\u2029', '\u202e']));
    case 19: return '[' + Array.from({ length: rng.pick([10, 1000, 100_000]) }, () => '0').join(',') + ']';
    case 20: return JSON.stringify('𝒳'.repeat(rng.range(1, 50)));
    default: return String(rng.int(100));
  }
}

/** Replaces one value (or key) somewhere in one parsed line, and writes it back. */
export const mutateJsonValue: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  if (!l.length) return b;
  const i = pickLine(rng, l.length);
  const text = dec.decode(l[i]);
  let v: Json;
  try { v = JSON.parse(text) as Json; } catch { return b; }
  // collect container slots
  const slots: { parent: Json[] | Record<string, Json>; key: string | number }[] = [];
  const stack: Json[] = [v];
  while (stack.length && slots.length < 5000) {
    const x = stack.pop()!;
    if (Array.isArray(x)) x.forEach((c, k) => { slots.push({ parent: x, key: k }); stack.push(c); });
    else if (x && typeof x === 'object') for (const k of Object.keys(x)) { slots.push({ parent: x, key: k }); stack.push(x[k]); }
  }
  if (!slots.length) return b;
  const s = rng.pick(slots);
  const op = rng.int(10);
  const p = s.parent as Record<string | number, Json>;
  if (op === 0 && !Array.isArray(s.parent)) {
    // rename the key to a pollution key (defineProperty: a plain assignment would set the prototype)
    const val = p[s.key];
    delete p[s.key];
    Object.defineProperty(p, rng.pick(POLLUTION_KEYS), { value: val, enumerable: true, writable: true, configurable: true });
  } else if (op === 1 && !Array.isArray(s.parent)) {
    Object.defineProperty(p, rng.pick(POLLUTION_KEYS), { value: { polluted: 'yes', prototype: { polluted: 'yes' } }, enumerable: true, writable: true, configurable: true });
  } else if (op === 2) {
    delete p[s.key];
  } else if (op === 3) {
    const cur = p[s.key];
    p[s.key] = typeof cur === 'string' ? 0 : typeof cur === 'number' ? String(cur) : Array.isArray(cur) ? {} : cur && typeof cur === 'object' ? [] : 'wrong-type';
  } else {
    p[s.key] = RAW;
  }
  const json = JSON.stringify(v);
  const out = json.replace(JSON.stringify(RAW), () => hostileValueText(rng));
  l[i] = enc.encode(out + (l[i][l[i].length - 1] === 10 ? '\n' : ''));
  return concatBytes(l);
};

/** Adds an unexpected key (often a pollution key) to a record's envelope or data. */
export const addPollutionKey: ByteMutator = (rng, b) => {
  const l = splitLines(b);
  if (!l.length) return b;
  const i = pickLine(rng, l.length);
  const text = dec.decode(l[i]);
  const key = rng.pick(POLLUTION_KEYS);
  const val = rng.pick(['{"polluted":"yes"}', '"x"', 'null', '{"prototype":{"polluted":"yes"}}', '[1]']);
  const target = rng.chance(0.5) ? text.indexOf('"data":{') : -1;
  const at = target >= 0 ? target + 8 : text.indexOf('{') + 1;
  if (at <= 0) return b;
  const sep = text[at] === '}' ? '' : ',';
  l[i] = enc.encode(text.slice(0, at) + JSON.stringify(key) + ':' + val + sep + text.slice(at));
  return concatBytes(l);
};

// ---------- zstd frame mutators (on a zstd artifact) ----------

export const zstdTruncate: ByteMutator = (rng, b) => {
  const spans = frameSpans(b);
  if (rng.chance(0.5) && spans.length) {
    const f = rng.pick(spans);
    return b.slice(0, f.start + rng.int(f.end - f.start)); // cut inside a frame
  }
  return b.slice(0, rng.int(b.length + 1));
};

export const zstdCorruptChecksum: ByteMutator = (rng, b) => {
  const spans = frameSpans(b).filter((f) => f.checksum);
  if (!spans.length) return flipBits(rng, b);
  const out = b.slice();
  const f = rng.pick(spans);
  out[f.end - 1 - rng.int(4)] ^= 1 << rng.int(8);
  return out;
};

/** Changes a byte of a frame's content: decompression works, the checksum fails. */
export const zstdCorruptContent: ByteMutator = (rng, b) => {
  const spans = frameSpans(b);
  if (!spans.length) return flipBits(rng, b);
  const f = rng.pick(spans);
  const out = b.slice();
  const lo = f.blocksStart + 3, hi = f.end - (f.checksum ? 4 : 0);
  if (hi <= lo) return out;
  out[lo + rng.int(hi - lo)] ^= 1 << rng.int(8);
  return out;
};

export const zstdCorruptHeader: ByteMutator = (rng, b) => {
  const spans = frameSpans(b);
  if (!spans.length) return flipBits(rng, b);
  const f = rng.pick(spans);
  const out = b.slice();
  const at = f.start + rng.int(Math.min(f.blocksStart + 3 - f.start, f.end - f.start));
  out[at] = rng.chance(0.5) ? out[at] ^ (1 << rng.int(8)) : rng.int(256);
  return out;
};

export const zstdFrameShuffle: ByteMutator = (rng, b) => {
  const spans = frameSpans(b);
  if (spans.length < 2) return b;
  const frames = spans.map((f) => b.subarray(f.start, f.end));
  const tail = b.subarray(spans[spans.length - 1].end);
  const op = rng.int(3);
  const i = rng.int(frames.length), j = rng.int(frames.length);
  if (op === 0) frames.splice(i, 1);
  else if (op === 1) frames.splice(j, 0, frames[i]);
  else [frames[i], frames[j]] = [frames[j], frames[i]];
  return concatBytes([...frames, tail]);
};

export const zstdAppendJunk: ByteMutator = (rng, b) => {
  const junk = rng.pick([Uint8Array.of(0x28, 0xb5), Uint8Array.of(0, 0, 0, 0, 0), enc.encode('{"type":"turn/end"}\n'), Uint8Array.of(0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4)]);
  return concatBytes([b, junk]);
};

/** Skippable frame (0x184D2A5?) in front or between frames. */
export const zstdSkippableFrame: ByteMutator = (rng, b) => {
  const skip = Uint8Array.of(0x50 + rng.int(16), 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3);
  const spans = frameSpans(b);
  const at = spans.length && rng.chance(0.5) ? rng.pick(spans).end : 0;
  return insertAt(b, at, skip);
};

/** Recomputes every frame's checksum: content mutations then pass the checksum and hit the parser. */
export async function zstdFixChecksums(b: Uint8Array): Promise<Uint8Array> {
  const out = b.slice();
  for (const f of frameSpans(out)) {
    if (!f.checksum) continue;
    // raw blocks only: gather block payloads
    const parts: Uint8Array[] = [];
    let p = f.blocksStart;
    for (;;) {
      const bh = out[p] | (out[p + 1] << 8) | (out[p + 2] << 16);
      const size = bh >> 3;
      if (((bh >> 1) & 3) !== 0) return out;
      parts.push(out.subarray(p + 3, p + 3 + size));
      p += 3 + size;
      if (bh & 1) break;
    }
    const c = await xxh64low32(concatBytes(parts));
    out.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, (c >>> 24) & 0xff], f.end - 4);
  }
  return out;
}

// ---------- tables ----------

export const BYTE_MUTATORS: Readonly<Record<string, ByteMutator>> = {
  flipBits, setRandomBytes, insertBytes, deleteBytes, truncate, insertNul, insertInvalidUtf8, insertBom, toCrlf, toCrOnly,
};
export const LINE_MUTATORS: Readonly<Record<string, ByteMutator>> = { dropLine, duplicateLine, swapLines, insertBlankOrJunkLine };
export const JSON_MUTATORS: Readonly<Record<string, ByteMutator>> = { mutateJsonValue, addPollutionKey };
export const ZSTD_MUTATORS: Readonly<Record<string, ByteMutator>> = {
  zstdTruncate, zstdCorruptChecksum, zstdCorruptContent, zstdCorruptHeader, zstdFrameShuffle, zstdAppendJunk, zstdSkippableFrame,
};

export interface Mutated {
  readonly bytes: Uint8Array;
  readonly encoding: 'jsonl' | 'zstd';
  /** Names of the mutators applied, in order (for reproducing a failure). */
  readonly ops: readonly string[];
}

/**
 * One fuzz case from a valid plain log: 1–3 plaintext mutations (JSON values and lines weighted
 * up), then for about a third of cases a zstd encoding with 0–2 frame mutations.
 */
export async function mutateLog(rng: Rng, validJsonl: Uint8Array): Promise<Mutated> {
  const ops: string[] = [];
  let b = validJsonl;
  const n = rng.range(rng.chance(0.1) ? 0 : 1, 3);
  const weighted: [string, ByteMutator][] = [
    ...Object.entries(JSON_MUTATORS), ...Object.entries(JSON_MUTATORS), ...Object.entries(JSON_MUTATORS),
    ...Object.entries(LINE_MUTATORS), ...Object.entries(LINE_MUTATORS),
    ...Object.entries(BYTE_MUTATORS),
  ];
  for (let k = 0; k < n; k++) {
    const [name, m] = rng.pick(weighted);
    b = m(rng, b);
    ops.push(name);
  }
  if (!rng.chance(0.35)) return { bytes: b, encoding: 'jsonl', ops };
  let z = await zstdFromJsonl(b, { perFrame: rng.range(1, 12), checksum: rng.chance(0.85) });
  ops.push('zstd');
  const zn = rng.range(0, 2);
  for (let k = 0; k < zn; k++) {
    const [name, m] = rng.pick(Object.entries(ZSTD_MUTATORS));
    z = m(rng, z);
    ops.push(name);
  }
  if (zn && rng.chance(0.2)) { z = await zstdFixChecksums(z); ops.push('fixChecksums'); }
  return { bytes: z, encoding: 'zstd', ops };
}
