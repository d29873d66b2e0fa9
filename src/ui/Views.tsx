import { useDeferredValue, useRef, type KeyboardEvent } from 'react';
import { setView } from '../app/view';
import { useApp } from '../store/store';
import { VIEWS, type View } from '../core/view';
import { LogView } from './LogView';
import { PreviewLog } from './PreviewLog';
import { SurfaceView } from './SurfaceView';
import { TranscriptView } from './TranscriptView';
import { CompareView } from './CompareView';
import { RegionBoundary } from './RegionBoundary';
import { DiffView } from './DiffView';
import { RunsView } from './runs/RunsView';

const LABEL: Record<View, string> = { log: 'Log', surface: 'Surface', transcript: 'Transcript', compare: 'Compare', diff: 'Diff', runs: 'Runs' };

/** The six tabs and the active panel. */
export function Views() {
  const view = useApp((s) => s.view);
  const phase = useApp((s) => s.phase);
  const hasSummary = useApp((s) => s.summary !== undefined);
  const previewing = useApp((s) => s.phase === 'loading' && (s.progress.events ?? 0) > 0);
  const refused = useApp((s) => s.sizeRefusal);
  // When a load settles, the loaded views mount in a deferred pass of their own: the commit that
  // shows the session (verdict, overview strip, scrubber, status) is drawn and painted without
  // waiting for the Log's first render. Meanwhile the panel stays as it was (the reading preview).
  const settled = useDeferredValue(hasSummary);
  const wasPreviewing = useDeferredValue(previewing);
  const loaded = hasSummary && settled;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = VIEWS.indexOf(view);
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % VIEWS.length;
    else if (e.key === 'ArrowLeft') j = (i + VIEWS.length - 1) % VIEWS.length;
    if (j < 0) return;
    e.preventDefault();
    setView(VIEWS[j]);
    refs.current[VIEWS[j]]?.focus();
  };
  return (
    <main className="views">
      <div className="tabs" role="tablist" aria-label="Views" onKeyDown={onKey}>
        {VIEWS.map((v) => (
          <button key={v} ref={(el) => { refs.current[v] = el; }} type="button" role="tab" id={`tab-${v}`} aria-controls={`panel-${v}`}
            aria-selected={view === v} tabIndex={view === v ? 0 : -1} onClick={() => setView(v)}>{LABEL[v]}</button>
        ))}
      </div>
      {refused && <p className="size-refusal" role="alert">{refused}</p>}
      <div className="tabpanel" role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
        <RegionBoundary name={`${LABEL[view]} view`} resetKey={view} className="empty-state">
        {!loaded && (previewing || (hasSummary && wasPreviewing)) ? (view === 'log' ? <PreviewLog /> : <div className="empty-state">The {LABEL[view]} view opens when every event is indexed; the Log already lists the events read so far.</div>)
          : !loaded ? <div className="empty-state">{phase === 'loading' || hasSummary ? 'Loading…' : 'Drop a DSH session log (.jsonl or .jsonl.zstd) anywhere, or use Open file.'}</div>
          : view === 'log' ? <LogView />
          : view === 'surface' ? <SurfaceView />
          : view === 'transcript' ? <TranscriptView />
          : view === 'diff' ? <DiffView />
          : view === 'runs' ? <RunsView />
          : <CompareView />}
        </RegionBoundary>
      </div>
    </main>
  );
}
