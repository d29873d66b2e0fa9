import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { setCursor, togglePlay } from '../app/cursor';
import { useApp } from '../store/store';
import { LiveToggle } from './LiveToggle';
import { ScrubberMarks } from './ScrubberMarks';
import { MarkFlags } from './MarkFlags';
import { MarkButtons } from './MarkButtons';
import { RunsMark } from './runs/RunsMark';
import { formatCount, turnJump } from './format';
import { RegionBoundary } from './RegionBoundary';

const SPEEDS = [10, 100, 1000, 10000];

/** The seq slider: keyboard, drag, marks, and replay at a chosen speed. Only asks for moments. */
export function Scrubber() {
  const summary = useApp((s) => s.summary);
  const cursor = useApp((s) => s.cursor);
  const track = useRef<HTMLDivElement>(null);
  const playing = useApp((s) => s.playing);
  const [speed, setSpeed] = useState(100);
  const last = summary ? Math.max(0, summary.length - 1) : 0;
  // zoomed by the overview strip: the slider spans [lo, hi]
  const zoom = useApp((s) => s.zoom);
  const lo = zoom ? zoom.from : 0, hi = zoom ? zoom.to : last;

  useEffect(() => {
    if (!playing) return;
    let raf = 0, prev = performance.now(), acc = 0;
    const tick = (now: number) => {
      acc += ((now - prev) / 1000) * speed;
      prev = now;
      const step = Math.floor(acc);
      if (step > 0) {
        acc -= step;
        const c = useApp.getState().cursor;
        if (c >= hi) { togglePlay(false); return; }
        setCursor(Math.min(hi, c + step));
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, hi]);

  if (!summary) return <div className="scrubber" />;
  const fromX = (clientX: number) => {
    const r = track.current!.getBoundingClientRect();
    return lo + Math.round(Math.max(0, Math.min(1, (clientX - r.left) / Math.max(1, r.width))) * (hi - lo));
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointerdown') { e.currentTarget.setPointerCapture(e.pointerId); e.currentTarget.focus(); }
    else if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    setCursor(fromX(e.clientX));
  };
  const onKey = (e: KeyboardEvent) => {
    const c = useApp.getState().cursor;
    let n: number | undefined;
    const big = Math.max(1, Math.round((hi - lo) / 20));
    switch (e.key) {
      case 'ArrowRight': case 'ArrowUp': n = e.shiftKey ? turnJump(summary.turnSeqs, c, 1, last) : c + 1; break;
      case 'ArrowLeft': case 'ArrowDown': n = e.shiftKey ? turnJump(summary.turnSeqs, c, -1, last) : c - 1; break;
      case 'PageUp': n = c + big; break;
      case 'PageDown': n = c - big; break;
      case 'Home': n = lo; break;
      case 'End': n = hi; break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    setCursor(Math.max(lo, Math.min(hi, n)));
  };
  const pct = hi > lo ? ((cursor - lo) / (hi - lo)) * 100 : 100;
  return (
    <div className="scrubber">
      <button type="button" onClick={() => togglePlay()} aria-label={playing ? 'Pause' : 'Play'} title={playing ? 'Pause (Space)' : 'Play (Space)'}>{playing ? '❚❚' : '▶'}</button>
      <select aria-label="Replay speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => <option key={s} value={s}>{s.toLocaleString()} ev/s</option>)}
      </select>
      <div className="track-wrap">
      {/* the marks sit under the slider, not in it: a slider's children are presentational, and a failed marks' alert must be reachable */}
      <RegionBoundary name="Scrubber marks" className="marks-failed"><ScrubberMarks first={lo} last={hi} /></RegionBoundary>
      <div ref={track} className="track" role="slider" tabIndex={0} aria-label="Seq" aria-valuemin={lo} aria-valuemax={hi} aria-valuenow={cursor}
        aria-valuetext={`seq ${cursor} of ${last}`} aria-orientation="horizontal"
        onKeyDown={onKey} onPointerDown={onPointer} onPointerMove={onPointer}>
        <MarkFlags first={lo} last={hi} />
        <RunsMark side="a" first={lo} last={hi} />
        <div className="thumb" style={{ left: `${pct}%` }} />
      </div>
      </div>
      {/* as wide as its longest text (a monospace font): a cursor with more digits must not resize the
          track, whose marks canvas is redrawn whole on every resize */}
      <span className="pos" style={{ width: `${2 * formatCount(last).length + 3}ch` }}>{formatCount(cursor)} / {formatCount(last)}</span>
      <MarkButtons />
      <LiveToggle />
    </div>
  );
}
