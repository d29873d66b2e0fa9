/** Keeps the URL hash in step with session, view, cursor, selection and A/B marks; back/forward restore them. */
import { useEffect } from 'react';
import { formatHash, parseHash } from '../app/hash';
import { setMarks } from '../app/cursor';
import { lastSeq, useApp, type AppState } from '../store/store';
import { select, setCursor } from '../app/cursor';
import { setView } from '../app/view';
import { useRuns } from '../store/runs';

let applying = false;

const hashOf = (s: AppState) => ({ session: s.sessionName, view: s.view, cursor: s.cursor, sel: s.selected, a: s.markA, b: s.markB, tour: s.tour.libraryId, compare: compareOf(s) });
/** The Runs view's pair of kept sessions, while it compares the session shown. */
const compareOf = (s: AppState) => { const r = useRuns.getState(); return r.for === s.summary ? r.ids?.join(',') : undefined; };

export function useHashSync(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsub = useApp.subscribe((s, prev) => {
      if (applying || s.phase !== 'ready' || !s.summary) return;
      const h = formatHash(hashOf(s));
      if (h === location.hash) return;
      const push = s.view !== prev.view || s.selected !== prev.selected || s.markA !== prev.markA || s.markB !== prev.markB
        || s.sessionName !== prev.sessionName || prev.phase !== 'ready';
      if (push && prev.phase === 'ready') {
        if (timer) { clearTimeout(timer); timer = undefined; }
        history.pushState(null, '', h);
        return;
      }
      // a pending write stays pending (it reads the state when it runs): resetting it on every store
      // change would starve it while rows, moments or a followed log keep updating the store
      timer ??= setTimeout(() => { timer = undefined; const cur = useApp.getState(); history.replaceState(null, '', formatHash(hashOf(cur))); }, push ? 0 : 150);
    });
    const onPop = () => {
      const h = parseHash(location.hash);
      const s = useApp.getState();
      if (h.session && h.session !== s.sessionName) { location.reload(); return; }
      applying = true;
      try {
        if (h.view) setView(h.view);
        setCursor(h.cursor ?? lastSeq());
        select(h.sel);
        setMarks(h.a, h.b);
      } finally { applying = false; }
    };
    window.addEventListener('popstate', onPop);
    const unsubRuns = useRuns.subscribe((r, prev) => {
      const s = useApp.getState();
      if (r.ids !== prev.ids && s.phase === 'ready' && s.summary) history.replaceState(null, '', formatHash(hashOf(s)));
    });
    return () => { unsub(); unsubRuns(); window.removeEventListener('popstate', onPop); if (timer) clearTimeout(timer); };
  }, []);
}
