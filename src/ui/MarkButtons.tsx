import { clearMarks, markPreviousRequest, markStepAtCursor, setMarkA, setMarkB } from '../app/cursor';
import { useApp } from '../store/store';

/** Set A / B at the cursor, the two A/B shortcuts, and clear; each names its key. */
export function MarkButtons() {
  const a = useApp((s) => s.markA);
  const b = useApp((s) => s.markB);
  const cursor = () => useApp.getState().cursor;
  return (
    <span className="ab-buttons" role="group" aria-label="Diff marks">
      <button type="button" onClick={() => setMarkA(cursor())} title="Set A to the cursor (a)" aria-keyshortcuts="a">Mark A</button>
      <button type="button" onClick={() => setMarkB(cursor())} title="Set B to the cursor (b)" aria-keyshortcuts="b">Mark B</button>
      <button type="button" onClick={markStepAtCursor} title="B = the cursor, A = just before this step (d)" aria-keyshortcuts="d">Step</button>
      <button type="button" onClick={markPreviousRequest} title="A = the previous model request, B = the cursor unless set (Shift+A)" aria-keyshortcuts="Shift+A">Since request</button>
      {(a !== undefined || b !== undefined) && <button type="button" onClick={clearMarks} title="Clear A and B" >Clear A/B</button>}
    </span>
  );
}
