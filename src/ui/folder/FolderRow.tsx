import { useEffect, type KeyboardEvent } from 'react';
import { openFolderSession, wantJudgement } from '../../app/folder';
import { type FolderSession } from '../../store/folder-slice';
import { absTime, formatBytes } from '../format';
import { sessionTitle } from './rows';

function verdictOf(s: FolderSession): { label: string; cls: string; title?: string } {
  if (!s.judged) return { label: 'checking…', cls: 'pending' };
  if ('error' in s.judged) return { label: 'unreadable', cls: 'err', title: s.judged.error };
  const v = s.judged.verdict;
  return v.ok ? { label: 'ok', cls: '' } : { label: `refused (${v.kind ?? 'unknown'})`, cls: 'err', title: v.message };
}

/** One session of the folder: title, id, createdAt, size, last modified, verdict; click or Enter opens it. */
export function FolderRow({ s, depth, orphan }: { s: FolderSession; depth: number; orphan: boolean }) {
  useEffect(() => { wantJudgement(s.path); }, [s.path]);
  const title = sessionTitle(s);
  const v = verdictOf(s);
  const id = s.header?.id ?? s.dirId;
  const open = () => void openFolderSession(s.path);
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } };
  return (
    <div role="option" aria-selected={false} tabIndex={0} className="folder-row" style={{ paddingLeft: 8 + depth * 16 }} onClick={open} onKeyDown={onKey}
      aria-label={`Open ${title}`} data-path={s.path} data-verdict={s.judged && 'verdict' in s.judged ? (s.judged.verdict.ok ? 'ok' : s.judged.verdict.kind ?? 'refused') : undefined}>
      <div className="folder-title" title={s.path}>{depth > 0 ? '↳ ' : ''}{title}</div>
      <div className="folder-meta mono">
        <span className={`badge ${v.cls}`} title={v.title}>{v.label}</span>
        {s.judged && 'events' in s.judged && <span>{s.judged.events.toLocaleString()} events</span>}
        {id !== undefined && id !== title && <span title="Session id">{id}</span>}
        {s.header?.createdAt !== undefined && <span title="Session createdAt">created {absTime(s.header.createdAt)}</span>}
        {s.size >= 0 && <span>{formatBytes(s.size)}</span>}
        {s.mtimeMs > 0 && <span title="Last modified">modified {absTime(s.mtimeMs)}</span>}
        {depth > 0 && s.header?.origin === 'subagent' && <span>sub-agent</span>}
        {orphan && <span title="Its parent session is not in this folder">parent {s.header?.parentSession} not here</span>}
        {s.header === null && <span>no header</span>}
      </div>
    </div>
  );
}
