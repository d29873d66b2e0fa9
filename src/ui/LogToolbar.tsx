import { useMemo, useState } from 'react';
import { setFollow, useFollow } from '../app/view';
import { moveCursorToHit, runSearch, stepSearch } from '../app/search';
import { setFamilies } from '../app/search';
import { useApp } from '../store/store';
import { countLabel, countsThrough, type CountsThrough } from '../app/type-counts';
import { searchCountText } from './search-text';
import { toolErrorsOf } from './tool-errors-at';

/** The filter key for failed tool calls (the worker's, src/worker/search-filtered.ts). */
const ERRORS_ONLY = 'is:error';

const SEARCH_HELP = 'Search every event\'s JSON. Plain words: a case-insensitive substring. "quoted text": exact words. /regex/: a regular expression (RE2 syntax, case-insensitive). '
  + 'Filters: type:tool/result (a type, or a family: type:tool), tool:bash (a tool\'s calls and results), is:error (failed tool results). Terms combine with AND.';

/** Family or type filter and whole-log search with next/previous. */
export function LogToolbar() {
  const summary = useApp((s) => s.summary)!;
  const families = useApp((s) => s.families);
  const search = useApp((s) => s.search);
  const [q, setQ] = useState(search?.query ?? '');
  const [busy, setBusy] = useState(false);
  const follow = useFollow();
  const errors = useApp((s) => toolErrorsOf(s.summary?.overview).list.length);
  const bad = search?.query === q ? search.error : undefined;
  const cursor = useApp((s) => s.cursor);
  // counts through the cursor, asked when the menu is about to open (a pass over the log's types)
  const [through, setThrough] = useState<CountsThrough & { for: unknown }>();
  const fresh = through && through.for === summary && through.seq === cursor ? through : undefined;
  const askCounts = () => { if (!fresh) countsThrough(cursor).then((c) => setThrough({ ...c, for: summary }), () => undefined); };
  const hitAfterCursor = useApp((s) => (s.search && s.search.index >= 0 ? s.search.hits[s.search.index] > s.cursor : false));
  // the menu's options change with the counts, not with every cursor move (fresh counts are of fresh.seq, the cursor)
  const options = useMemo(() => (
    <>
      <option value="">{countLabel('all', summary.length, fresh ? Math.min(fresh.seq + 1, summary.length) : undefined)}</option>
      {errors > 0 && <option value={ERRORS_ONLY}>errors only ({errors.toLocaleString('en-US')} failed tool {errors === 1 ? 'call' : 'calls'})</option>}
      <optgroup label="Families">
        {summary.families.map((f) => <option key={f.family} value={f.family}>{countLabel(f.family, f.count, fresh ? fresh.families.get(f.family) ?? 0 : undefined)}</option>)}
      </optgroup>
      <optgroup label="Types">
        {summary.types.map((t) => <option key={t.type} value={`type:${t.type}`}>{countLabel(t.type, t.count, fresh ? fresh.types.get(t.type) ?? 0 : undefined)}</option>)}
      </optgroup>
    </>
  ), [summary, fresh, errors]);
  const submit = async () => {
    if (q === search?.query) { stepSearch(1); return; }
    setBusy(true);
    try { await runSearch(q); } finally { setBusy(false); }
  };
  return (
    <div className="viewbar">
      <label>Family{' '}
        <select aria-label="Filter by family" value={families?.[0] ?? ''} onChange={(e) => setFamilies(e.target.value ? [e.target.value] : null)}
          onFocus={askCounts} onPointerDown={askCounts} title={fresh ? `Events through the cursor (seq ${cursor}) of all events` : undefined}>
          {options}
        </select>
      </label>
      <label title="Keep the cursor's row in view as the cursor moves (every view)">
        <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow cursor
      </label>
      <form role="search" onSubmit={(e) => { e.preventDefault(); void submit(); }} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
        <input id="search" type="search" aria-label="Search the whole log" aria-describedby="search-help" aria-invalid={bad ? true : undefined}
          placeholder={families ? 'In filter: text, /regex/, type:, tool:, is:error' : 'text, /regex/, type:, tool:, is:error (/)'} title={SEARCH_HELP} value={q}
          onChange={(e) => { setQ(e.target.value); if (!e.target.value && search) void runSearch(''); }}
          onKeyDown={(e) => { if (e.key === 'Enter' && e.shiftKey) { e.preventDefault(); stepSearch(-1); } }} />
        <button type="button" aria-label="Previous match" onClick={() => stepSearch(-1)} disabled={!search?.hits.length}>↑</button>
        <button type="button" aria-label="Next match" onClick={() => (search?.query === q ? stepSearch(1) : void submit())} disabled={!q}>↓</button>
        <span id="search-help" className="visually-hidden">{SEARCH_HELP}</span>
        <span className="mono" aria-live="polite">{search && search.query === q && !bad ? searchCountText(search) : busy ? 'searching…' : ''}</span>
        {bad && <span className="search-error" role="alert">{bad}</span>}
        {search && search.query === q && hitAfterCursor && <button type="button" onClick={moveCursorToHit} title="The selected hit lies after the cursor">Move cursor to hit</button>}
        {search && search.query === q && families && (search.outside ?? 0) > 0 && (
          <span className="label">{search.outside!.toLocaleString('en-US')}{search.capped ? '+' : ''} more outside the filter <button type="button" onClick={() => setFamilies(null)}>Clear filter</button></span>
        )}
      </form>
    </div>
  );
}
