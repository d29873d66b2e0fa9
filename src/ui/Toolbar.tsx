import { openFilePair } from '../app/runs';
import { useEffect, useRef, useState } from 'react';
import { toggleHelp } from '../app/view';
import { useApp } from '../store/store';
import { eventCounts, formatBytes } from './format';
import { openFile } from '../app/open';
import { hasFilePicker, pickFiles } from '../app/file-handles';
import { FolderActions } from './folder/FolderActions';
import { SessionActions } from './library/SessionActions';
import { DownloadLog } from './bundle/DownloadLog';
import { ShareButton } from './share/ShareButton';

type Theme = 'system' | 'light' | 'dark';

/** Opens what the File System Access picker gives (with its handle, for the library), else clicks the file input. */
function pickAndOpen(fallback: () => void): void {
  if (!hasFilePicker()) { fallback(); return; }
  pickFiles().then((fs) => {
    if (fs.length === 2) void openFilePair(fs[0].file, fs[1].file, openFile);
    else if (fs[0]) void openFile(fs[0].file, Promise.resolve(fs[0].handle));
  }, fallback);
}

function applyTheme(t: Theme) {
  if (t === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
}

/** Brand, the file picker, the loaded file's name, theme toggle and help. */
export function Toolbar() {
  const input = useRef<HTMLInputElement>(null);
  const summary = useApp((s) => s.summary);
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('seqscope-theme') as Theme) || 'system');
  useEffect(() => { applyTheme(theme); localStorage.setItem('seqscope-theme', theme); }, [theme]);
  const next: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

  return (
    <header className="toolbar">
      <h1 className="brand">Seqscope</h1>
      <button type="button" onClick={() => pickAndOpen(() => input.current?.click())}>Open file</button>
      {/* The button is the picker; the input is its mechanism only: no tab stop, and out of the
          accessibility tree (a file input is a button there, so "Open file" was listed twice). */}
      <input ref={input} className="visually-hidden" type="file" multiple aria-label="Open file" tabIndex={-1} aria-hidden="true" accept=".jsonl,.zstd,.zst,.json,.zip,application/json,application/zstd,application/zip"
        onChange={(e) => { const fs = e.target.files; if (fs?.length === 2) void openFilePair(fs[0], fs[1], openFile); else if (fs?.[0]) void openFile(fs[0]); e.target.value = ''; }} />
      <FolderActions />
      {summary && (
        <span className="file" title={summary.fileName}>
          {summary.fileName ?? 'session'} · {summary.header?.id ?? 'no header'} · {formatBytes(summary.byteLength)} {summary.encoding} · {eventCounts(summary.length, summary.storedEventCount)} · loaded in {Math.round(summary.loadMs)} ms
        </span>
      )}
      <SessionActions />
      <ShareButton />
      <DownloadLog />
      <span className="spacer" />
      <button type="button" onClick={() => setTheme(next[theme])} aria-label={`Theme: ${theme}`} title="Toggle theme">Theme: {theme}</button>
      <button type="button" onClick={() => toggleHelp()} aria-label="Keyboard shortcuts">?</button>
    </header>
  );
}
