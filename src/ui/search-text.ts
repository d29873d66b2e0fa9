/** The search count line (issue 14). Pure. */
import type { SearchState } from '../store/search-slice';

/** `3 / 1,204`, `1 / 100,000+` when capped, `… ` while batches remain, `in filter` with a filter on. */
export function searchCountText(s: SearchState): string {
  const scope = s.families ? ' in filter' : '';
  if (s.hits.length === 0) return s.done === false ? 'searching…' : `no matches${scope}`;
  const total = `${s.hits.length.toLocaleString('en-US')}${s.capped ? '+' : ''}`;
  return `${s.index + 1} / ${total}${scope}${s.done === false ? ' …' : ''}`;
}
