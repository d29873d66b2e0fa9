import { useEffect, useRef } from 'react';
import { canPickDirectory, checkSavedFolder, openFolderFiles, pickFolder, reopenSavedFolder, setFolderPanel } from '../../app/folder';
import { useApp } from '../../store/store';

/** Toolbar: Open folder (the directory picker, else a webkitdirectory input), reopen the kept folder, show the folder. */
export function FolderActions() {
  const input = useRef<HTMLInputElement>(null);
  const folder = useApp((s) => s.folder);
  const shown = useApp((s) => s.folderPanel);
  const saved = useApp((s) => s.savedFolder);
  useEffect(() => { void checkSavedFolder(); }, []);
  useEffect(() => { input.current?.setAttribute('webkitdirectory', ''); }, []);
  return (
    <span className="folder-actions">
      <button type="button" onClick={() => (canPickDirectory() ? void pickFolder() : input.current?.click())}>Open folder</button>
      <input ref={input} className="visually-hidden" type="file" multiple aria-label="Choose a folder" tabIndex={-1} aria-hidden="true"
        onChange={(e) => { const f = e.target.files; if (f?.length) openFolderFiles(f); e.target.value = ''; }} />
      {saved && !folder && <button type="button" onClick={() => void reopenSavedFolder()}>Reopen {saved}</button>}
      {folder && <button type="button" aria-expanded={!!shown} onClick={() => setFolderPanel(!shown)}>Folder ({folder.sessions.length})</button>}
    </span>
  );
}
