/**
 * Trace and span ids derived from session ids, so exporting the same logs again gives the same
 * ids (a backend deduplicates or overwrites instead of showing a second copy), and a session can
 * name a span of another session's file (its parent's agent span) without reading that file.
 */

/** The hash's state after some text: four 32-bit lanes and the number of code units taken in. */
type Lanes = readonly [number, number, number, number, number];

const SEED: Lanes = [0x9e3779b9, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f, 0];

/** The state after `text` is taken in from `st`: four lanes seeded apart, each a multiply-xorshift over the UTF-16 code units. */
function absorb(st: Lanes, text: string): Lanes {
  let [a, b, c, d] = st;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = Math.imul(a ^ k, 0x01000193); b = Math.imul(b ^ k, 0x5bd1e995);
    c = Math.imul(c ^ k, 0x1b873593); d = Math.imul(d ^ k, 0xcc9e2d51);
    a ^= d >>> 15; b ^= a >>> 13; c ^= b >>> 16; d ^= c >>> 11;
  }
  return [a, b, c, d, st[4] + text.length];
}

const fmix = (h: number, n: number) => {
  h ^= n; h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;
  return h >>> 0;
};
/** Two hex digits per byte value: an id is written often enough (every span) for a table to pay. */
const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (x: number) => HEX2[x >>> 24] + HEX2[(x >>> 16) & 0xff] + HEX2[(x >>> 8) & 0xff] + HEX2[x & 0xff];

/** 32 hex digits (128 bits) or 16 (64 bits) of the state, finished by murmur3's fmix32; never all zeros (an invalid OTel id). */
function finish(st: Lanes, words: 2 | 4): string {
  const [a, b, c, d, len] = st;
  const l0 = fmix(a ^ c, len), l1 = fmix(b ^ d, len + 1);
  if (words === 2) return l0 === 0 && l1 === 0 ? `${hex8(0)}${hex8(1)}` : hex8(l0) + hex8(l1);
  const l2 = fmix(c ^ b, len + 2), l3 = fmix(d ^ a, len + 3);
  return l0 === 0 && l1 === 0 && l2 === 0 && l3 === 0 ? `${hex8(0).repeat(3)}${hex8(1)}` : hex8(l0) + hex8(l1) + hex8(l2) + hex8(l3);
}

/** The trace id of the trace rooted at session `rootId`. */
export const traceIdOf = (rootId: string): string => finish(absorb(SEED, `seqscope-trace\u0000${rootId}`), 4);

/** What a span stands for: the session's agent span, or the turn, step or tool call at a seq. */
export type SpanKey = { readonly kind: 'agent' } | { readonly kind: 'turn' | 'chat' | 'tool'; readonly seq: number };

/**
 * The span ids of session `sessionId`'s spans: the state after the session's prefix is taken once,
 * since that prefix (with its long id) is most of each hashed text and a session has many spans.
 */
export function spanIdsOf(sessionId: string): (key: SpanKey) => string {
  const prefix = absorb(SEED, `seqscope-span\u0000${sessionId}\u0000`);
  return (key) => finish(absorb(prefix, `${key.kind}\u0000${key.kind === 'agent' ? '' : key.seq}`), 2);
}

/** The span id of one span of session `sessionId`. */
export const spanIdOf = (sessionId: string, key: SpanKey): string => spanIdsOf(sessionId)(key);
