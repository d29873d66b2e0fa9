import { useEffect } from 'react';
import { ContainerBadge } from './ContainerBadge';
import { ForkExport } from './ForkExport';
import { TraceExport } from './TraceExport';
import { refresh, setDrawer, useLibrary } from '../../app/library';
import { setTourPanel, useTour } from '../../app/tour-state';

/** Toolbar additions: the sessions drawer toggle, fork and trace export and the tour editor toggle. */
export function SessionActions() {
  const open = useLibrary((s) => s.drawer);
  const count = useLibrary((s) => s.entries.length);
  const tourOpen = useTour((s) => s.panel);
  useEffect(() => { void refresh(); }, []);
  return (
    <span className="session-actions">
      <ContainerBadge />
      <button type="button" aria-expanded={open} onClick={() => setDrawer(!open)}>Library ({count})</button>
      <ForkExport />
      <TraceExport />
      <button type="button" aria-expanded={tourOpen} onClick={() => setTourPanel(!tourOpen)}>Tour</button>
    </span>
  );
}
