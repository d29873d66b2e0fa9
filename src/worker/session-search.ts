/**
 * The session's search, batch by batch: plain text on the byte scan (src/worker/search.ts), the
 * search language (src/core/search-query.ts: /regex/, "quoted", type:, tool:, is:error) through
 * FilteredSearch; a bad regex or filter answers one sentence with a code instead of hits.
 */
import type { EventLog } from '../core/event-log';
import { SessionError } from '../core/errors';
import type { Overview } from '../core/overview';
import { isPlainText, parseSearchQuery } from '../core/search-query';
import type { QueryApi } from '../protocol/session-api';
import type { SearchBatch } from '../protocol/views';
import { LogSearch } from './search';
import { FilteredSearch, toolSeqs } from './search-filtered';

export class SessionSearch {
  private searcher?: LogSearch;
  private filtered?: { query: string; search: FilteredSearch };

  constructor(private readonly log: EventLog, private readonly overview: () => Overview | undefined) {}

  /** Hits from seq `from` for about `budgetMs` or `cap` hits, ascending, and where to resume (-1: done). */
  batch(query: string, from: number, budgetMs: number, cap: number): SearchBatch {
    let filtered: FilteredSearch | undefined;
    try {
      const q = parseSearchQuery(query);
      if (q.text.length === 0 && !q.regex && !q.types.length && !q.tools.length && !q.isError) return { hits: new Int32Array(0), next: -1 };
      if (!isPlainText(q)) {
        if (this.filtered?.query !== query) this.filtered = { query, search: new FilteredSearch(this.log, q, toolSeqs(this.overview(), q)) };
        filtered = this.filtered.search;
      }
    } catch (err) {
      if (!(err instanceof SessionError)) throw err;
      return { hits: new Int32Array(0), next: -1, error: { code: err.code, message: err.message } };
    }
    const b = Math.max(1, cap), at = Math.max(0, from);
    const { hits, next } = filtered ? filtered.search(at, budgetMs, b) : (this.searcher ??= new LogSearch(this.log)).search(query, at, budgetMs, b);
    return { hits: Int32Array.from(hits), next };
  }
}

/** Every hit of a search, ascending (at most `cap`), batch after batch with no time budget: what the page's search finds in the end. */
export function searchAll(q: Pick<QueryApi, 'searchFrom'>, query: string, cap = 100_000): Int32Array {
  const parts: Int32Array[] = [];
  let total = 0;
  for (let from = 0; from >= 0 && total < cap;) {
    const b = q.searchFrom(query, from, Infinity, cap - total);
    if (b.error) throw new SessionError(b.error.code, b.error.message);
    parts.push(b.hits); total += b.hits.length; from = b.next;
  }
  const out = new Int32Array(total);
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}
