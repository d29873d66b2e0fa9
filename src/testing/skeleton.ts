import type { LoadResult } from '../io/load';
import { isFixedField } from '../io/redact/walk';

/**
 * A value with every redactable string replaced by `<s>`: what redaction must leave as it was (key
 * sets, numbers, booleans, ids and the other fixed fields, array lengths).
 */
export function skeleton(v: unknown, fixed = false, depth = 0): unknown {
  if (typeof v === 'string') return fixed ? v : '<s>';
  // hostile nesting (thousands deep) is compared to this depth
  if (depth > 200) return '<deep>';
  if (Array.isArray(v)) return v.map((x) => skeleton(x, fixed, depth + 1));
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, skeleton(x, fixed || isFixedField(k), depth + 1)]));
  }
  return v;
}

/**
 * DSH's verdict and what redaction must keep of a load: the refusal (sentence, line, seq), the
 * counts, closers, torn tail's line, dropped records, and every event's skeleton.
 */
export function verdictShape(r: LoadResult): unknown {
  const events = r.session ? r.session.events(0, r.session.log.length).map((e) => skeleton(e)) : [];
  return {
    verdict: r.verdict, stored: r.storedEventCount, closers: r.closers.map((c) => [c.type, c.seq]), torn: r.torn ? r.torn.line : null,
    events, dropped: r.dropped.map((d) => [d.line, d.reason]), header: skeleton(r.header), firstLiveSeq: r.firstLiveSeq,
  };
}
