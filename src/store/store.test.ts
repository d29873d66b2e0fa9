/**
 * resetSession: every slice's session-scoped part goes back to the slice's initial value in one
 * update, `then` lands on top, and what outlives a load (view, library, tour, folder, the cursor
 * until the new session settles) is kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LineageInfo, Moment, Summary } from '../protocol/worker-protocol';
import { compareReset } from './compare-slice';
import { cursorReset } from './cursor-slice';
import { overviewReset } from './overview-slice';
import { searchReset } from './search-slice';
import { sessionReset } from './session-slice';
import { lastSeq, resetSession, sessionSnapshot, useApp, type AppState } from './store';

const summary = { length: 10 } as unknown as Summary;

/** A value for every session-scoped field, none of them its initial value. */
const dirty: Partial<AppState> = {
  // session
  progress: { done: 5, total: 9, events: 3 }, message: 'm', refusal: { kind: 'corrupt', code: 'x' }, sessionName: 'a', summary, sessionId: 4,
  liveSession: { source: 'u', pinnedToEnd: true }, openFailure: { file: 'shot.png', message: 'not a log' },
  // cursor
  moment: { seq: 3 } as unknown as Moment, selected: 2, lineage: { seq: 2 } as unknown as LineageInfo, selectedLine: 4, markA: 1, markB: 3, playing: true,
  // search
  families: ['tool'], filterSeqs: new Int32Array([1]), search: { query: 'q', hits: new Int32Array([1]), index: 0 },
  // overview
  overviewRange: {} as AppState['overviewRange'], zoom: { from: 1, to: 2 },
  // compare
  compareAnswer: { for: summary, info: {} as never }, diffAnswer: { for: summary, key: '1:2' },
};

const parts = { session: sessionReset, cursor: cursorReset, search: searchReset, overview: overviewReset, compare: compareReset };

beforeEach(() => { useApp.setState(useApp.getInitialState(), true); });

describe('resetSession', () => {
  it('the dirty state covers every field a slice resets (so the test below checks each one)', () => {
    const resetKeys = Object.values(parts).flatMap((r) => Object.keys(r())).sort();
    expect(resetKeys).toEqual(Object.keys(dirty).sort());
  });

  for (const [slice, reset] of Object.entries(parts)) {
    it(`clears the ${slice} slice's session-scoped fields to their initial values`, () => {
      useApp.setState(dirty);
      resetSession();
      const s = useApp.getState();
      const initial = useApp.getInitialState() as unknown as Record<string, unknown>;
      for (const key of Object.keys(reset())) expect((s as unknown as Record<string, unknown>)[key], key).toEqual(initial[key]);
    });
  }

  it('applies `then` on top, in one update', () => {
    useApp.setState(dirty);
    const seen: AppState[] = [];
    const off = useApp.subscribe((now) => seen.push(now));
    resetSession({ phase: 'loading', sessionName: 'b', view: 'surface' });
    off();
    expect(seen).toHaveLength(1);
    expect([seen[0].phase, seen[0].sessionName, seen[0].view, seen[0].summary, seen[0].selected]).toEqual(['loading', 'b', 'surface', undefined, undefined]);
  });

  it('keeps what outlives a load: the cursor until the new session settles, the view, the library, the tour, the folder, the UI toggles', () => {
    const library = { ...useApp.getState().library, ready: true, drawer: true, currentId: 'lib-1' };
    const tour = { ...useApp.getState().tour, panel: true, step: 2 };
    const folder = { name: 'f', via: 'files' as const, sessions: [], headersRead: 0 };
    useApp.setState({ ...dirty, cursor: 7, view: 'transcript', library, tour, folder, folderPanel: true, inspectorCollapsed: true, followOff: true, overviewAxis: 'time', overviewHidden: true, rowsVersion: 4 });
    resetSession();
    const s = useApp.getState();
    expect({ cursor: s.cursor, view: s.view, library: s.library, tour: s.tour, folder: s.folder, folderPanel: s.folderPanel, inspectorCollapsed: s.inspectorCollapsed, followOff: s.followOff, overviewAxis: s.overviewAxis, overviewHidden: s.overviewHidden, rowsVersion: s.rowsVersion })
      .toEqual({ cursor: 7, view: 'transcript', library, tour, folder, folderPanel: true, inspectorCollapsed: true, followOff: true, overviewAxis: 'time', overviewHidden: true, rowsVersion: 4 });
  });

  it('lastSeq is the session\'s last seq, 0 with none', () => {
    expect(lastSeq()).toBe(0);
    useApp.setState({ summary });
    expect(lastSeq()).toBe(9);
  });
});

describe('sessionSnapshot', () => {
  it('holds every field resetSession clears, as it was: set back, the session is as before the reset', () => {
    useApp.setState(dirty);
    const snap = sessionSnapshot();
    expect(Object.keys(snap).sort()).toEqual(Object.keys(dirty).sort());
    resetSession({ phase: 'loading' });
    useApp.setState(snap);
    for (const [k, v] of Object.entries(dirty)) expect(useApp.getState()[k as keyof AppState]).toBe(v);
  });
});
