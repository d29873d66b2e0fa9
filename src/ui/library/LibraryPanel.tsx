import { useEffect, useMemo, useState } from 'react';
import { formatBytes } from '../format';
import { LibraryItem } from './LibraryItem';
import { buildTree, flattenTree, refresh, selectEntries, useLibrary } from '../../app/library';

type Sort = 'added' | 'name' | 'size' | 'created' | 'lineage';

/** The kept sessions: search, sort (or the fork tree), storage used. */
export function LibraryPanel() {
  const entries = useLibrary((s) => s.entries);
  const ready = useLibrary((s) => s.ready);
  const unavailable = useLibrary((s) => s.unavailable);
  const used = useLibrary((s) => s.bytesUsed);
  const currentId = useLibrary((s) => s.currentId);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>('added');
  useEffect(() => { void refresh(); }, []);
  // another name of a kept file names the entry storing it, while that entry is kept
  const names = useMemo(() => new Map(entries.map((e) => [e.id, e.name])), [entries]);
  const rows = useMemo(() => {
    const hits = selectEntries(entries, query, sort === 'lineage' ? 'created' : sort);
    if (sort !== 'lineage') return hits.map((e) => ({ e, depth: 0, forkOf: undefined as string | undefined }));
    const byKey = new Map(hits.map((e) => [e.id, e]));
    const flat = flattenTree(buildTree(hits.map((e) => ({ key: e.id, id: e.sessionId, parentSession: e.parentSession, seedLength: e.seedLength, createdAt: e.createdAt }))));
    return flat.map((n) => ({ e: byKey.get(n.item.key)!, depth: n.depth, forkOf: n.depth > 0 ? n.item.parentSession : undefined }));
  }, [entries, query, sort]);

  return (
    <section className="lib-panel" aria-labelledby="lib-heading">
      <h2 id="lib-heading">Library</h2>
      {unavailable && <p role="alert">{unavailable}</p>}
      <div className="lib-controls">
        <input type="search" aria-label="Search library" placeholder="Search name or session id" value={query} onChange={(e) => setQuery(e.target.value)} />
        <select aria-label="Sort library" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          <option value="added">Newest added</option>
          <option value="created">Newest session</option>
          <option value="name">Name</option>
          <option value="size">Largest</option>
          <option value="lineage">Fork tree</option>
        </select>
      </div>
      <p className="lib-usage" data-testid="library-usage">
        Storage used: {formatBytes(used)} in {entries.length} session{entries.length === 1 ? '' : 's'}
      </p>
      <ul role="list" aria-label="Library" className="lib-list" aria-busy={!ready}>
        {rows.map(({ e, depth, forkOf }) => <LibraryItem key={e.id} e={e} depth={depth} forkOf={forkOf} current={e.id === currentId} sameAs={e.bytesOf !== undefined ? names.get(e.bytesOf) : undefined} />)}
      </ul>
      {ready && entries.length === 0 && <p className="label">Nothing kept yet: every file you open is kept here.</p>}
      {ready && entries.length > 0 && rows.length === 0 && <p className="label">No kept session matches “{query}”.</p>}
    </section>
  );
}
