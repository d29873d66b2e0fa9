import { useApp } from '../store/store';

/** The A and B marks drawn on the scrubber track, with the span between them shaded. */
export function MarkFlags({ last }: { last: number }) {
  const a = useApp((s) => s.markA);
  const b = useApp((s) => s.markB);
  const x = (n: number) => `${last > 0 ? (n / last) * 100 : 0}%`;
  return (
    <>
      {a !== undefined && b !== undefined && (
        <div className="ab-span" style={{ left: x(Math.min(a, b)), width: `calc(${x(Math.abs(b - a))} + 1px)` }} />
      )}
      {a !== undefined && <div className="ab-flag" data-mark="A" style={{ left: x(a) }}><span>A</span></div>}
      {b !== undefined && <div className="ab-flag" data-mark="B" style={{ left: x(b) }}><span>B</span></div>}
    </>
  );
}
