/**
 * The search box's language: plain text (a case-insensitive substring of the event's JSON, as
 * before), `"quoted text"`, `/regex/` (RE2 syntax, case-insensitive) and field filters
 * `type:T` (an exact type, or a family: `type:tool`), `tool:NAME` (a tool's calls and results),
 * `is:error` (failed tool results). Terms of different kinds must all hold; several `type:` or
 * `tool:` terms are alternatives. Pure: the worker compiles the regex.
 */
import { SessionError } from './errors';

export interface SearchQuery {
  /** Substrings, each of which must occur (case-insensitive). */
  readonly text: readonly string[];
  /** A regular expression's source (RE2 syntax), or undefined. */
  readonly regex?: string;
  /** Types or families (lower case); any one may match. */
  readonly types: readonly string[];
  /** Tool names (lower case); any one may match. */
  readonly tools: readonly string[];
  /** Only failed tool results. */
  readonly isError: boolean;
}

/** The longest query read (a regex's cost grows with its length). */
export const MAX_QUERY = 500;

const FACET = /^(type|tool|is):(.+)$/i;

/** Parses a query, or throws a SessionError (code `search-syntax`) saying what is wrong. */
export function parseSearchQuery(input: string): SearchQuery {
  if (input.length > MAX_QUERY) throw new SessionError('search-syntax', `The search is ${input.length} characters long; at most ${MAX_QUERY} are read.`);
  const text: string[] = [], words: string[] = [], types: string[] = [], tools: string[] = [];
  let regex: string | undefined, isError = false, plain = true;
  const s = input;
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i])) { i++; continue; }
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      if (end < 0) throw new SessionError('search-syntax', `The quote opened at character ${i + 1} is not closed.`);
      if (end > i + 1) text.push(s.slice(i + 1, end));
      plain = false;
      i = end + 1;
      continue;
    }
    if (s[i] === '/') {
      const end = regexEnd(s, i);
      if (end >= 0) {
        if (regex !== undefined) throw new SessionError('search-syntax', 'Only one /regex/ is read per search.');
        regex = s.slice(i + 1, end);
        if (regex === '') throw new SessionError('search-syntax', 'The /regex/ is empty.');
        plain = false;
        i = end + 1 + (s[end + 1] === 'i' ? 1 : 0);
        continue;
      }
    }
    let j = i;
    while (j < s.length && !/\s/.test(s[j])) j++;
    const word = s.slice(i, j);
    i = j;
    const f = FACET.exec(word);
    if (!f) { words.push(word); continue; }
    plain = false;
    const key = f[1].toLowerCase(), value = f[2].toLowerCase();
    if (key === 'type') types.push(value);
    else if (key === 'tool') tools.push(value);
    else if (value === 'error' || value === 'err' || value === 'failed') isError = true;
    else throw new SessionError('search-syntax', `"is:${f[2]}" is not a filter: is:error is.`);
  }
  // text alone is one substring, spaces and all (as the search always was); beside filters, the words are one phrase
  if (plain) return { text: input.trim() ? [input] : [], types, tools, isError };
  if (words.length) text.push(words.join(' '));
  return { text, ...(regex !== undefined ? { regex } : {}), types, tools, isError };
}

/**
 * Where the `/` opened at `start` closes: the next unescaped `/` followed by the end, a space or
 * `i` and then the end or a space (so a path such as `/home/alice` is text); -1 if none.
 */
function regexEnd(s: string, start: number): number {
  for (let k = start + 1; k < s.length; k++) {
    if (s[k] === '\\') { k++; continue; }
    if (s[k] !== '/') continue;
    const next = s[k + 1];
    if (next === undefined || /\s/.test(next)) return k;
    if (next === 'i' && (s[k + 2] === undefined || /\s/.test(s[k + 2]))) return k;
  }
  return -1;
}

/** Whether a query is plain text only (the fast byte scan answers it). */
export function isPlainText(q: SearchQuery): boolean {
  return q.regex === undefined && q.types.length === 0 && q.tools.length === 0 && !q.isError && q.text.length === 1;
}

/** Whether an event type passes the `type:` terms (none: every type does). */
export function typeMatches(q: SearchQuery, type: string): boolean {
  if (q.types.length === 0) return true;
  const t = type.toLowerCase();
  return q.types.some((v) => t === v || t.startsWith(v.endsWith('/') ? v : `${v}/`));
}
