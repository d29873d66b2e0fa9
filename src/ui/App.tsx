import { useEffect, useState, type DragEvent } from 'react';
import { useApp } from '../store/store';
import { useHashSync } from './useHashSync';
import { useKeyboard } from './useKeyboard';
import { openFile, openInitial } from '../app/open';
import { openFilePair } from '../app/runs';
import { droppedHandles } from '../app/file-handles';
import { Toolbar } from './Toolbar';
import { LoadProgress } from './LoadProgress';
import { VerdictBanner } from './VerdictBanner';
import { Views } from './Views';
import { Inspector } from './Inspector';
import { InspectorDock } from './InspectorDock';
import { ForkComparePane } from './library/ForkComparePane';
import { Scrubber } from './Scrubber';
import { OverviewStrip } from './overview/OverviewStrip';
import { StatusBar } from './StatusBar';
import { Shortcuts } from './Shortcuts';
import { FolderPanel } from './folder/FolderPanel';
import { LibraryDrawer } from './library/LibraryDrawer';
import { RegionBoundary } from './RegionBoundary';
import { TourCaption } from './tour/TourCaption';
import { TourPanel } from './tour/TourPanel';
import { RefusalBanner } from './RefusalBanner';
import { OpenFailureBanner } from './OpenFailureBanner';
import { ShareDialog } from './share/ShareDialog';

/** The shell: the whole window is a drop target; views, inspector, scrubber and status below. */
export function App() {
  const [dragging, setDragging] = useState(false);
  const phase = useApp((s) => s.phase);
  const hasSummary = useApp((s) => s.summary !== undefined);
  const forkCompare = useApp((s) => (s.library.forkCompare?.for === s.summary ? s.library.forkCompare : undefined));
  useHashSync();
  useKeyboard();
  useEffect(() => { openInitial(); }, []);

  const onDragOver = (e: DragEvent) => { e.preventDefault(); setDragging(true); };
  const onDragLeave = (e: DragEvent) => { if (e.currentTarget === e.target) setDragging(false); };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer?.files;
    // the items' handles are asked for now: they are gone once the drop is dispatched
    const handles = e.dataTransfer ? droppedHandles(e.dataTransfer) : [];
    // two files dropped together are two runs: the first opens, the second is compared with it
    if (files && files.length === 2) void openFilePair(files[0], files[1], openFile);
    else if (files?.[0]) void openFile(files[0], handles[0]);
  };

  return (
    <div className={`app${dragging ? ' dragging' : ''}`} data-testid="dropzone" onDragEnter={onDragOver} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <RegionBoundary name="Toolbar" className="toolbar"><Toolbar /></RegionBoundary>
      {phase === 'loading' ? <LoadProgress /> : <div />}
      <div className="banners">
        <RegionBoundary name="Open failure" className="banner"><OpenFailureBanner /></RegionBoundary>
        <RegionBoundary name="Verdict banner" className="banner">{hasSummary ? <VerdictBanner /> : <RefusalBanner />}</RegionBoundary>
        <RegionBoundary name="Tour" className="tour-caption"><TourCaption /></RegionBoundary>
      </div>
      <div className="main">
        {forkCompare ? <ForkComparePane c={forkCompare} /> : <Views />}
        <InspectorDock><RegionBoundary name="Inspector" className="inspector"><Inspector /></RegionBoundary></InspectorDock>
        <RegionBoundary name="Tour editor" className="tour-panel"><TourPanel /></RegionBoundary>
      </div>
      <RegionBoundary name="Overview" className="overview"><OverviewStrip /></RegionBoundary>
      <RegionBoundary name="Scrubber" className="scrubber"><Scrubber /></RegionBoundary>
      <RegionBoundary name="Status bar" className="status"><StatusBar /></RegionBoundary>
      <Shortcuts />
      <LibraryDrawer />
      <FolderPanel />
      <RegionBoundary name="Share" className="share-dialog"><ShareDialog /></RegionBoundary>
    </div>
  );
}
