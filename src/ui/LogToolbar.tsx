import { useState } from 'react';
import { setFollow, useFollow } from '../store/follow';
import { moveCursorToHit, runSearch, stepSearch } from '../store/search';
import { setFamilies, useApp } from '../store/store';
import { countLabel, countsThrough, type CountsThrough } from '../store/type-counts';
import { searchCountText } from './search-text';

/** Family or type filter and whole-log search with next/previous. */
export function LogToolbar() {
  const summary = useApp((s) => s.summary)!;
  const families = useApp((s) => s.families);
  const search = useApp((s) => s.search);
  const [q, setQ] = useState(search?.query ?? '');
  const [busy, setBusy] = useState(false);
  const follow = useFollow();
  const cursor = useApp((s) => s.cursor);
  // counts through the cursor, asked when the menu is about to open (a pass over the log's types)
  const [through, setThrough] = useState<CountsThrough & { for: unknown }>();
  const fresh = through && through.for === summary && through.seq === cursor ? through : undefined;
  const askCounts = () => { if (!fresh) countsThrough(cursor).then((c) => setThrough({ ...c, for: summary }), () => undefined); };
  const hitAfterCursor = useApp((s) => (s.search && s.search.index >= 0 ? s.search.hits[s.search.index] > s.cursor : false));
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
          <option value="">{countLabel('all', summary.length, fresh ? Math.min(cursor + 1, summary.length) : undefined)}</option>
          <optgroup label="Families">
            {summary.families.map((f) => <option key={f.family} value={f.family}>{countLabel(f.family, f.count, fresh ? fresh.families.get(f.family) ?? 0 : undefined)}</option>)}
          </optgroup>
          <optgroup label="Types">
            {summary.types.map((t) => <option key={t.type} value={`type:${t.type}`}>{countLabel(t.type, t.count, fresh ? fresh.types.get(t.type) ?? 0 : undefined)}</option>)}
          </optgroup>
        </select>
      </label>
      <label title="Keep the cursor's row in view as the cursor moves (every view)">
        <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow cursor
      </label>
      <form role="search" onSubmit={(e) => { e.preventDefault(); void submit(); }} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
        <input id="search" type="search" aria-label="Search the whole log" placeholder={families ? 'Search within the filter (/)' : 'Search all events (/)'} value={q} onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter' && e.shiftKey) { e.preventDefault(); stepSearch(-1); } }} />
        <button type="button" aria-label="Previous match" onClick={() => stepSearch(-1)} disabled={!search?.hits.length}>↑</button>
        <button type="button" aria-label="Next match" onClick={() => (search?.query === q ? stepSearch(1) : void submit())} disabled={!q}>↓</button>
        <span className="mono" aria-live="polite">{search && (search.query === q || !busy) ? searchCountText(search) : busy ? 'searching…' : ''}</span>
        {search && search.query === q && hitAfterCursor && <button type="button" onClick={moveCursorToHit} title="The selected hit lies after the cursor">Move cursor to hit</button>}
        {search && search.query === q && families && (search.outside ?? 0) > 0 && (
          <span className="label">{search.outside!.toLocaleString('en-US')}{search.capped ? '+' : ''} more outside the filter <button type="button" onClick={() => setFamilies(null)}>Clear filter</button></span>
        )}
      </form>
    </div>
  );
}
