/**
 * The tour recorder, with fake timers (its clock) and a fake session worker client: moves closer
 * together than MERGE_MS are one step (the last move wins, the step's caption stays), moves further
 * apart are steps of their own, and the player's moves, moves while loading and moves after Stop are not recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSummary, type FakeSessionClient } from '../testing/fake-session-client';

vi.mock('./session-client', async () => ({ client: new (await import('../testing/fake-session-client')).FakeSessionClient() }));

type App = typeof import('../store/store') & typeof import('./cursor') & typeof import('./view') & typeof import('./tour-recorder') & typeof import('./tour-player');
let app: App;

const steps = () => app.useApp.getState().tour.tour?.steps ?? [];

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  vi.resetModules();
  app = { ...(await import('../store/store')), ...(await import('./cursor')), ...(await import('./view')), ...(await import('./tour-recorder')), ...(await import('./tour-player')) };
  ((await import('./session-client')).client as unknown as FakeSessionClient).reset();
  app.useApp.setState({ phase: 'ready', summary: fakeSummary(100), cursor: 99 });
});

afterEach(() => { vi.useRealTimers(); });

describe('the tour recorder', () => {
  it('starts with the moment shown as its first step', () => {
    app.beginRecording();
    const t = app.useApp.getState().tour;
    expect([t.recording, t.origin, t.step, t.panel]).toEqual([true, 'recorded', 0, true]);
    expect(steps()).toEqual([{ seq: 99, view: 'log', caption: '' }]);
    expect(t.tour?.session.id).toBe('fake-session');
  });

  it('moves closer together than MERGE_MS merge into one step, the last move winning', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS + 100);
    app.setCursor(10);
    vi.advanceTimersByTime(100);
    app.setCursor(20);
    vi.advanceTimersByTime(app.MERGE_MS - 1);
    app.setCursor(30);
    expect(steps().map((s) => s.seq)).toEqual([99, 30]);
    expect(app.useApp.getState().tour.step).toBe(1);
  });

  it('the merge window runs from the last move, so a slow drag of many close moves stays one step', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    for (let seq = 10; seq <= 50; seq += 10) { app.setCursor(seq); vi.advanceTimersByTime(app.MERGE_MS / 2); }
    expect(steps().map((s) => s.seq)).toEqual([99, 50]);
  });

  it('moves MERGE_MS or more apart are steps of their own, each with the view, selection and marks of its moment', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    app.setCursor(40);
    vi.advanceTimersByTime(app.MERGE_MS);
    app.setView('surface');
    vi.advanceTimersByTime(app.MERGE_MS);
    app.select(12);
    vi.advanceTimersByTime(app.MERGE_MS);
    app.setMarks(3, 40);
    expect(steps()).toEqual([
      { seq: 99, view: 'log', caption: '' },
      { seq: 40, view: 'log', caption: '' },
      { seq: 40, view: 'surface', caption: '' },
      { seq: 40, view: 'surface', selection: 12, caption: '' },
      { seq: 40, view: 'surface', selection: 12, a: 3, b: 40, caption: '' },
    ]);
  });

  it('a move within MERGE_MS of the start replaces the first step', () => {
    app.beginRecording();
    vi.advanceTimersByTime(10);
    app.setCursor(5);
    expect(steps().map((s) => s.seq)).toEqual([5]);
  });

  it('a merged step keeps the caption written for it', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    app.setCursor(10);
    app.setStepCaption(1, 'Here it prunes.');
    vi.advanceTimersByTime(100);
    app.setCursor(11);
    expect(steps().slice(1)).toEqual([{ seq: 11, view: 'log', caption: 'Here it prunes.' }]);
  });

  it('a move that changes nothing recorded (the same cursor, view, selection and marks) adds no step', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    app.toggleInspector(true);
    app.setView('log');
    expect(steps()).toHaveLength(1);
  });

  it("the player's moves, moves while a session loads and moves after Stop are not recorded", () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    app.recorder.ignoring = true;
    app.setCursor(10);
    app.recorder.ignoring = false;
    vi.advanceTimersByTime(app.MERGE_MS);
    app.useApp.setState({ phase: 'loading' });
    app.setCursor(20);
    app.useApp.setState({ phase: 'ready' });
    vi.advanceTimersByTime(app.MERGE_MS);
    app.stopRecording();
    app.setCursor(30);
    expect(steps().map((s) => s.seq)).toEqual([99]);
    expect(app.useApp.getState().tour.recording).toBe(false);
  });

  it('the Runs view is recorded as the Log (a tour plays one session)', () => {
    app.beginRecording();
    vi.advanceTimersByTime(app.MERGE_MS);
    app.setView('runs');
    expect(steps().at(-1)?.view).toBe('log');
  });

  it('steps can be moved and deleted; the step shown follows', () => {
    app.beginRecording();
    for (const seq of [10, 20]) { vi.advanceTimersByTime(app.MERGE_MS); app.setCursor(seq); }
    app.moveStep(2, -1);
    expect(steps().map((s) => s.seq)).toEqual([99, 20, 10]);
    expect(app.useApp.getState().tour.step).toBe(1);
    app.deleteStep(0);
    expect(steps().map((s) => s.seq)).toEqual([20, 10]);
    app.deleteStep(1);
    expect(app.useApp.getState().tour.step).toBe(0);
  });
});
