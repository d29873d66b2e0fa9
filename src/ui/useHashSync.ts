/** Keeps the URL hash in step with session, view, cursor, selection and A/B marks; back/forward restore them. */
import { useEffect } from 'react';
import { formatHash, parseHash } from '../app/hash';
import { setMarks } from '../app/cursor';
import { lastSeq, useApp, type AppState } from '../store/store';
import { select, setCursor } from '../app/cursor';
import { setView } from '../app/view';
import { useRuns } from '../store/runs';

let applying = false;

/**
 * A cursor move's hash is written once the cursor has rested REST_MS, and at most MAX_WAIT_MS after
 * the first move not yet written (a long drag or replay still updates it). A history.replaceState
 * costs the page several milliseconds of main-thread time (Chromium: ~4 ms on the 1.3 M-event bench
 * log), so written every 150 ms during a scrub it landed inside every third jump.
 */
const REST_MS = 300;
const MAX_WAIT_MS = 1000;

const hashOf = (s: AppState) => ({ session: s.sessionName, view: s.view, cursor: s.cursor, sel: s.selected, a: s.markA, b: s.markB, tour: s.tour.libraryId, compare: compareOf(s) });
/** The Runs view's pair of kept sessions, while it compares the session shown. */
const compareOf = (s: AppState) => { const r = useRuns.getState(); return r.for === s.summary ? r.ids?.join(',') : undefined; };

export function useHashSync(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // the hash a pending write was last scheduled for, and when the first unwritten move came
    let pending: string | undefined, since = 0;
    const clear = () => { if (timer) clearTimeout(timer); timer = undefined; pending = undefined; };
    const write = () => { clear(); const cur = useApp.getState(); history.replaceState(null, '', formatHash(hashOf(cur))); };
    const unsub = useApp.subscribe((s, prev) => {
      if (applying || s.phase !== 'ready' || !s.summary) return;
      const h = formatHash(hashOf(s));
      if (h === location.hash) { clear(); return; }
      const push = s.view !== prev.view || s.selected !== prev.selected || s.markA !== prev.markA || s.markB !== prev.markB
        || s.sessionName !== prev.sessionName || prev.phase !== 'ready';
      if (push && prev.phase === 'ready') {
        clear();
        history.pushState(null, '', h);
        return;
      }
      // only a new hash reschedules the write (the write reads the state when it runs): other store
      // changes (rows, moments, a followed log's growth) do not postpone it
      if (h === pending) return;
      const now = performance.now();
      if (pending === undefined) since = now;
      pending = h;
      if (timer) clearTimeout(timer);
      timer = setTimeout(write, push ? 0 : Math.max(0, Math.min(REST_MS, since + MAX_WAIT_MS - now)));
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
    return () => { unsub(); unsubRuns(); window.removeEventListener('popstate', onPop); clear(); };
  }, []);
}
