/** Global shortcuts: j/k, [ ], e/E (next/previous failed tool call), /, ?, 1–5, a/b/d/A (Diff marks), Space (play/pause), i (Inspector), Esc. Ignored while typing in a field. */
import { useEffect } from 'react';
import { VIEWS } from '../core/view';
import { markPreviousRequest, markStepAtCursor, setMarkA, setMarkB } from '../app/cursor';
import { lastSeq, useApp } from '../store/store';
import { reveal, select, setCursor, togglePlay } from '../app/cursor';
import { setView, toggleHelp, toggleInspector } from '../app/view';
import { turnJump } from './format';
import { stepError } from './ErrorNav';

export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing = t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
      if (e.key === 'Escape') { if (useApp.getState().showHelp) toggleHelp(false); else if (typing) t.blur(); else select(undefined); return; }
      if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
      const s = useApp.getState();
      if (!s.summary) { if (e.key === '?') toggleHelp(); return; }
      const last = lastSeq();
      // Space plays or pauses, except on a control that Space activates
      if (e.key === ' ' && t?.closest('button, a[href], summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"]')) return;
      switch (e.key) {
        case ' ': togglePlay(); break;
        case 'i': toggleInspector(); break;
        case 'j': reveal(s.selected === undefined ? 0 : Math.min(last, s.selected + 1)); break;
        case 'k': reveal(s.selected === undefined ? s.cursor : Math.max(0, s.selected - 1)); break;
        case ']': { const n = turnJump(s.summary.turnSeqs, s.cursor, 1, last); setCursor(n); select(n); break; }
        case '[': { const n = turnJump(s.summary.turnSeqs, s.cursor, -1, last); setCursor(n); select(n); break; }
        case '/': setView('log'); requestAnimationFrame(() => document.getElementById('search')?.focus()); break;
        case '?': toggleHelp(); break;
        case 'e': stepError(1); break;
        case 'E': stepError(-1); break;
        case 'a': setMarkA(s.cursor); break;
        case 'b': setMarkB(s.cursor); break;
        case 'A': markPreviousRequest(); break;
        case 'd': markStepAtCursor(); break;
        case '1': case '2': case '3': case '4': case '5': setView(VIEWS[Number(e.key) - 1]); break;
        default: return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
