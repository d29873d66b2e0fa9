import { useEffect } from 'react';
import { ContainerBadge } from './ContainerBadge';
import { ForkExport } from './ForkExport';
import { GuidedReplay } from './GuidedReplay';
import { refresh, setDrawer, useLibrary } from '../../store/library';

/** Toolbar additions: the sessions drawer toggle, fork export and the guided replay. */
export function SessionActions() {
  const open = useLibrary((s) => s.drawer);
  const count = useLibrary((s) => s.entries.length);
  useEffect(() => { void refresh(); }, []);
  return (
    <span className="session-actions">
      <ContainerBadge />
      <button type="button" aria-expanded={open} onClick={() => setDrawer(!open)}>Library ({count})</button>
      <ForkExport />
      <GuidedReplay />
    </span>
  );
}
