import { useEffect } from 'react';
import { ContainerBadge } from './ContainerBadge';
import { ForkExport } from './ForkExport';
import { TraceExport } from './TraceExport';
import { refresh, setDrawer, useLibrary } from '../../app/library';
import { setTourPanel, useTour } from '../../app/tour-state';

/**
 * Toolbar additions: the sessions drawer and tour editor toggles, then fork and trace export. The
 * toggles come first so the export options, however wide, never push them under an open drawer.
 */
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
      <ForkExport />
      <TraceExport />
    </span>
  );
}
