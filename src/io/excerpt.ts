/**
 * A bounded excerpt around a search hit, safe to print or show: credentials and other shapes the
 * redaction rules know are masked (`[REDACTED:rule]`) before the excerpt is cut, so a secret that
 * straddles its edge is masked too, and control characters (terminal escapes among them) become
 * visible escapes. Session content is untrusted: the excerpt is text, never markup.
 */
import { BUILTIN_RULES, BUILTIN_TRIGGER, type RuleMatch } from './redact/rules';
import { mergeMatches, replacementOf } from './redact/text-scan';

export interface Excerpt {
  readonly text: string;
  /** The hit's span in `text` (inside a mask when the hit is part of a secret). */
  readonly start: number;
  readonly end: number;
}

/** Characters kept on each side of the hit. */
const SIDE = 60;
/** The longest hit shown whole; a longer one is cut to this. */
const HIT_MAX = 120;
/** Characters around the window the rules also read, so that a secret cut by the window is seen whole. */
const MARGIN = 600;

// eslint-disable-next-line no-control-regex -- exactly the characters a terminal acts on
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const visible = (s: string) => s.replace(CONTROL, (c) => (c === '\n' ? '⏎' : c === '\t' ? ' ' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

export function maskedExcerpt(text: string, start: number, end: number): Excerpt {
  const hitEnd = Math.min(end, start + HIT_MAX);
  const from = Math.max(0, start - SIDE), to = Math.min(text.length, hitEnd + SIDE);
  const wideFrom = Math.max(0, from - MARGIN), wide = text.slice(wideFrom, Math.min(text.length, to + MARGIN));
  const spans: RuleMatch[] = [];
  if (BUILTIN_TRIGGER.test(wide)) for (const r of BUILTIN_RULES) r.find(wide, spans);
  const masks = mergeMatches(spans).map((m) => ({ ...m, start: m.start + wideFrom, end: m.end + wideFrom }));
  // the window, widened to whole masks, then written piece by piece
  let a = from, b = to;
  for (const m of masks) { if (m.start < a && m.end > a) a = m.start; if (m.start < b && m.end > b) b = m.end; }
  let out = '', hs = -1, he = -1;
  let p = a;
  const plain = (q: number) => {
    if (q <= p) return;
    // the hit's edges, where they fall in plain text
    if (hs < 0 && start >= p && start <= q) hs = out.length + visible(text.slice(p, start)).length;
    if (he < 0 && hitEnd >= p && hitEnd <= q) he = out.length + visible(text.slice(p, hitEnd)).length;
    out += visible(text.slice(p, q));
    p = q;
  };
  for (const m of masks) {
    if (m.end <= a || m.start >= b) continue;
    plain(m.start);
    const at = out.length;
    out += replacementOf(m);
    if (hs < 0 && start >= m.start && start < m.end) hs = at;
    if (he < 0 && hitEnd > m.start && hitEnd <= m.end) he = out.length;
    p = m.end;
  }
  plain(b);
  if (hs < 0) hs = 0;
  if (he < hs) he = hs;
  const lead = a > 0 ? '…' : '', tail = b < text.length ? '…' : '';
  return { text: lead + out + tail, start: hs + lead.length, end: he + lead.length };
}
