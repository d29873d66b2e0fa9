import { useEffect, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { toggleInspector } from '../app/view';
import { useApp } from '../store/store';

const KEY = 'seqscope-inspector-width';
const MIN = 240, DEFAULT = 380;
const maxWidth = () => Math.max(MIN, Math.round(window.innerWidth * 0.7));
const clamp = (w: number) => Math.max(MIN, Math.min(maxWidth(), Math.round(w)));

/**
 * The Inspector's place beside the views: resizable by dragging or with the arrow keys on its
 * separator (the width is remembered), collapsible to a strip (button or `i`). On a narrow window
 * the stylesheet docks it below the views instead, and the separator is hidden.
 */
export function InspectorDock({ children }: { children: ReactNode }) {
  const collapsed = useApp((s) => s.inspectorCollapsed);
  // below the views (a narrow window) the empty Inspector shrinks to its one line of help
  const empty = useApp((s) => s.selected === undefined && s.selectedLine === undefined);
  const [width, setWidth] = useState(() => clamp(Number(localStorage.getItem(KEY)) || DEFAULT));
  useEffect(() => { localStorage.setItem(KEY, String(width)); }, [width]);

  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointerdown') { e.currentTarget.setPointerCapture(e.pointerId); return; }
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    setWidth(clamp(window.innerWidth - e.clientX));
  };
  const onKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 80 : 20;
    if (e.key === 'ArrowLeft') setWidth((w) => clamp(w + step));
    else if (e.key === 'ArrowRight') setWidth((w) => clamp(w - step));
    else if (e.key === 'Home') setWidth(maxWidth());
    else if (e.key === 'End') setWidth(MIN);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  if (collapsed) {
    return (
      <div className="dock collapsed">
        <button type="button" className="dock-toggle" aria-expanded={false} aria-label="Expand the Inspector" title="Expand the Inspector (i)" onClick={() => toggleInspector(false)}>
          <span aria-hidden="true">◂</span> Inspector
        </button>
      </div>
    );
  }
  return (
    <div className={empty ? 'dock empty' : 'dock'} style={{ ['--dock-width' as string]: `${width}px` }}>
      <div className="dock-resizer" role="separator" aria-orientation="vertical" aria-label="Inspector width" tabIndex={0}
        aria-valuemin={MIN} aria-valuemax={maxWidth()} aria-valuenow={width} onKeyDown={onKey} onPointerDown={onPointer} onPointerMove={onPointer} />
      <button type="button" className="dock-toggle" aria-expanded={true} aria-label="Collapse the Inspector" title="Collapse the Inspector (i)" onClick={() => toggleInspector(true)}>
        <span aria-hidden="true">▸</span>
      </button>
      {children}
    </div>
  );
}
