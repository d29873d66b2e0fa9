import { ArchiveSessions } from './ArchiveSessions';
import { ForkCompare } from './ForkCompare';
import { LibraryPanel } from './LibraryPanel';
import { setDrawer, useLibrary } from '../../store/library';

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
      <ArchiveSessions />
      <ForkCompare />
      <LibraryPanel />
    </aside>
  );
}
