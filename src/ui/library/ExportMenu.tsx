import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ForkExport } from './ForkExport';
import { TraceExport } from './TraceExport';
import './export-menu.css';

/**
 * One toolbar button, "Export…", that opens the two writers of the open session (the fork at the
 * cursor and the trace) in a panel under it: inline, their options took two of the toolbar's rows
 * at 800 px and left the Log six rows. The writers stay mounted while the panel is closed, so a
 * choice (zstd, redaction, format) holds until the page reloads. Escape or a press outside closes
 * the panel; Escape hands the focus back to the button.
 */
export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // placed under the button, kept inside the window (the toolbar clips what overflows it, so the
  // panel lives in a portal with a fixed position)
  useLayoutEffect(() => {
    if (!open || !button.current || !panel.current) return;
    const r = button.current.getBoundingClientRect();
    const width = panel.current.offsetWidth;
    setAt({ top: r.bottom + 4, left: Math.max(4, Math.min(r.left, window.innerWidth - width - 4)) });
    panel.current.querySelector<HTMLElement>('button, input, select')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button type="button" ref={button} aria-haspopup="dialog" aria-expanded={open} aria-controls="export-panel"
        title="Export the open session: a fork at the cursor, or its trace" onClick={() => setOpen(!open)}>Export…</button>
      {createPortal(
        <div id="export-panel" className="export-panel" role="dialog" aria-label="Export" hidden={!open} ref={panel} onKeyDown={onKey}
          style={{ top: at.top, left: at.left }}>
          <section aria-label="Fork at cursor">
            <h3>Fork at cursor</h3>
            <p className="hint">The log up to the cursor, as a session DSH can resume.</p>
            <ForkExport />
          </section>
          <section aria-label="Trace">
            <h3>Trace</h3>
            <p className="hint">Spans for Jaeger, Tempo and other OpenTelemetry tools, or a Perfetto trace.</p>
            <TraceExport />
          </section>
        </div>,
        document.body,
      )}
    </>
  );
}
