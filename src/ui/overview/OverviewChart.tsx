import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { Overview } from '../../core/overview';
import { setZoom } from '../../store/overview';
import { setCursor, useApp } from '../../store/store';
import { anchorsOf, seqAxis, timeAxis } from './axis';
import { drawOverlay, drawOverview, STRIP_HEIGHT } from './draw';
import { hoverAt, hoverLines, type Hover } from './hover';
import { layoutOf } from './layout';
import { useThemeVersion } from './useThemeVersion';

/** A drag shorter than this many pixels is a click. */
const CLICK_PX = 4;

/** Sizes a canvas to its box at the device pixel ratio; returns its 2D context in CSS pixels. */
function fit(c: HTMLCanvasElement, width: number): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  if (c.width !== Math.round(width * dpr) || c.height !== Math.round(STRIP_HEIGHT * dpr)) { c.width = Math.round(width * dpr); c.height = Math.round(STRIP_HEIGHT * dpr); }
  const g = c.getContext('2d');
  g?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return g;
}

/**
 * The CSS colours of the element's theme, each read once: a draw asks for a colour per run of
 * pixels, and every getPropertyValue call resolves the computed style again.
 */
function palette(el: HTMLElement | null): (name: string) => string {
  const css = el ? getComputedStyle(el) : undefined;
  const seen = new Map<string, string>();
  return (v) => {
    let c = seen.get(v);
    if (c === undefined) { c = css?.getPropertyValue(v).trim() || '#888'; seen.set(v, c); }
    return c;
  };
}

/**
 * The overview's picture: the context and time lanes on a canvas over the seqs [lo, hi], an overlay
 * for the cursor, hover and a dragged selection, and the hover's numbers. Click moves the cursor;
 * a drag zooms the strip and the scrubber (and sets the Diff's A and B).
 */
export function OverviewChart({ o, lo, hi }: { o: Overview; lo: number; hi: number }) {
  const kind = useApp((s) => s.overviewAxis ?? 'seq');
  const cursor = useApp((s) => s.cursor);
  const box = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const over = useRef<HTMLCanvasElement>(null);
  // measured before the first paint (see the layout effect below); 0 only during the first render
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<Hover>();
  const [sel, setSel] = useState<[number, number]>();
  const theme = useThemeVersion();

  const anchors = useMemo(() => (kind === 'time' ? anchorsOf(o) : undefined), [o, kind]);
  const axis = useMemo(() => (anchors ? timeAxis(o, anchors, lo, hi, width) : seqAxis(lo, hi, width)), [o, anchors, lo, hi, width]);
  const layout = useMemo(() => layoutOf(o, axis), [o, axis]);
  const col = useMemo(() => palette(box.current), [theme, width]); // eslint-disable-line react-hooks/exhaustive-deps -- re-read the palette when the theme or box changes

  // The strip is drawn in the commit that mounts it, before the browser paints: the width is read
  // from the laid-out box right here (not from a ResizeObserver callback or a second render), so the
  // picture lands in the same frame as the loaded session. Later width changes come from the observer.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const drawnFor = useRef<unknown[]>([]);
  useLayoutEffect(() => {
    const c = base.current, el = box.current;
    if (!c || !el) return;
    const w = width || Math.floor(el.clientWidth);
    const key = [o, kind, lo, hi, w, theme];
    if (key.every((v, i) => v === drawnFor.current[i])) return;
    const g = w > 0 ? fit(c, w) : null;
    if (!g) return;
    // the first commit still has width 0: draw with the measured width, then let the state catch up
    const l = w === width ? layout : layoutOf(o, anchors ? timeAxis(o, anchors, lo, hi, w) : seqAxis(lo, hi, w));
    drawOverview(g, o, l, w, w === width ? col : palette(el));
    drawnFor.current = key;
    c.dataset.drawn = String(o.last);
    performance.mark('seqscope:overview-drawn');
    if (w !== width) setWidth(w);
  }, [o, kind, anchors, lo, hi, layout, width, col, theme]);

  useEffect(() => {
    const c = over.current, g = c && width > 0 ? fit(c, width) : null;
    if (!g) return;
    drawOverlay(g, width, col, { cursor: cursor <= hi ? (cursor >= lo ? axis.x(cursor, NaN) : -2) : undefined, hover: hover?.x, sel });
    if (hover) performance.mark('seqscope:overview-hover');
  }, [cursor, hover, sel, axis, width, col, lo, hi]);

  const xOf = (e: PointerEvent) => Math.max(0, Math.min(width - 1, e.clientX - box.current!.getBoundingClientRect().left));
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const x = xOf(e);
    setSel([x, x]);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const x = xOf(e);
    setHover(hoverAt(layout, x));
    if (sel && e.currentTarget.hasPointerCapture(e.pointerId)) setSel([sel[0], x]);
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!sel) return;
    const x = xOf(e);
    setSel(undefined);
    if (Math.abs(x - sel[0]) < CLICK_PX) setCursor(axis.seqAt(x));
    else setZoom({ from: axis.seqAt(Math.min(sel[0], x)), to: axis.seqAt(Math.max(sel[0], x)) });
  };
  const lines = hover ? hoverLines(o, hover, cursor) : [];
  const tipLeft = hover && hover.x > width / 2;
  return (
    <div className="ov-chart" ref={box} data-testid="overview-chart" onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp}
      onPointerLeave={() => setHover(undefined)} onPointerCancel={() => setSel(undefined)}>
      <canvas ref={base} aria-hidden="true" />
      <canvas ref={over} aria-hidden="true" />
      {hover && (
        <div className="ov-tip" role="tooltip" data-seq={hover.seq} data-req={hover.req >= 0 ? o.reqSeq[hover.req] : undefined}
          data-step={hover.step >= 0 ? o.stepStart[hover.step] : undefined} data-tool={hover.tool >= 0 ? o.toolCall[hover.tool] : undefined}
          style={tipLeft ? { right: width - hover.x + 8 } : { left: hover.x + 8 }}>
          {lines.map((t, i) => <div key={i}>{t}</div>)}
        </div>
      )}
    </div>
  );
}
