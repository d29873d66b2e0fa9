import { reveal } from '../app/cursor';
import { rowCache } from '../app/session-scope';
import { useApp } from '../store/store';
import { surfaceAbsence } from './surface-absence';

/** A note above the Surface when the selected event is not on it at the cursor, and why. */
export function SurfaceAbsence({ onSurface }: { onSurface: boolean }) {
  const selected = useApp((s) => s.selected);
  const cursor = useApp((s) => s.cursor);
  const lineage = useApp((s) => s.lineage);
  const headerSeq = useApp((s) => (s.moment && s.moment.headerSeq >= 0 ? s.moment.headerSeq : undefined));
  useApp((s) => s.rowsVersion);
  if (selected === undefined) return null;
  const a = surfaceAbsence({ selected, cursor, onSurface, headerSeq, type: rowCache.get(selected)?.type, lineage });
  if (!a) return null;
  return (
    <p className="view-note" role="note" aria-label="Selection not on the Surface">
      {a.text}{a.link && <> <button type="button" onClick={() => reveal(a.link!.seq)}>{a.link.label}</button></>}
    </p>
  );
}
