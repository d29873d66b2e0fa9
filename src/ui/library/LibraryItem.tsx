import { useState, type FormEvent } from 'react';
import { absTime, formatBytes, readableDate } from '../format';
import { openFromLibrary } from '../../app/library-open';
import { removeEntry, renameEntry, setNotice, verdictLabel, type LibraryEntry } from '../../app/library';

/** One kept session: its facts, and open / rename / delete. */
export function LibraryItem({ e, depth = 0, current, forkOf, sameAs }: { e: LibraryEntry; depth?: number; current: boolean; forkOf?: string; sameAs?: string }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(e.name);
  const open = () => {
    const atFork = e.parentSession !== undefined && e.seedLength !== undefined && e.seedLength > 0 ? { cursor: e.seedLength - 1 } : {};
    void openFromLibrary(e.id, atFork);
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const n = name.trim();
    if (!n) return;
    setRenaming(false);
    renameEntry(e.id, n).catch((err) => setNotice({ kind: 'error', text: `Could not rename: ${(err as Error).message}` }));
  };
  const del = () => {
    setConfirming(false);
    removeEntry(e.id).catch((err) => setNotice({ kind: 'error', text: `Could not delete: ${(err as Error).message}` }));
  };
  return (
    <li className={`lib-item${current ? ' current' : ''}`} style={{ paddingLeft: 6 + depth * 14 }} aria-current={current ? 'true' : undefined}
      data-entry-id={e.id} data-verdict={e.verdict.ok ? 'ok' : e.verdict.kind ?? 'refused'}>
      {renaming ? (
        <form onSubmit={submit} className="lib-rename">
          <input aria-label={`New name for ${e.name}`} value={name} onChange={(x) => setName(x.target.value)} autoFocus />
          <button type="submit">Save</button>
          <button type="button" onClick={() => { setRenaming(false); setName(e.name); }}>Cancel</button>
        </form>
      ) : <div className="lib-name" title={e.name}>{depth > 0 ? '↳ ' : ''}{e.name}</div>}
      <div className="lib-meta mono">
        <span>{formatBytes(e.size)} {e.encoding}</span>
        <span className={`badge ${e.verdict.ok ? '' : 'err'}`}>{verdictLabel(e)}</span>
        {e.byReference === 'handle' && <span className="badge" title="Too large to copy into the library: the file is read again from where it is when opened">by reference</span>}
        {e.byReference === 'none' && <span className="badge err" title="Too large to copy into the library, and this browser gave no way to read it again">not kept: reopen the file</span>}
        {e.redacted && <span className="badge" title={`Credentials cut before sharing (${e.redacted.rules.join(', ') || 'no rule matched'})`}>redacted · {e.redacted.findings} cut{e.redacted.findings === 1 ? '' : 's'}</span>}
        {e.eventCount !== undefined && <span title="Events stored in the file; the viewer adds crash-repair closers and an end-seed marker on load">{e.eventCount.toLocaleString('en-US')} events stored</span>}
      </div>
      <div className="lib-meta mono">
        <span title="Session id">{e.sessionId ?? 'no header'}</span>
        {e.createdAt !== undefined && <span title={`Session createdAt: ${absTime(e.createdAt)}`}>created {readableDate(e.createdAt)}</span>}
        <span title={`Added to the library: ${absTime(e.addedAt)}`}>added {readableDate(e.addedAt)}</span>
        {forkOf !== undefined && <span>fork of {forkOf} at seq {(e.seedLength ?? 1) - 1}</span>}
        {sameAs !== undefined && <span title="The same bytes opened under another name: stored once">same file as {sameAs}</span>}
      </div>
      <div className="lib-actions">
        <button type="button" onClick={open} aria-label={`Open ${e.name}`}>Open</button>
        <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${e.name}`}>Rename</button>
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={del} aria-label={`Confirm delete ${e.name}`}>Delete for good</button>
            <button type="button" onClick={() => setConfirming(false)}>Keep</button>
          </>
        ) : <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${e.name}`}>Delete</button>}
      </div>
    </li>
  );
}
