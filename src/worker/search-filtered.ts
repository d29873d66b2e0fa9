/**
 * Searches with filters or a regex (src/core/search-query.ts): the field filters pick the
 * candidate seqs (`tool:` and `is:error` from the overview's tool calls, `type:` from the type
 * column), then each candidate's JSON text is tested for the substrings and the regex.
 *
 * The regex runs on RE2JS, a linear-time engine (no backtracking): a test costs at most about
 * the text's length times the pattern's size, so no pattern can stall the worker, and a batch
 * stops after its time budget between events, so a newer search is answered next.
 */
import { RE2JS } from 're2js';
import { PackedRow } from '../core/chunk-rows';
import { SessionError } from '../core/errors';
import type { EventLog } from '../core/event-log';
import { stringifyJson } from '../core/json';
import type { Overview } from '../core/overview';
import { failedToolCalls } from '../core/tool-errors';
import { typeMatches, type SearchQuery } from '../core/search-query';
import type { SearchHits } from './search';

/** Compiles a search regex (case-insensitive), or throws a SessionError saying why it is not one. */
export function compileSearchRegex(source: string): RE2JS {
  try {
    return RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    const why = (err as Error).message || 'it does not parse';
    throw new SessionError('search-regex', `/${source}/ is not a regular expression Seqscope can run (RE2 syntax, no lookaround or backreferences): ${why}.`);
  }
}

/** The seqs of failed tool results, and of the calls and results of each tool by name, ascending. */
export function toolSeqs(o: Overview | undefined, q: SearchQuery): Int32Array | undefined {
  if (!o || (!q.isError && q.tools.length === 0)) return undefined;
  const out: number[] = [];
  for (let k = 0; k < o.toolCall.length; k++) {
    if (q.tools.length && !q.tools.includes(o.toolNames[o.toolName[k]].toLowerCase())) continue;
    const result = o.toolResult[k];
    if (q.isError) { if (o.toolError[k] && result >= 0) out.push(result); continue; }
    out.push(o.toolCall[k]);
    if (result >= 0 && result !== o.toolCall[k]) out.push(result);
  }
  return Int32Array.from(out).sort();
}

/** The Log filter's key for failed tool calls (the same as the search term). */
export const ERRORS_ONLY = 'is:error';

/** The calls and results of failed tool calls, ascending. */
export function failedToolSeqs(o: Overview | undefined): Int32Array {
  return Int32Array.from(new Set(failedToolCalls(o).flatMap((f) => [f.call, f.result]))).sort();
}

export class FilteredSearch {
  private readonly text: string[];
  private readonly re?: RE2JS;

  /** `candidates`: the seqs the tool filters leave (undefined: every seq). */
  constructor(private readonly log: EventLog, private readonly q: SearchQuery, private readonly candidates?: Int32Array) {
    this.text = q.text.map((t) => t.toLowerCase());
    if (q.regex !== undefined) this.re = compileSearchRegex(q.regex);
  }

  /** Hits with seq ≥ `from`, ascending, until `budgetMs` passes or `cap` hits; `next`: where to go on (-1: done). */
  search(from: number, budgetMs: number, cap: number): SearchHits {
    const t0 = performance.now();
    const hits: number[] = [];
    const c = this.candidates, n = c ? c.length : this.log.length;
    let i = c ? lowerBound(c, from) : Math.max(0, from);
    for (let tested = 0; i < n; i++) {
      const seq = c ? c[i] : i;
      if (this.matches(seq)) { hits.push(seq); if (hits.length >= cap) { i++; break; } }
      if ((++tested & 63) === 0 && performance.now() - t0 > budgetMs) { i++; break; }
    }
    const next = i < n ? (c ? c[i] : i) : -1;
    return { hits, next };
  }

  private matches(seq: number): boolean {
    if (!typeMatches(this.q, this.log.typeAt(seq))) return false;
    if (this.text.length === 0 && !this.re) return true;
    const json = this.jsonOf(seq);
    if (this.text.length) { const low = json.toLowerCase(); if (!this.text.every((t) => low.includes(t))) return false; }
    return !this.re || this.re.test(json);
  }

  /** The event's stored JSON line (a packed member or an object: its JSON text), as the plain search reads it. */
  private jsonOf(seq: number): string {
    const line = this.log.lineAt(seq);
    if (line !== undefined) return line;
    const slot = this.log.slotAt(seq);
    return stringifyJson(slot instanceof PackedRow ? slot.member(seq - slot.seq0, this.log.timeAt(seq)) : this.log.rawAt(seq));
  }
}

function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (a[mid] < x) lo = mid + 1; else hi = mid; }
  return lo;
}
