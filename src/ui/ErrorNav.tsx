import { useEffect, useRef, useState } from 'react';
import { select, setCursor } from '../app/cursor';
import { useApp } from '../store/store';
import { nextError, toolErrorsOf } from './tool-errors-at';
import { formatCount } from './format';

/** Puts the cursor on a failed tool result and selects it (every view then shows it). */
export function goToError(seq: number): void {
  setCursor(seq);
  select(seq);
}

/** Moves to the next (1) or previous (-1) failed tool result from the cursor; false when there is none that way. */
export function stepError(dir: 1 | -1): boolean {
  const s = useApp.getState();
  const seq = nextError(toolErrorsOf(s.summary?.overview), s.cursor, dir);
  if (seq === undefined) return false;
  goToError(seq);
  return true;
}

/**
 * The session's failed tool calls: previous/next buttons (keys e and E) and the count, which
 * opens the list of them (each jumps to its result's seq).
 */
export function ErrorNav() {
  const errors = useApp((s) => toolErrorsOf(s.summary?.overview));
  const cursor = useApp((s) => s.cursor);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('pointerdown', close); document.removeEventListener('keydown', esc); };
  }, [open]);
  const n = errors.list.length;
  if (n === 0) return null;
  const prev = nextError(errors, cursor, -1), next = nextError(errors, cursor, 1);
  return (
    <div className="error-nav" ref={box}>
      <button type="button" aria-label="Previous error" title="Previous failed tool call (E)" disabled={prev === undefined} onClick={() => stepError(-1)}>◀</button>
      <button type="button" className="error-count" aria-expanded={open} aria-controls="error-list" onClick={() => setOpen(!open)}
        title="List the failed tool calls">{formatCount(n)} {n === 1 ? 'error' : 'errors'}</button>
      <button type="button" aria-label="Next error" title="Next failed tool call (e)" disabled={next === undefined} onClick={() => stepError(1)}>▶</button>
      {open && (
        <ul id="error-list" className="error-list" aria-label="Failed tool calls">
          {errors.list.map((f) => (
            <li key={f.result}>
              <button type="button" aria-current={f.result === cursor ? 'step' : undefined} onClick={() => { goToError(f.result); setOpen(false); }}>
                <span className="mono">seq {f.result.toLocaleString('en-US')}</span> {f.tool}
                {f.call !== f.result && <span className="label"> · called at seq {f.call.toLocaleString('en-US')}</span>}
                {f.result > cursor && <span className="label"> · after the cursor</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
