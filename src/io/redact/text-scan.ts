/**
 * Finds what to redact in strings: Seqscope's rules, the user's strings and secretlint's preset,
 * merged into non-overlapping spans. Strings often hold JSON text (tool-call arguments, a `cat` of
 * a config file), where `\n` or `\"` sits right before a secret and would hide its boundary: such
 * strings are also scanned through an escape view (each escape pair read as what it stands for,
 * same length), and a span found there is widened to whole escape pairs, so cutting it never
 * leaves half an escape behind.
 */
import { BUILTIN_RULES, BUILTIN_TRIGGER, escapeRegExp, userRule, type RuleMatch, type TextRule } from './rules';
import { SECRETLINT_TRIGGER, SECRETLINT_TRIGGER_I, secretlintMatches, secretlintMayMatch } from './secretlint';

export interface ScanOptions {
  /** Rule ids to apply (default: every rule). */
  readonly rules?: readonly string[];
  /** The user's own strings (literal) and patterns. */
  readonly extraStrings?: readonly (string | RegExp)[];
}

/** Escape pairs of `s` as [start, end) (a `\uXXXX` is one of 6), and its escape view; null without a backslash. */
export function escapeView(s: string): { view: string; pairs: number[] } | null {
  if (!s.includes('\\')) return null;
  const pairs: number[] = [];
  let view = '';
  let from = 0;
  for (let i = s.indexOf('\\'); i >= 0 && i < s.length - 1; i = s.indexOf('\\', i)) {
    const c = s[i + 1];
    if (c === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) { pairs.push(i, i + 6); i += 6; continue; }
    const decoded = c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c === '"' ? '"' : c === '/' ? '/' : c === 'b' || c === 'f' ? ' ' : null;
    if (c === '\\') { pairs.push(i, i + 2); i += 2; continue; }
    if (decoded === null) { i += 1; continue; }
    pairs.push(i, i + 2);
    view += s.slice(from, i) + ' ' + decoded;
    from = i + 2;
    i += 2;
  }
  return { view: view + s.slice(from), pairs };
}

/** Widens [start, end) so that it does not cut an escape pair. */
function widen(m: RuleMatch, pairs: readonly number[]): RuleMatch {
  let { start, end } = m;
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k], b = pairs[k + 1];
    if (a >= end) break;
    if (a < start && start < b) start = a;
    if (a < end && end < b) end = b;
  }
  return start === m.start && end === m.end ? m : { ...m, start, end };
}

/** Overlapping matches become one span, named by the highest-priority (then longest, then first) match in it. */
export function mergeMatches(ms: RuleMatch[]): RuleMatch[] {
  if (ms.length <= 1) return ms;
  ms.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: RuleMatch[] = [];
  let cur = ms[0];
  let best = ms[0];
  for (let i = 1; i < ms.length; i++) {
    const m = ms[i];
    if (m.start < cur.end) {
      if (m.priority > best.priority || (m.priority === best.priority && m.end - m.start > best.end - best.start)) best = m;
      if (m.end > cur.end) cur = { ...cur, end: m.end };
      continue;
    }
    out.push(named(cur, best));
    cur = m; best = m;
  }
  out.push(named(cur, best));
  return out;
}

function named(span: RuleMatch, best: RuleMatch): RuleMatch {
  // a replacement other than the marker (home-user's `user`) fits only its own exact span
  const replacement = best.replacement !== undefined && best.start === span.start && best.end === span.end ? best.replacement : undefined;
  return { start: span.start, end: span.end, rule: best.rule, priority: best.priority, ...(replacement !== undefined ? { replacement } : {}) };
}

export class TextScanner {
  private readonly rules: TextRule[];
  private readonly trigger: RegExp;
  private readonly secretlint: boolean;
  private readonly on?: ReadonlySet<string>;

  constructor(opts: ScanOptions = {}) {
    const on = opts.rules ? new Set(opts.rules) : undefined;
    this.on = on;
    this.rules = BUILTIN_RULES.filter((r) => !on || on.has(r.id));
    const user = userRule(opts.extraStrings ?? []);
    if (user && (!on || on.has(user.id))) this.rules.push(user);
    // secretlint's rules are one switch: on unless a rule list leaves every one of them out
    this.secretlint = !on || [...on].some((id) => !BUILTIN_RULES.some((r) => r.id === id) && id !== 'user-string');
    const extra = (opts.extraStrings ?? []).map((s) => (typeof s === 'string' ? escapeRegExp(s) : `(?:${s.source})`)).filter((s) => s.length > 0);
    const ignoreCase = (opts.extraStrings ?? []).some((s) => s instanceof RegExp && s.flags.includes('i'));
    // one regex for every rule's trigger: nearly every string costs one test
    const sources = [BUILTIN_TRIGGER.source, ...(this.secretlint ? [SECRETLINT_TRIGGER.source, SECRETLINT_TRIGGER_I.source] : [])];
    this.trigger = new RegExp([...sources, ...(ignoreCase ? [] : extra)].join('|'));
    this.userTrigger = ignoreCase && extra.length ? new RegExp(extra.join('|'), 'i') : undefined;
  }

  private readonly userTrigger?: RegExp;

  /** False when no rule can match in `s` (the fast path for nearly every string). */
  mayMatch(s: string): boolean {
    return this.trigger.test(s) || (this.userTrigger !== undefined && this.userTrigger.test(s));
  }

  /** Merged spans for each text, in order. */
  async scan(texts: readonly string[]): Promise<RuleMatch[][]> {
    const out: RuleMatch[][] = texts.map(() => []);
    const lint: string[] = [], lintRaw: string[] = [];
    const lintAt: number[] = [];
    const pairsOf: (number[] | null)[] = texts.map(() => null);
    for (let i = 0; i < texts.length; i++) {
      const s = texts[i];
      if (!this.mayMatch(s)) continue;
      const ev = escapeView(s);
      for (const r of this.rules) r.find(s, out[i]);
      if (ev) {
        pairsOf[i] = ev.pairs;
        const viewMatches: RuleMatch[] = [];
        for (const r of this.rules) r.find(ev.view, viewMatches);
        for (const m of viewMatches) out[i].push(widen(m, ev.pairs));
      }
      if (this.secretlint && (secretlintMayMatch(s) || (ev && secretlintMayMatch(ev.view)))) { lint.push(ev ? ev.view : s); lintRaw.push(s); lintAt.push(i); }
    }
    if (lint.length) {
      const found = await secretlintMatches(lint, lintRaw);
      for (let k = 0; k < found.length; k++) {
        const i = lintAt[k], pairs = pairsOf[i];
        for (const m of found[k]) out[i].push(pairs ? widen(m, pairs) : m);
      }
    }
    const on = this.on;
    return out.map((ms) => mergeMatches(on ? ms.filter((m) => on.has(m.rule)) : ms));
  }
}

/** `text` with each span replaced (spans sorted, not overlapping). */
export function applySpans(text: string, spans: readonly RuleMatch[]): string {
  let out = '';
  let from = 0;
  for (const m of spans) { out += text.slice(from, m.start) + replacementOf(m); from = m.end; }
  return out + text.slice(from);
}

export const replacementOf = (m: RuleMatch) => m.replacement ?? `[REDACTED:${m.rule}]`;
