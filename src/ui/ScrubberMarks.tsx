import { useDeferredValue, useEffect, useRef } from 'react';
import { useApp } from '../store/store';
import { toolErrorsOf } from './tool-errors-at';

/** Canvas marks under the scrubber: turns, compactions, replacements, repairs, failed tool calls, refusal, diagnostics, lineage. */
export function ScrubberMarks({ first = 0, last }: { first?: number; last: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // drawn in a deferred pass (none on mount): the commit that shows a settled load paints without it
  const summary = useDeferredValue(useApp((s) => s.summary), undefined);
  const lineage = useApp((s) => s.lineage);
  useEffect(() => {
    const c = canvas.current;
    if (!c || !summary) return;
    const draw = () => {
      const dpr = window.devicePixelRatio || 1;
      const w = c.clientWidth, h = c.clientHeight;
      c.width = Math.max(1, w * dpr); c.height = Math.max(1, h * dpr);
      const g = c.getContext('2d');
      if (!g) return;
      g.scale(dpr, dpr);
      const css = getComputedStyle(c);
      const col = (v: string) => css.getPropertyValue(v).trim() || '#888';
      const x = (s: number) => (last > first ? ((s - first) / (last - first)) * (w - 1) : 0) + 0.5;
      g.fillStyle = col('--bg3'); g.fillRect(0, 14, w, 6);
      const lines = (seqs: ArrayLike<number>, color: string, y0: number, y1: number) => {
        g.strokeStyle = color; g.beginPath();
        let prevX = -2;
        for (let i = 0; i < seqs.length; i++) { const px = Math.round(x(seqs[i])); if (px === prevX) continue; prevX = px; g.moveTo(px + 0.5, y0); g.lineTo(px + 0.5, y1); }
        g.stroke();
      };
      lines(summary.turnSeqs, col('--fg2'), 20, 26);
      lines(summary.replacementSeqs, col('--rep'), 8, 14);
      lines(summary.compactionSeqs, col('--rep'), 0, 20);
      lines(summary.closerSeqs, col('--accent'), 0, 34);
      lines(summary.diagnostics.map((d) => d.seq), col('--warn'), 26, 34);
      // failed tool calls: a short thick tick at the top of the track
      const err = col('--err');
      g.fillStyle = err;
      for (const seq of toolErrorsOf(summary.overview).results) g.fillRect(Math.round(x(seq)) - 1, 0, 3, 9);
      if (!summary.verdict.ok && summary.verdict.seq !== undefined) { g.lineWidth = 2; lines([summary.verdict.seq], col('--err'), 0, 34); g.lineWidth = 1; }
      if (lineage) { lines(lineage.sources, col('--src'), 28, 34); lines(lineage.dependents, col('--dep'), 28, 34); lines(lineage.replaced, col('--rep'), 28, 34); }
    };
    // the observer's first callback draws (after layout, so the canvas has its size)
    const ro = new ResizeObserver(draw);
    ro.observe(c);
    const mo = new MutationObserver(draw);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const mq = matchMedia('(prefers-color-scheme: dark)');
    mq.addEventListener('change', draw);
    return () => { ro.disconnect(); mo.disconnect(); mq.removeEventListener('change', draw); };
  }, [summary, lineage, first, last]);
  return <canvas ref={canvas} aria-hidden="true" />;
}
