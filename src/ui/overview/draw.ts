import { REQ_ESTIMATED, type Overview } from '../../core/overview';
import { markBins, maxBins, spanBins, stepLineBins, stepLinePaths } from './bins';
import { contextTokens } from './hover';
import type { Layout } from './layout';

/** Lane geometry in CSS pixels. */
export const CONTEXT_LANE = { top: 2, height: 54 };
export const TIME_ROWS = { turns: { top: 62, height: 6 }, steps: { top: 70, height: 12 }, tools: { top: 84, height: 10 } };
export const STRIP_HEIGHT = 96;
/** The context window shares the context line's scale when it is at most this many times the highest context. */
export const WINDOW_SCALE_RATIO = 3;

type Colors = (name: string) => string;

/** Fills runs of equal class in a per-pixel class array (class 0 is left empty). */
function fillRuns(g: CanvasRenderingContext2D, bins: Uint8Array, top: number, height: number, color: (c: number) => string): void {
  for (let px = 0; px < bins.length;) {
    const c = bins[px];
    let end = px + 1;
    while (end < bins.length && bins[end] === c) end++;
    if (c) { g.fillStyle = color(c); g.fillRect(px, top, end - px, height); }
    px = end;
  }
}

/** Draws the context lane and the time lane, aggregated per pixel. Render-only. */
export function drawOverview(g: CanvasRenderingContext2D, o: Overview, l: Layout, width: number, col: Colors): void {
  g.clearRect(0, 0, width, STRIP_HEIGHT);
  const { top, height } = CONTEXT_LANE;
  g.fillStyle = col('--bg'); g.fillRect(0, top, width, height);
  // context lane: values per pixel
  const nr = o.reqSeq.length, ctx = new Float64Array(nr), estFlag = new Float64Array(nr);
  for (let r = 0; r < nr; r++) { ctx[r] = contextTokens(o, r); estFlag[r] = o.reqFlags[r] & REQ_ESTIMATED; }
  const winValue = new Float64Array(o.winValue.length);
  for (let i = 0; i < winValue.length; i++) winValue[i] = o.winValue[i] >= 0 ? o.winValue[i] : NaN;
  const line = stepLineBins(l.req, ctx, width);
  const est = stepLineBins(l.req, estFlag, width);
  const win = stepLineBins(l.win, winValue, width);
  const out = maxBins(l.req, o.reqOut, width);
  let ctxMax = 1, winMax = 0, outMax = 1;
  for (let px = 0; px < width; px++) {
    if (line[px] > ctxMax) ctxMax = line[px];
    if (win[px] > winMax) winMax = win[px];
    if (out[px] > outMax) outMax = out[px];
  }
  // the window shares the scale when the context comes near it; far above, it is drawn at the top edge (the hover tells the number)
  const yMax = (winMax > 0 && winMax <= ctxMax * WINDOW_SCALE_RATIO ? winMax : ctxMax) * 1.08;
  const y = (v: number) => Math.max(top + 1, top + height - (v / yMax) * height);
  // output tokens: bars in the lane's lower 40%, on their own scale
  g.fillStyle = col('--dep');
  g.globalAlpha = 0.45;
  for (let px = 0; px < width; px++) if (out[px] > 0) { const h = Math.max(1, (out[px] / outMax) * height * 0.4); g.fillRect(px, top + height - h, 1, h); }
  g.globalAlpha = 1;
  // context window: a dashed step line
  g.strokeStyle = col('--warn'); g.setLineDash([4, 3]); g.lineWidth = 1;
  strokeBins(g, win, y);
  g.setLineDash([]);
  // input tokens per request: a step line, estimated stretches dotted in the muted colour
  g.lineWidth = 1.5;
  for (const estimated of [0, 1]) {
    g.strokeStyle = estimated ? col('--fg2') : col('--accent');
    g.setLineDash(estimated ? [2, 2] : []);
    strokeBins(g, line, y, (px) => (est[px] ? 1 : 0) === estimated);
  }
  g.setLineDash([]); g.lineWidth = 1;
  // compactions: full-height marks with a flag; prunes: short ticks at the top
  const comp = markBins(l.comp, width), prune = markBins(l.prune, width);
  g.fillStyle = col('--rep');
  for (let px = 0; px < width; px++) if (comp[px]) { g.fillRect(px, top, 1.5, height); g.beginPath(); g.moveTo(px, top); g.lineTo(px + 6, top + 3); g.lineTo(px, top + 6); g.fill(); }
  g.fillStyle = col('--src');
  for (let px = 0; px < width; px++) if (prune[px]) g.fillRect(px, top, 1, 7);

  // time lane: turns (alternating shades), steps (time to first chunk, decoding, the rest), tool calls (errors red)
  const tr = TIME_ROWS;
  const turnCls = new Uint8Array(o.turnStart.length);
  for (let i = 0; i < turnCls.length; i++) turnCls[i] = 1 + (i & 1);
  fillRuns(g, spanBins(l.turn0, l.turn1, turnCls, width), tr.turns.top, tr.turns.height, (c) => (c === 1 ? col('--fg2') : col('--border')));
  const ns = o.stepStart.length;
  const x0 = new Float64Array(ns * 3), x1 = new Float64Array(ns * 3), cls = new Uint8Array(ns * 3);
  for (let i = 0; i < ns; i++) {
    x0[i] = l.step0[i]; x1[i] = l.step1[i]; cls[i] = 1;
    x0[ns + i] = l.step0[i]; x1[ns + i] = l.stepFirst[i]; cls[ns + i] = 2;
    x0[2 * ns + i] = l.stepFirst[i]; x1[2 * ns + i] = l.stepLast[i]; cls[2 * ns + i] = o.stepFirst[i] >= 0 ? 3 : 0;
  }
  const stepColor = (c: number) => (c === 3 ? col('--accent') : c === 2 ? col('--warn') : col('--bg3'));
  fillRuns(g, spanBins(x0, x1, cls, width), tr.steps.top, tr.steps.height, stepColor);
  const toolCls = new Uint8Array(o.toolError.length);
  for (let i = 0; i < toolCls.length; i++) toolCls[i] = 1 + o.toolError[i];
  fillRuns(g, spanBins(l.tool0, l.tool1, toolCls, width), tr.tools.top, tr.tools.height, (c) => (c === 2 ? col('--err') : col('--ok')));
  // compressed idle gaps: a hatched break across both lanes
  for (const b of l.axis.breaks) {
    const w = Math.max(2, b.x1 - b.x0);
    g.clearRect(b.x0, 0, w, STRIP_HEIGHT);
    g.strokeStyle = col('--fg2');
    g.beginPath();
    for (let yy = 0; yy < STRIP_HEIGHT; yy += 6) { g.moveTo(b.x0, yy); g.lineTo(b.x0 + w, yy + 4); }
    g.moveTo(b.x0 + 0.5, 0); g.lineTo(b.x0 + 0.5, STRIP_HEIGHT); g.moveTo(b.x0 + w - 0.5, 0); g.lineTo(b.x0 + w - 0.5, STRIP_HEIGHT);
    g.stroke();
  }
}

/** Strokes a per-pixel step line (NaN: a gap), only where `keep` says. */
function strokeBins(g: CanvasRenderingContext2D, bins: Float32Array, y: (v: number) => number, keep: (px: number) => boolean = () => true): void {
  g.beginPath();
  for (const run of stepLinePaths(bins, y, keep)) {
    g.moveTo(run[0], run[1]);
    for (let k = 2; k < run.length; k += 2) g.lineTo(run[k], run[k + 1]);
  }
  g.stroke();
}

/** The overlay: cursor, hover and a selection being dragged. Render-only. */
export function drawOverlay(g: CanvasRenderingContext2D, width: number, col: Colors, marks: { cursor?: number; hover?: number; sel?: [number, number] }): void {
  g.clearRect(0, 0, width, STRIP_HEIGHT);
  if (marks.sel) {
    const [a, b] = marks.sel;
    g.fillStyle = col('--accent'); g.globalAlpha = 0.15; g.fillRect(Math.min(a, b), 0, Math.abs(b - a), STRIP_HEIGHT); g.globalAlpha = 1;
  }
  if (marks.cursor !== undefined && marks.cursor <= width + 1) {
    // what lies after the cursor is later than the moment the views show: veiled
    const cx = Math.max(0, marks.cursor);
    g.fillStyle = col('--bg'); g.globalAlpha = 0.45; g.fillRect(cx + 1, 0, width - cx - 1, STRIP_HEIGHT); g.globalAlpha = 1;
    if (marks.cursor >= -1) { g.fillStyle = col('--accent'); g.fillRect(Math.round(marks.cursor) - 1, 0, 2, STRIP_HEIGHT); }
  }
  if (marks.hover !== undefined) { g.fillStyle = col('--fg'); g.globalAlpha = 0.5; g.fillRect(Math.round(marks.hover), 0, 1, STRIP_HEIGHT); g.globalAlpha = 1; }
}
