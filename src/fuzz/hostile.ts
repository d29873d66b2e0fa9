/**
 * The named hostile inputs of issue 6, as byte generators shared by unit tests, the fuzzer and the
 * browser e2e tests. All are deterministic. Sizes default to the figures and can be
 * scaled down for quick tests.
 */
import { zipSync } from 'fflate';
import { concatBytes, frameSpans } from '../io/zstd-encode';
import { Rng } from '../synth/prng';
import { BOM, INVALID_UTF8, POLLUTION_KEYS } from './mutate';
import { buildSeedRecords, recordsToJsonl, seedJsonl, utf8, zstdFromJsonl, type SeedOptions, type StringSlot } from './seeds';

export { POLLUTION_KEYS };

/** A page flag that any executed payload sets; e2e asserts it stays unset. */
export const PWNED_FLAG = '__seqscopePwned';
/** A host that no test may contact: payloads that would fetch point here. */
export const EVIL_ORIGIN = 'https://evil.invalid';

const run = `window.${PWNED_FLAG}=1`;

/** Script-bearing payloads: each would run `run` or leave the origin if rendered as HTML or followed. */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>${run}</script>`,
  `<img src=x onerror="${run}">`,
  `<a href="javascript:${run}">click</a>`,
  `[click me](javascript:${run})`,
  `![img](javascript:${run})`,
  `<svg xmlns="http://www.w3.org/2000/svg"><script>${run}</script></svg>`,
  `<svg onload="${run}"></svg>`,
  `<iframe srcdoc="<script>parent.${PWNED_FLAG}=1</script>"></iframe>`,
  `<!-- hidden --><img src=x onerror=${run}>`,
  '```\n</code></pre><script>' + run + '</script>\n```',
  `<details open ontoggle="${run}"><summary>x</summary></details>`,
  `[link](${EVIL_ORIGIN}/leak) <img src="${EVIL_ORIGIN}/pixel.png">`,
  `<style>@import url(${EVIL_ORIGIN}/x.css)</style>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${run}">`,
  `"><script>${run}</script>`,
  `\u0000<script>${run}</script>`,
];

/** One string carrying every payload (plus the original value, so shapes stay plausible). */
export function payloadString(base: string): string {
  return `${base} ${XSS_PAYLOADS.join(' ')}`;
}

/** File name with a payload, for `loadBytes(…, { fileName })` and file-picker e2e. */
export const PAYLOAD_FILE_NAME = `<img src=x onerror="${run}">.jsonl`;

/** A valid log with the payloads in every string field (ids, cwd, system prompt, tool schemas, texts, …). */
export function xssPayloadLog(o: SeedOptions = {}): Uint8Array {
  return seedJsonl({
    turns: 3, ...o,
    str: (slot: StringSlot, v: string) => (slot === 'cwd' ? `/home/${payloadString('dev')}` : payloadString(v)),
  });
}

/** An own-key object `{ __proto__: …, constructor: …, prototype: … }` built without touching prototypes. */
export function pollutionObject(depth = 2): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of POLLUTION_KEYS) {
    const inner = depth > 1 ? pollutionObject(depth - 1) : { polluted: 'yes', toString: 'x', hasOwnProperty: 'x' };
    Object.defineProperty(o, k, { value: { polluted: 'yes', ...inner }, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/**
 * Prototype-pollution keys everywhere a log can hold them: the header, every `data` object,
 * nested objects. `where: 'loadable'` keeps envelopes clean (the log loads and the keys show as
 * ordinary data keys); `'everywhere'` also puts them on envelopes (the log is refused).
 */
export function pollutionLog(where: 'loadable' | 'everywhere' = 'loadable', o: SeedOptions = {}): Uint8Array {
  const recs = buildSeedRecords({ turns: 2, ...o, // turn/end data with a reason must have exactly two keys (a DSH legacy rule), so it stays clean
    extraData: (type: string) => (type === 'turn/end' ? {} : pollutionObject(2)), extraHeader: pollutionObject(1) });
  if (where === 'everywhere') for (const r of recs.slice(1)) for (const k of POLLUTION_KEYS) Object.defineProperty(r, k, { value: { polluted: 'yes' }, enumerable: true, writable: true, configurable: true });
  const text = recordsToJsonl(recs);
  if (!text.includes('"__proto__"')) throw new Error('pollution keys were lost while serializing');
  return utf8(text);
}

/** `depth` levels of nesting as JSON text, arrays or objects. */
export function deepJsonText(depth: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array' ? '['.repeat(depth) + '0' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);
}

/**
 * A valid log plus values nested `depth` levels deep: in a non-message event's data, in a tool
 * result's content (a derived message), and optionally in the header (dropped by the gate).
 */
export function deepNestingLog(depth = 100_000, kind: 'array' | 'object' = 'array'): Uint8Array {
  const recs = buildSeedRecords({ turns: 1, rng: Rng.fromState(7) });
  const deep = deepJsonText(depth, kind);
  const header = JSON.stringify(recs[0]).replace(/\}$/, `,"deep":${deep}}`);
  let seq = nextSeq(recs);
  const lines = [header, ...recs.slice(1).map((r) => JSON.stringify(r))];
  lines.push(`{"type":"turn/start","seq":${seq++},"time":1767225700000,"data":{"turn":2,"deep":${deep}}}`);
  lines.push(`{"type":"user/message","seq":${seq++},"time":1767225700001,"data":{"id":"deep-user","role":"user","content":[{"type":"text","text":"deep","extra":${deep}}],"source":{"kind":"user"}},"surfaceOp":"append"}`);
  lines.push(`{"type":"hook/result","seq":${seq++},"time":1767225700002,"data":{"value":${deep}}}`);
  lines.push(`{"type":"turn/end","seq":${seq},"time":1767225700003,"data":{"turn":2,"reason":{"kind":"completed"}}}`);
  return utf8(lines.join('\n') + '\n');
}

function nextSeq(recs: Record<string, unknown>[]): number {
  const last = recs[recs.length - 1];
  return typeof last.seq0 === 'number' ? last.seq0 + ((last.data as { texts?: unknown[]; args?: unknown[] }).texts ?? (last.data as { args: unknown[] }).args).length : (last.seq as number) + 1;
}

/** A valid log whose one user message is a single line of about `bytes` bytes (default 50 MB). */
export function hugeLineLog(bytes = 50 * 1024 * 1024): Uint8Array {
  const recs = buildSeedRecords({ turns: 1, rng: Rng.fromState(9) });
  const seq = nextSeq(recs);
  const head = utf8(recordsToJsonl(recs) + `{"type":"user/message","seq":${seq},"time":1767225700000,"data":{"id":"huge","role":"user","content":[{"type":"text","text":"`);
  const tail = utf8(`"}],"source":{"kind":"user"}},"surfaceOp":"append"}\n`);
  const body = new Uint8Array(Math.max(0, bytes - head.length - tail.length)).fill(0x61);
  return concatBytes([head, body, tail]);
}

/**
 * A million (or `n`) tiny lines: `'events'` are valid ignorable-free tiny events (the log loads),
 * `'blank'` are empty lines after the header (the first is unparsable; the rest are dropped),
 * `'junk'` are one-byte non-JSON lines.
 */
export function millionTinyLines(n = 1_000_000, kind: 'events' | 'blank' | 'junk' = 'events'): Uint8Array {
  const header = '{"type":"session","version":0,"id":"tiny","createdAt":0,"delegationDepth":0}\n';
  if (kind !== 'events') {
    const b = new Uint8Array(header.length + n * (kind === 'blank' ? 1 : 2));
    b.set(utf8(header));
    for (let i = header.length; i < b.length; i += kind === 'blank' ? 1 : 2) { if (kind === 'blank') b[i] = 10; else { b[i] = 0x78; b[i + 1] = 10; } }
    return b;
  }
  const parts: string[] = [header];
  for (let i = 0; i < n; i++) parts.push(`{"type":"hook/invoked","seq":${i},"time":0,"data":0}\n`);
  return utf8(parts.join(''));
}

/** Seeded random bytes; `prefix` picks what the sniffer sees first. */
export function binaryGarbage(size = 1 << 20, seed = 1, prefix: 'none' | 'zstd' | 'zip' | 'header' = 'none'): Uint8Array {
  const rng = Rng.fromState(seed);
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i += 4) { const x = (rng.next() * 4294967296) >>> 0; b[i] = x; b[i + 1] = x >>> 8; b[i + 2] = x >>> 16; b[i + 3] = x >>> 24; }
  const pre = prefix === 'zstd' ? Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd) : prefix === 'zip' ? Uint8Array.of(0x50, 0x4b, 3, 4)
    : prefix === 'header' ? utf8('{"type":"session","version":0,"id":"g","createdAt":0,"delegationDepth":0}\n') : new Uint8Array(0);
  b.set(pre.subarray(0, Math.min(pre.length, size)));
  return b;
}

/** A valid log with invalid UTF-8 sequences inside string values of the header and of events. */
export function invalidUtf8Log(): Uint8Array {
  const src = seedJsonl({ turns: 2, rng: Rng.fromState(11) });
  const parts: Uint8Array[] = [];
  let s = 0, k = 0;
  for (let i = src.indexOf(10); i < src.length; i++) {
    // header untouched; after every 5th opening quote of a value (`":"`)
    if (src[i] === 0x22 && src[i - 1] === 0x3a && k++ % 5 === 0) {
      parts.push(src.subarray(s, i + 1), Uint8Array.from(INVALID_UTF8[k % INVALID_UTF8.length]));
      s = i + 1;
    }
  }
  parts.push(src.subarray(s));
  return concatBytes(parts);
}

/** A valid log with a UTF-8 BOM in front (`at: 'start'`) or in front of every line. */
export function bomLog(at: 'start' | 'every-line' = 'start'): Uint8Array {
  const src = seedJsonl({ turns: 2, rng: Rng.fromState(12) });
  if (at === 'start') return concatBytes([BOM, src]);
  const out: Uint8Array[] = [];
  let s = 0;
  for (let i = 0; i < src.length; i++) if (src[i] === 10) { out.push(BOM, src.subarray(s, i + 1)); s = i + 1; }
  return concatBytes(out);
}

/** A valid log with CR-only line endings (no LF anywhere), or CRLF. */
export function crOnlyLog(style: 'cr' | 'crlf' = 'cr'): Uint8Array {
  const text = recordsToJsonl(buildSeedRecords({ turns: 2, rng: Rng.fromState(13) }));
  return utf8(style === 'cr' ? text.replace(/\n/g, '\r') : text.replace(/\n/g, '\r\n'));
}

/** A valid zstd artifact (raw blocks, checksums on). */
export function validZstdLog(o: SeedOptions = {}, perFrame = 4): Promise<Uint8Array> {
  return zstdFromJsonl(seedJsonl({ turns: 3, rng: Rng.fromState(14), ...o }), { perFrame });
}

/** A zstd artifact cut inside a frame: the last one (a torn tail), a middle one, or the header frame. */
export async function truncatedZstd(where: 'last-frame' | 'middle-frame' | 'header-frame' = 'last-frame'): Promise<Uint8Array> {
  const z = await validZstdLog();
  const spans = frameSpans(z);
  const f = where === 'header-frame' ? spans[0] : where === 'middle-frame' ? spans[spans.length >> 1] : spans[spans.length - 1];
  return z.slice(0, f.start + ((f.end - f.start) >> 1));
}

/** A zstd artifact whose frame checksums fail: one middle frame, the last frame, or every frame. */
export async function badChecksumZstd(which: 'middle' | 'last' | 'all' = 'middle'): Promise<Uint8Array> {
  const z = (await validZstdLog()).slice();
  const spans = frameSpans(z);
  const targets = which === 'all' ? spans : which === 'last' ? [spans[spans.length - 1]] : [spans[spans.length >> 1]];
  for (const f of targets) z[f.end - 1] ^= 0x5a;
  return z;
}

/** A ZIP whose entry claims a huge uncompressed size (local header and central directory patched). */
export function zipClaimingHugeSize(): Uint8Array {
  const z = zipSync({ 'session.jsonl': seedJsonl({ turns: 1 }) }, { level: 0 });
  const out = z.slice();
  const dv = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = dv.getUint32(i, true);
    if (sig === 0x04034b50) dv.setUint32(i + 22, 0xfffffff0, true); // local file header: uncompressed size
    else if (sig === 0x02014b50) dv.setUint32(i + 24, 0xfffffff0, true); // central directory: uncompressed size
  }
  return out;
}

/** A ZIP whose entry names try to escape (`../`, absolute, drive, backslash) and carry payloads. */
export function zipWithTraversalNames(): Uint8Array {
  const log = seedJsonl({ turns: 1 });
  return zipSync({
    '../../etc/passwd.jsonl': log,
    '/abs/session.jsonl': log,
    'C:\\Windows\\evil.jsonl': log,
    '..\\..\\up.jsonl': log,
    [`<img src=x onerror="${run}">.jsonl`]: log,
    'ok/../../../escape.jsonl': log,
  }, { level: 0 });
}

/** Every named hostile input at full size, lazily: name → bytes. */
export const HOSTILE_INPUTS: Readonly<Record<string, () => Uint8Array | Promise<Uint8Array>>> = {
  'deep-nesting-100k': () => deepNestingLog(100_000),
  'deep-nesting-100k-objects': () => deepNestingLog(100_000, 'object'),
  'single-50mb-line': () => hugeLineLog(),
  'million-tiny-lines': () => millionTinyLines(),
  'million-blank-lines': () => millionTinyLines(1_000_000, 'blank'),
  'binary-garbage': () => binaryGarbage(),
  'binary-garbage-zstd-magic': () => binaryGarbage(1 << 20, 2, 'zstd'),
  'binary-garbage-after-header': () => binaryGarbage(1 << 20, 3, 'header'),
  'invalid-utf8': () => invalidUtf8Log(),
  'bom': () => bomLog(),
  'bom-every-line': () => bomLog('every-line'),
  'cr-only': () => crOnlyLog(),
  'crlf': () => crOnlyLog('crlf'),
  'zstd-truncated-last-frame': () => truncatedZstd('last-frame'),
  'zstd-truncated-middle-frame': () => truncatedZstd('middle-frame'),
  'zstd-truncated-header-frame': () => truncatedZstd('header-frame'),
  'zstd-bad-checksum-middle': () => badChecksumZstd('middle'),
  'zstd-bad-checksum-last': () => badChecksumZstd('last'),
  'zstd-bad-checksum-all': () => badChecksumZstd('all'),
  'xss-payloads': () => xssPayloadLog(),
  'pollution-loadable': () => pollutionLog('loadable'),
  'pollution-everywhere': () => pollutionLog('everywhere'),
  'zip-huge-claimed-size': () => zipClaimingHugeSize(),
  'zip-path-traversal': () => zipWithTraversalNames(),
};
