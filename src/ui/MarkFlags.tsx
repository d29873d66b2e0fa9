import { useApp } from '../store/store';

/** The A and B marks drawn on the scrubber track, with the span between them shaded. */
export function MarkFlags({ first = 0, last }: { first?: number; last: number }) {
  const a = useApp((s) => s.markA);
  const b = useApp((s) => s.markB);
  // the track may show only [first, last] (zoomed): marks outside it are not drawn, the span is clipped
  const frac = (n: number) => (last > first ? Math.max(0, Math.min(1, (n - first) / (last - first))) : 0);
  const x = (n: number) => `${frac(n) * 100}%`;
  const shown = (n: number | undefined) => n !== undefined && n >= first && n <= last;
  return (
    <>
      {a !== undefined && b !== undefined && (
        <div className="ab-span" style={{ left: x(Math.min(a, b)), width: `calc(${(frac(Math.max(a, b)) - frac(Math.min(a, b))) * 100}% + 1px)` }} />
      )}
      {shown(a) && a !== undefined && <div className="ab-flag" data-mark="A" style={{ left: x(a) }}><span>A</span></div>}
      {shown(b) && b !== undefined && <div className="ab-flag" data-mark="B" style={{ left: x(b) }}><span>B</span></div>}
    </>
  );
}
