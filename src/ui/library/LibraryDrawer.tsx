import { ArchiveSessions } from './ArchiveSessions';
import { ForkCompare } from './ForkCompare';
import { LibraryPanel } from './LibraryPanel';
import { setDrawer, useLibrary } from '../../app/library';
import { RegionBoundary } from '../RegionBoundary';

/** The sessions drawer: the open archive's sessions, the fork comparison, and the library. */
export function LibraryDrawer() {
  const open = useLibrary((s) => s.drawer);
  if (!open) return null;
  return (
    <aside className="lib-drawer" aria-label="Sessions">
      <div className="lib-drawer-head">
        <strong>Sessions</strong>
        <button type="button" onClick={() => setDrawer(false)} aria-label="Close sessions">×</button>
      </div>
      <RegionBoundary name="Library drawer">
        <ArchiveSessions />
        <ForkCompare />
        <LibraryPanel />
      </RegionBoundary>
    </aside>
  );
}
