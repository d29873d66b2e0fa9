import { useMemo } from 'react';
import { useApp } from '../../store/store';
import { formatBytes } from '../format';
import { buildTree, flattenTree } from '../../app/library';
import { openArchiveEntry } from '../../app/library-open';

/** The sessions inside the open export ZIP as a tree by `parentSession`; one click opens one. */
export function ArchiveSessions() {
  const summary = useApp((s) => s.summary);
  const archive = summary?.archive;
  const flat = useMemo(() => (archive ? flattenTree(buildTree(archive.sessions.map((s) => ({ ...s, key: s.entry })))) : []), [archive]);
  if (!archive) return null;
  return (
    <section className="lib-panel" aria-labelledby="zip-heading">
      <h2 id="zip-heading">In this archive</h2>
      <p className="label">{archive.sessions.length} session{archive.sessions.length === 1 ? '' : 's'} · {archive.mediaCount} image{archive.mediaCount === 1 ? '' : 's'}
        {archive.ignored.length > 0 ? ` · ${archive.ignored.length} other entr${archive.ignored.length === 1 ? 'y' : 'ies'} ignored` : ''}</p>
      <ul role="list" aria-label="Archive sessions" className="lib-list">
        {flat.map((n) => {
          const s = n.item;
          const current = s.entry === (summary.entry ?? 'session.jsonl');
          const label = s.key === 'root' ? `root ${s.id ?? ''}`.trim() : s.id ?? s.key;
          const atFork = n.depth > 0 && s.seedLength !== undefined && s.seedLength > 0 ? s.seedLength - 1 : undefined;
          return (
            <li key={s.entry} className={`lib-item${current ? ' current' : ''}`} style={{ paddingLeft: 6 + n.depth * 14 }} aria-current={current ? 'true' : undefined} data-entry={s.entry}>
              <button type="button" className="linkish" onClick={() => void openArchiveEntry(s.entry, atFork)} aria-label={`Open session ${label}`}>
                {n.depth > 0 ? '↳ ' : ''}{label}
              </button>
              <div className="lib-meta mono">
                <span>{s.entry}</span><span>{formatBytes(s.byteLength)}</span>
                {s.parentSession !== undefined && <span>{s.seedLength !== undefined ? `fork of ${s.parentSession} at seq ${s.seedLength - 1}` : `sub-agent of ${s.parentSession}`}</span>}
                {n.orphan && <span className="badge warn">parent not in archive</span>}
                {n.cycle && <span className="badge err">parentSession cycle</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
