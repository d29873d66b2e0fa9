import { useApp } from '../../store/store';
import { TOUR_SPEEDS, acceptTourProblems, canPlay, closeTour, setTourSpeed, stepTour, toggleTourPlay } from '../../app/tour-player';
import { setTourPanel, useTour } from '../../app/tour-state';

/**
 * The tour's caption band above the views: where the tour is, what this step says, and the player
 * (play/pause, previous/next step, speed). A tour that does not fit the open session says why and
 * waits for "Play anyway". It sits in the page's flow, so it never covers a view.
 */
export function TourCaption() {
  const tour = useTour((s) => s.tour);
  const step = useTour((s) => s.step);
  const playing = useTour((s) => s.playing);
  const speed = useTour((s) => s.speed);
  const recording = useTour((s) => s.recording);
  const problems = useTour((s) => s.problems);
  const playAnyway = useTour((s) => s.playAnyway);
  const ready = useApp((s) => s.phase === 'ready');
  const playable = useTour((s) => canPlay(s, ready));
  const error = useTour((s) => s.error);
  if (!tour) return error ? <p className="tour-error" role="alert">{error}</p> : null;
  const st = step >= 0 ? tour.steps[step] : undefined;
  const n = tour.steps.length;
  return (
    <section className="tour-caption" role="region" aria-label="Tour" data-step={step} data-seq={st?.seq ?? ''} data-state={playing ? 'playing' : step >= n - 1 && n > 0 ? 'done' : 'paused'}>
      {error && <p className="tour-error" role="alert">{error}</p>}
      {problems.length > 0 && !playAnyway && (
        <div className="tour-problems" role="alert">
          <span>This tour may not fit this session: {problems.slice(0, 3).join(' ')}{problems.length > 3 ? ` (${problems.length - 3} more)` : ''}</span>
          <button type="button" onClick={acceptTourProblems}>Play anyway</button>
        </div>
      )}
      <div className="tour-line">
        <span className="tour-controls">
          <button type="button" onClick={() => stepTour(-1)} disabled={!playable || step <= 0} aria-label="Previous step">◀</button>
          <button type="button" onClick={toggleTourPlay} disabled={!playable}>{playing ? 'Pause tour' : 'Play tour'}</button>
          <button type="button" onClick={() => stepTour(1)} disabled={!playable || step >= n - 1} aria-label="Next step">▶</button>
          <label>Speed <select value={speed} onChange={(e) => setTourSpeed(Number(e.target.value))}>
            {TOUR_SPEEDS.map((x) => <option key={x} value={x}>{x}×</option>)}
          </select></label>
          <button type="button" onClick={() => setTourPanel(true)}>Edit</button>
          <button type="button" onClick={closeTour} aria-label="Close tour">×</button>
        </span>
        <span className="tour-where">{recording ? `Recording · ${n} step${n === 1 ? '' : 's'}` : st ? `Step ${step + 1} of ${n} · seq ${st.seq}` : `${tour.title ?? 'Tour'} · ${n} step${n === 1 ? '' : 's'}`}</span>
        <p className="tour-text" aria-live="polite">{st ? (st.caption || <em>No caption</em>) : recording ? 'Move the cursor, switch views and select events: each change is a step.' : 'Press Play tour to start.'}</p>
      </div>
    </section>
  );
}
