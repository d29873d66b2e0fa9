import { useRef, useState } from 'react';
import { downloadBlob } from '../../app/download';
import { closeTour, playBuiltinTour, startRecording } from '../../app/tour-player';
import { formatTourFile, importTourFile, keepTour } from '../../app/tour-io';
import { setTourPanel, useTour } from '../../app/tour-state';
import { stopRecording } from '../../app/tour-recorder';
import { useApp } from '../../store/store';
import { TourSessionExport } from './TourSessionExport';
import { TourSteps } from './TourSteps';

/** The tour editor: record, the built-in tour, import, export (alone or with its session), keep in the library, and the steps. */
export function TourPanel() {
  const open = useTour((s) => s.panel);
  const tour = useTour((s) => s.tour);
  const recording = useTour((s) => s.recording);
  const libraryId = useTour((s) => s.libraryId);
  const sessionName = useApp((s) => s.sessionName);
  const hasSummary = useApp((s) => s.summary !== undefined);
  const input = useRef<HTMLInputElement>(null);
  const [kept, setKept] = useState<string>();
  if (!open) return null;
  const link = libraryId ? `#${new URLSearchParams({ ...(sessionName ? { session: sessionName } : {}), tour: libraryId }).toString()}` : undefined;
  const onExport = () => { const f = formatTourFile(); if (f) downloadBlob(f.name, new Blob([f.text], { type: 'application/json' })); };
  const onKeep = async () => { const id = await keepTour(); setKept(id ? 'Kept in the library.' : undefined); };
  return (
    <aside className="tour-panel" aria-label="Tour editor">
      <div className="lib-drawer-head">
        <h2>Tour</h2>
        <button type="button" onClick={() => setTourPanel(false)} aria-label="Close tour editor">×</button>
      </div>
      <div className="tour-actions">
        {recording
          ? <button type="button" onClick={stopRecording}>Stop recording</button>
          : <button type="button" onClick={startRecording} disabled={!hasSummary}>Record tour</button>}
        <button type="button" onClick={() => void playBuiltinTour()} disabled={!hasSummary}>Built-in tour</button>
        <button type="button" onClick={() => input.current?.click()}>Import tour</button>
        <input ref={input} className="visually-hidden" type="file" accept=".json,application/json" aria-label="Import tour file" tabIndex={-1} aria-hidden="true"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void importTourFile(f); e.target.value = ''; }} />
        <button type="button" onClick={onExport} disabled={!tour}>Export tour</button>
        <TourSessionExport />
        <button type="button" onClick={() => void onKeep()} disabled={!tour}>Keep in library</button>
        <button type="button" onClick={closeTour} disabled={!tour}>Discard tour</button>
      </div>
      {kept && libraryId && <p className="tour-kept" role="status">{kept} Link: <a href={link}>{link}</a></p>}
      {tour && <TourSteps />}
    </aside>
  );
}
