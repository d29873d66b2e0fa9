import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { setCursor, togglePlay, useApp } from '../store/store';
import { LiveToggle } from './LiveToggle';
import { ScrubberMarks } from './ScrubberMarks';
import { MarkFlags } from './MarkFlags';
import { MarkButtons } from './MarkButtons';
import { turnJump } from './format';
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
        if (c >= last) { togglePlay(false); return; }
        setCursor(Math.min(last, c + step));
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, last]);

  if (!summary) return <div className="scrubber" />;
  const fromX = (clientX: number) => {
    const r = track.current!.getBoundingClientRect();
    return Math.round(((clientX - r.left) / Math.max(1, r.width)) * last);
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointerdown') { e.currentTarget.setPointerCapture(e.pointerId); e.currentTarget.focus(); }
    else if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    setCursor(fromX(e.clientX));
  };
  const onKey = (e: KeyboardEvent) => {
    const c = useApp.getState().cursor;
    let n: number | undefined;
    const big = Math.max(1, Math.round(last / 20));
    switch (e.key) {
      case 'ArrowRight': case 'ArrowUp': n = e.shiftKey ? turnJump(summary.turnSeqs, c, 1, last) : c + 1; break;
      case 'ArrowLeft': case 'ArrowDown': n = e.shiftKey ? turnJump(summary.turnSeqs, c, -1, last) : c - 1; break;
      case 'PageUp': n = c + big; break;
      case 'PageDown': n = c - big; break;
      case 'Home': n = 0; break;
      case 'End': n = last; break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    setCursor(n);
  };
  const pct = last > 0 ? (cursor / last) * 100 : 100;
  return (
    <div className="scrubber">
      <button type="button" onClick={() => togglePlay()} aria-label={playing ? 'Pause' : 'Play'} title={playing ? 'Pause (Space)' : 'Play (Space)'}>{playing ? '❚❚' : '▶'}</button>
      <select aria-label="Replay speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s) => <option key={s} value={s}>{s.toLocaleString()} ev/s</option>)}
      </select>
      <div className="track-wrap">
      {/* the marks sit under the slider, not in it: a slider's children are presentational, and a failed marks' alert must be reachable */}
      <RegionBoundary name="Scrubber marks" className="marks-failed"><ScrubberMarks last={last} /></RegionBoundary>
      <div ref={track} className="track" role="slider" tabIndex={0} aria-label="Seq" aria-valuemin={0} aria-valuemax={last} aria-valuenow={cursor}
        aria-valuetext={`seq ${cursor} of ${last}`} aria-orientation="horizontal"
        onKeyDown={onKey} onPointerDown={onPointer} onPointerMove={onPointer}>
        <MarkFlags last={last} />
        <div className="thumb" style={{ left: `${pct}%` }} />
      </div>
      </div>
      <span className="pos">{cursor.toLocaleString()} / {last.toLocaleString()}</span>
      <MarkButtons />
      <LiveToggle />
    </div>
  );
}
