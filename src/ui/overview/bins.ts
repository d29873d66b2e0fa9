/**
 * Per-pixel aggregation for the overview canvas: whatever the number of requests, steps or calls,
 * a lane is drawn from one value per pixel column, so a draw costs O(items + width).
 */

/**
 * A step line: per pixel, the highest value of the items drawn in it, else the last value before
 * it (NaN before the first item, and where the last value is NaN: a gap). `xs` ascending.
 */
export function stepLineBins(xs: ArrayLike<number>, values: ArrayLike<number>, width: number): Float32Array {
  const out = new Float32Array(width).fill(NaN);
  let carry = NaN, i = 0;
  const n = xs.length;
  while (i < n && xs[i] < 0) carry = values[i++];
  for (let px = 0; px < width; px++) {
    let v = carry, any = false;
    while (i < n && xs[i] < px + 1) {
      const x = values[i++];
      v = any ? (Number.isNaN(x) ? v : Math.max(v, x)) : x;
      any = true;
      carry = x;
    }
    out[px] = v;
  }
  return out;
}

/** Per pixel: the highest value among items drawn in it (0 where none). */
export function maxBins(xs: ArrayLike<number>, values: ArrayLike<number>, width: number): Float32Array {
  const out = new Float32Array(width);
  for (let i = 0; i < xs.length; i++) {
    const px = Math.floor(xs[i]);
    if (px >= 0 && px < width && values[i] > out[px]) out[px] = values[i];
  }
  return out;
}

/** Per pixel: 1 where some item lies in it. */
export function markBins(xs: ArrayLike<number>, width: number): Uint8Array {
  const out = new Uint8Array(width);
  for (let i = 0; i < xs.length; i++) { const px = Math.floor(xs[i]); if (px >= 0 && px < width) out[px] = 1; }
  return out;
}

/**
 * Per pixel: the highest class among the spans [x0, x1) covering it (0: none). A span narrower
 * than a pixel still marks the pixel it starts in.
 */
export function spanBins(x0s: ArrayLike<number>, x1s: ArrayLike<number>, classes: ArrayLike<number>, width: number): Uint8Array {
  const out = new Uint8Array(width);
  for (let i = 0; i < x0s.length; i++) {
    const a = Math.max(0, Math.floor(x0s[i])), b = Math.min(width, Math.max(a + 1, Math.ceil(x1s[i])));
    const c = classes[i];
    for (let px = a; px < b; px++) if (c > out[px]) out[px] = c;
  }
  return out;
}

/**
 * The polylines of a per-pixel step line: pixel column px is drawn from (px, y) to (px + 1, y)
 * with y = round(y(bins[px])) + 0.5, neighbouring columns joined by a vertical step, NaN or
 * `keep(px)` false leaving a gap. Each polyline is flat [x0, y0, x1, y1, …] with one point per
 * change of height (not two per pixel: a canvas path of thousands of collinear points costs a
 * draw several milliseconds).
 */
export function stepLinePaths(bins: ArrayLike<number>, y: (v: number) => number, keep: (px: number) => boolean = () => true): number[][] {
  const runs: number[][] = [];
  let run: number[] | undefined, level = NaN;
  for (let px = 0; px < bins.length; px++) {
    const v = bins[px];
    if (Number.isNaN(v) || !keep(px)) {
      if (run) { run.push(px, level); run = undefined; }
      continue;
    }
    const yy = Math.round(y(v)) + 0.5;
    if (!run) { run = [px, yy]; runs.push(run); } else if (yy !== level) run.push(px, level, px, yy);
    level = yy;
  }
  if (run) run.push(bins.length, level);
  return runs;
}
