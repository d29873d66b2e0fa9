import { useEffect } from 'react';
import { ContainerBadge } from './ContainerBadge';
import { ExportMenu } from './ExportMenu';
import { refresh, setDrawer, useLibrary } from '../../app/library';
import { setTourPanel, useTour } from '../../app/tour-state';

/** Toolbar additions: the sessions drawer and tour editor toggles, then Export… (fork and trace). */
export function SessionActions() {
  const open = useLibrary((s) => s.drawer);
  const count = useLibrary((s) => s.entries.length);
  const tourOpen = useTour((s) => s.panel);
  useEffect(() => { void refresh(); }, []);
  return (
    <span className="session-actions">
      <ContainerBadge />
      <button type="button" aria-expanded={open} onClick={() => setDrawer(!open)}>Library ({count})</button>
      <button type="button" aria-expanded={tourOpen} onClick={() => setTourPanel(!tourOpen)}>Tour</button>
      <ExportMenu />
    </span>
  );
}
