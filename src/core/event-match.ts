/**
 * Search across sessions: a pattern (text, case-insensitive, or `/regex/flags`) tested against the
 * string values of each event (keys and numbers are not searched), with filters by event family,
 * tool name and tool errors. One hit per event: the first matching string, where it matched.
 */
import { isRowTag } from './catalog';
import { SessionError, isPlainRecord } from './errors';

export interface MatchFilter {
  /** An event family (`tool`, `assistant`, …: the type before `/`) or a whole type. */
  readonly type?: string;
  /** Only `tool/call` events of this tool, and the results of those calls. */
  readonly tool?: string;
  /** Only tool results that failed (`isError` or an `error`). */
  readonly errors?: boolean;
}

/** A compiled pattern: global, so `lastIndex` walks a string. */
export interface Pattern {
  readonly re: RegExp;
  readonly source: string;
  /** Set for printable ASCII text without `"` or `\\`: JSON writes it as it is, so a raw line without a match of `re` holds no hit. */
  readonly literal?: true;
}

/** `/body/flags` is a regular expression (flags from `imsu`); anything else is literal text, matched case-insensitively. */
export function compilePattern(p: string): Pattern {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(p);
  if (m) {
    if (!/^[imsu]*$/.test(m[2])) throw new SessionError('pattern-flags', `The pattern's flags "${m[2]}" are not among i, m, s, u.`);
    try { return { re: new RegExp(m[1], m[2] + 'g'), source: p }; } catch (err) {
      throw new SessionError('pattern-invalid', `The pattern ${p} is not a valid regular expression: ${(err as Error).message}.`);
    }
  }
  const escaped = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { re: new RegExp(escaped, 'gi'), source: p, ...(/^[\x20-\x7e]+$/.test(p) && !/["\\]/.test(p) ? { literal: true as const } : {}) };
}

export interface StringHit {
  /** The string the pattern matched in, and the match's span in it. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** The first string value in `v` (depth first, in key order) that the pattern matches. */
export function firstStringHit(v: unknown, p: Pattern): StringHit | undefined {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') {
      p.re.lastIndex = 0;
      const m = p.re.exec(x);
      if (m) return { text: x, start: m.index, end: m.index + m[0].length };
    } else if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
    } else if (isPlainRecord(x)) {
      const keys = Object.keys(x);
      for (let i = keys.length - 1; i >= 0; i--) stack.push(x[keys[i]]);
    }
  }
  return undefined;
}

/** The family of a type: what comes before its first `/`. */
export const familyOf = (type: string): string => { const i = type.indexOf('/'); return i < 0 ? type : type.slice(0, i); };

const typeMatches = (type: string, want: string | undefined) => want === undefined || type === want || familyOf(type) === want;

/** The tool a `tool/call` names, and whether a `tool/result` failed, for the filters. */
function resultFacts(data: unknown): { callId?: string; failed: boolean } {
  if (!isPlainRecord(data)) return { failed: false };
  const m = data.message;
  const block = isPlainRecord(m) && Array.isArray(m.content) && isPlainRecord(m.content[0]) ? m.content[0] : undefined;
  const src = isPlainRecord(m) && isPlainRecord(m.source) ? m.source.callId : undefined;
  const callId = typeof src === 'string' ? src : typeof block?.toolCallId === 'string' ? block.toolCallId : undefined;
  return { callId, failed: block?.isError === true || data.error !== undefined };
}

export interface EventHit extends StringHit {
  readonly seq: number;
  readonly type: string;
}

/**
 * Tests parsed records of one log in order (events, and packed chunk rows, whose members are
 * events of their own seqs). Keeps only what the tool filter needs: the tool of each call id.
 */
export class EventMatcher {
  private readonly toolOfCall = new Map<string, string>();

  constructor(private readonly pattern: Pattern, private readonly filter: MatchFilter = {}) {}

  /** The hits of one parsed record: at most one per event. */
  match(v: unknown, out: EventHit[]): void {
    if (!isPlainRecord(v) || typeof v.type !== 'string') return;
    if (isRowTag(v.type)) { this.matchRow(v, out); return; }
    const type = v.type, f = this.filter;
    if (type === 'tool/call' && isPlainRecord(v.data) && typeof v.data.callId === 'string' && typeof v.data.name === 'string') this.toolOfCall.set(v.data.callId, v.data.name);
    if (!typeMatches(type, f.type)) return;
    if (f.tool !== undefined || f.errors) {
      if (type === 'tool/call') {
        if (f.errors || !isPlainRecord(v.data) || v.data.name !== f.tool) return;
      } else if (type === 'tool/result') {
        const r = resultFacts(v.data);
        if (f.errors && !r.failed) return;
        if (f.tool !== undefined && (r.callId === undefined || this.toolOfCall.get(r.callId) !== f.tool)) return;
      } else return;
    }
    const hit = firstStringHit(v.data, this.pattern);
    if (hit && typeof v.seq === 'number') out.push({ seq: v.seq, type, ...hit });
  }

  private matchRow(v: Record<string, unknown>, out: EventHit[]): void {
    const f = this.filter;
    if (f.tool !== undefined || f.errors || !typeMatches('assistant/chunk', f.type)) return;
    const d = v.data;
    if (!isPlainRecord(d) || typeof v.seq0 !== 'number') return;
    const payload = Array.isArray(d.texts) ? d.texts : Array.isArray(d.args) ? d.args : [];
    for (let i = 0; i < payload.length; i++) {
      const s = payload[i];
      if (typeof s !== 'string') continue;
      this.pattern.re.lastIndex = 0;
      const m = this.pattern.re.exec(s);
      if (m) out.push({ seq: v.seq0 + i, type: 'assistant/chunk', text: s, start: m.index, end: m.index + m[0].length });
    }
  }
}
