import { useMemo, useState } from 'react';
import { setFolderPanel } from '../../app/folder';
import { useApp } from '../../store/store';
import { FixedList } from '../FixedList';
import { FleetView } from '../fleet/FleetView';
import { FolderRow } from './FolderRow';
import { folderRows } from './rows';
import './folder.css';

/** The open folder's sessions by project: search by title or id, open one like a file. */
export function FolderPanel() {
  const folder = useApp((s) => s.folder);
  const shown = useApp((s) => s.folderPanel);
  const [query, setQuery] = useState('');
  const [fleet, setFleet] = useState(false);
  // the list's rows are not derived while the fleet view replaces it (each batch of figures would re-derive them)
  const rows = useMemo(() => (folder && !fleet ? folderRows(folder.sessions, query) : []), [folder?.sessions, query, fleet]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!folder || !shown) return null;
  const n = folder.sessions.length;
  const judged = folder.sessions.filter((s) => s.judged).length;
  return (
    <aside className={`lib-drawer folder-drawer${fleet ? ' fleet' : ''}`} aria-label="Folder">
      <div className="lib-drawer-head">
        <strong title={folder.name}>Folder: {folder.name}</strong>
        <span>
          <button type="button" aria-pressed={fleet} onClick={() => setFleet(!fleet)}>Fleet view</button>
          <button type="button" onClick={() => setFolderPanel(false)} aria-label="Close folder">×</button>
        </span>
      </div>
      {folder.error && <p role="alert">{folder.error}</p>}
      <p className="label" data-testid="folder-summary" data-sessions={n} data-headers={folder.headersRead} data-checked={judged}>
        {n} session{n === 1 ? '' : 's'} · headers {folder.headersRead}/{n}{folder.listMs !== undefined ? ` · listed in ${Math.round(folder.listMs)} ms` : ''} · checked {judged}/{n}
        {folder.via === 'files' ? ' · opened as a file list: sessions are not followed' : ''}
      </p>
      {fleet ? <FleetView /> : <>
      <input type="search" aria-label="Search folder" placeholder="Search title or session id" value={query} onChange={(e) => setQuery(e.target.value)} />
      {rows.length > 0 && (
        <FixedList label="Folder sessions" className="folder-list" count={rows.length} rowHeight={46} render={(i) => {
          const r = rows[i];
          if (r.kind === 'project') return <div role="presentation" className="folder-project" title={r.key}>{r.label} <span className="label">({r.count})</span></div>;
          return <FolderRow s={r.s} depth={r.depth} orphan={r.orphan} />;
        }} />
      )}
      {n === 0 && !folder.error && folder.listMs !== undefined && <p className="label">No sessions here: expected DSH's sessions/--project--/id/session.jsonl.zstd, export ZIPs or .jsonl logs.</p>}
      {n > 0 && rows.length === 0 && <p className="label">No session matches “{query}”.</p>}
      </>}
    </aside>
  );
}
