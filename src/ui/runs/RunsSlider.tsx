import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { setBCursor } from '../../app/runs';
import { RunsMark } from './RunsMark';

/** Run B's seq slider, linked to A's: moving it moves A's cursor to the aligned point, and A's moves it. */
export function RunsSlider({ seq, length, name }: { seq: number; length: number; name: string }) {
  const track = useRef<HTMLDivElement>(null);
  const last = Math.max(0, length - 1);
  const fromX = (clientX: number) => {
    const r = track.current!.getBoundingClientRect();
    return Math.round(Math.max(0, Math.min(1, (clientX - r.left) / Math.max(1, r.width))) * last);
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointerdown') { e.currentTarget.setPointerCapture(e.pointerId); e.currentTarget.focus(); }
    else if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    setBCursor(fromX(e.clientX));
  };
  const onKey = (e: KeyboardEvent) => {
    const big = Math.max(1, Math.round(last / 20));
    const n = { ArrowRight: seq + 1, ArrowUp: seq + 1, ArrowLeft: seq - 1, ArrowDown: seq - 1, PageUp: seq + big, PageDown: seq - big, Home: 0, End: last }[e.key];
    if (n === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    setBCursor(Math.max(0, Math.min(last, n)));
  };
  const pct = last > 0 ? (seq / last) * 100 : 100;
  return (
    <div className="scrubber runs-slider">
      <span className="label" title={name} aria-hidden="true">B</span>
      <div className="track-wrap">
        <div ref={track} className="track" role="slider" tabIndex={0} aria-label="Run B" aria-valuemin={0} aria-valuemax={last} aria-valuenow={seq}
          aria-valuetext={`seq ${seq} of ${last} in run B`} aria-orientation="horizontal" onKeyDown={onKey} onPointerDown={onPointer} onPointerMove={onPointer}>
          <RunsMark side="b" first={0} last={last} />
          <div className="thumb" style={{ left: `${pct}%` }} />
        </div>
      </div>
      <span className="pos">{seq.toLocaleString()} / {last.toLocaleString()}</span>
    </div>
  );
}
