/**
 * Trace and span ids derived from session ids, so exporting the same logs again gives the same
 * ids (a backend deduplicates or overwrites instead of showing a second copy), and a session can
 * name a span of another session's file (its parent's agent span) without reading that file.
 */

/** 32 hex digits (128 bits) or 16 (64 bits) of a 4-lane 32-bit hash of `text`; never all zeros (an invalid OTel id). */
function hashHex(text: string, words: 2 | 4): string {
  // four lanes seeded apart, each a multiply-xorshift over the UTF-16 code units, then murmur3's fmix32
  let a = 0x9e3779b9, b = 0x85ebca6b, c = 0xc2b2ae35, d = 0x27d4eb2f;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = Math.imul(a ^ k, 0x01000193); b = Math.imul(b ^ k, 0x5bd1e995);
    c = Math.imul(c ^ k, 0x1b873593); d = Math.imul(d ^ k, 0xcc9e2d51);
    a ^= d >>> 15; b ^= a >>> 13; c ^= b >>> 16; d ^= c >>> 11;
  }
  const fmix = (h: number, n: number) => {
    h ^= n; h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;
    return h >>> 0;
  };
  const lanes: number[] = [fmix(a ^ c, text.length), fmix(b ^ d, text.length + 1), fmix(c ^ b, text.length + 2), fmix(d ^ a, text.length + 3)].slice(0, words);
  if (!lanes.some((x) => x !== 0)) lanes[lanes.length - 1] = 1;
  return lanes.map((x) => x.toString(16).padStart(8, '0')).join('');
}

/** The trace id of the trace rooted at session `rootId`. */
export const traceIdOf = (rootId: string): string => hashHex(`seqscope-trace\u0000${rootId}`, 4);

/** What a span stands for: the session's agent span, or the turn, step or tool call at a seq. */
export type SpanKey = { readonly kind: 'agent' } | { readonly kind: 'turn' | 'chat' | 'tool'; readonly seq: number };

/** The span id of one span of session `sessionId`. */
export function spanIdOf(sessionId: string, key: SpanKey): string {
  return hashHex(`seqscope-span\u0000${sessionId}\u0000${key.kind}\u0000${key.kind === 'agent' ? '' : key.seq}`, 2);
}
