import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { Overview } from '../../core/overview';
import { setZoom } from '../../app/view';
import { setCursor } from '../../app/cursor';
import { useApp } from '../../store/store';
import { anchorsOf, seqAxis, timeAxis } from './axis';
import { drawOverlay, drawOverview, STRIP_HEIGHT } from './draw';
import { hoverAt, hoverLines, type Hover } from './hover';
import { layoutOf, type Layout } from './layout';
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
export function OverviewChart({ o, lo, hi }: { o?: Overview; lo: number; hi: number }) {
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

  const anchors = useMemo(() => (o && kind === 'time' ? anchorsOf(o) : undefined), [o, kind]);
  // The layout (every item's x) for a width, made once per overview, axis, range and width: the
  // first draw (in a layout effect, before the width is state) and the render after it share one.
  const made = useRef<{ key: readonly unknown[]; layout: Layout }>(undefined);
  const layoutAt = (o: Overview, w: number): Layout => {
    const key = [o, anchors, lo, hi, w];
    const m = made.current;
    if (m && key.every((v, i) => v === m.key[i])) return m.layout;
    const layout = layoutOf(o, anchors ? timeAxis(o, anchors, lo, hi, w) : seqAxis(lo, hi, w));
    made.current = { key, layout };
    return layout;
  };
  // none while the session loads (the box is laid out meanwhile, so the first draw knows its width)
  // or the width is unknown
  const layout = o && width > 0 ? layoutAt(o, width) : undefined;
  const axis = layout?.axis;
  const col = useMemo(() => palette(box.current), [theme, width]); // eslint-disable-line react-hooks/exhaustive-deps -- re-read the palette when the theme or box changes
  // a hover or a drag names items of the overview it began on: another load (or a grown log) ends it
  const [hoverFor, setHoverFor] = useState(o);
  if (hoverFor !== o) { setHoverFor(o); setHover(undefined); setSel(undefined); }

  // The box is laid out while the session loads, and the observer keeps its width: the strip is
  // drawn in the commit that brings the overview, before the browser paints, without forcing a
  // layout. Where the width is still unknown then, it is read from the laid-out box right here.
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
    if (!o) {
      // a new load: the last session's picture goes
      if (drawnFor.current.length) { c.getContext('2d')?.clearRect(0, 0, c.width, c.height); delete c.dataset.drawn; drawnFor.current = []; }
      return;
    }
    const w = width || Math.floor(el.clientWidth);
    const key = [o, kind, lo, hi, w, theme];
    if (key.every((v, i) => v === drawnFor.current[i])) return;
    const g = w > 0 ? fit(c, w) : null;
    if (!g) return;
    // where the width is not yet state: draw with the measured width, then let the state catch up
    drawOverview(g, o, layoutAt(o, w), w, w === width ? col : palette(el));
    drawnFor.current = key;
    c.dataset.drawn = String(o.last);
    performance.mark('seqscope:overview-drawn');
    if (w !== width) setWidth(w);
  }, [o, kind, anchors, lo, hi, layout, width, col, theme]); // eslint-disable-line react-hooks/exhaustive-deps -- layoutAt is keyed on what it reads

  useEffect(() => {
    const c = over.current;
    if (c && !axis) c.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    const g = c && axis ? fit(c, width) : null;
    if (!g || !axis) return;
    drawOverlay(g, width, col, { cursor: cursor <= hi ? (cursor >= lo ? axis.x(cursor, NaN) : -2) : undefined, hover: hover?.x, sel });
    if (hover) performance.mark('seqscope:overview-hover');
  }, [cursor, hover, sel, axis, width, col, lo, hi]);

  const xOf = (e: PointerEvent) => Math.max(0, Math.min(width - 1, e.clientX - box.current!.getBoundingClientRect().left));
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !layout) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const x = xOf(e);
    setSel([x, x]);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    const x = xOf(e);
    setHover(hoverAt(layout, x));
    if (sel && e.currentTarget.hasPointerCapture(e.pointerId)) setSel([sel[0], x]);
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!sel || !axis) return;
    const x = xOf(e);
    setSel(undefined);
    if (Math.abs(x - sel[0]) < CLICK_PX) setCursor(axis.seqAt(x));
    else setZoom({ from: axis.seqAt(Math.min(sel[0], x)), to: axis.seqAt(Math.max(sel[0], x)) });
  };
  const lines = hover && o ? hoverLines(o, hover, cursor) : [];
  const tipLeft = hover && hover.x > width / 2;
  return (
    <div className="ov-chart" ref={box} data-testid="overview-chart" onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp}
      onPointerLeave={() => setHover(undefined)} onPointerCancel={() => setSel(undefined)}>
      <canvas ref={base} aria-hidden="true" />
      <canvas ref={over} aria-hidden="true" />
      {hover && o && (
        <div className="ov-tip" role="tooltip" data-seq={hover.seq} data-req={hover.req >= 0 ? o.reqSeq[hover.req] : undefined}
          data-step={hover.step >= 0 ? o.stepStart[hover.step] : undefined} data-tool={hover.tool >= 0 ? o.toolCall[hover.tool] : undefined}
          style={tipLeft ? { right: width - hover.x + 8 } : { left: hover.x + 8 }}>
          {lines.map((t, i) => <div key={i}>{t}</div>)}
        </div>
      )}
    </div>
  );
}
