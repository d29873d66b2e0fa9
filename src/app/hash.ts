/** The URL hash: session, view, cursor, selection, the A/B marks and a kept tour (deep links). Pure. */
import { VIEWS, type View } from '../core/view';

export interface HashState {
  session?: string;
  view?: View;
  cursor?: number;
  sel?: number;
  a?: number;
  b?: number;
  /** A tour kept in the library (issue 12). */
  tour?: string;
  /** Two kept sessions compared in the Runs view: `<idA>,<idB>`. */
  compare?: string;
}

export function parseHash(hash: string): HashState {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const out: HashState = {};
  const s = p.get('session');
  if (s) out.session = s;
  const v = p.get('view');
  if (v && (VIEWS as readonly string[]).includes(v)) out.view = v as View;
  const num = (k: string) => {
    const x = p.get(k);
    if (x === null || !/^\d+$/.test(x)) return undefined;
    return Number(x);
  };
  const c = num('cursor');
  if (c !== undefined) out.cursor = c;
  const sel = num('sel');
  if (sel !== undefined) out.sel = sel;
  const a = num('a'), b = num('b');
  if (a !== undefined) out.a = a;
  if (b !== undefined) out.b = b;
  const tour = p.get('tour');
  if (tour && /^[A-Za-z0-9_-]{1,80}$/.test(tour)) out.tour = tour;
  const compare = p.get('compare');
  if (compare && /^[A-Za-z0-9_-]{1,80},[A-Za-z0-9_-]{1,80}$/.test(compare)) out.compare = compare;
  return out;
}

export function formatHash(h: HashState): string {
  const p = new URLSearchParams();
  if (h.session) p.set('session', h.session);
  if (h.view) p.set('view', h.view);
  if (h.cursor !== undefined) p.set('cursor', String(h.cursor));
  if (h.sel !== undefined) p.set('sel', String(h.sel));
  if (h.a !== undefined) p.set('a', String(h.a));
  if (h.b !== undefined) p.set('b', String(h.b));
  if (h.tour) p.set('tour', h.tour);
  if (h.compare) p.set('compare', h.compare);
  return '#' + p.toString();
}
