import type { RunsPair, RunsPairSide } from '../../protocol/runs-protocol';

function SurfaceColumn({ side, run }: { side: RunsPairSide; run: 'A' | 'B' }) {
  const shown = side.surface.length;
  return (
    <section className="runs-surface" aria-label={`Surface of run ${run} at seq ${side.at}`}>
      <h4>Surface of run {run} at seq {side.at} ({side.surfaceTotal.toLocaleString()} nodes{shown < side.surfaceTotal ? `, the last ${shown} shown` : ''})</h4>
      <ol>
        {side.surface.map((n) => (
          <li key={n.seq} data-seq={n.seq} data-same={n.same} className={n.same ? '' : 'differs'}>
            <span className="seq">{n.seq}</span> <span className="role">{n.role}</span>
            {n.standsFor !== undefined && <span className="stands"> replacement, standing for {n.standsFor.toLocaleString()} message{n.standsFor === 1 ? '' : 's'}</span>}
            {' '}<span className="text">{n.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A difference opened: the two items as text, their line diff, and both Surfaces at that point side by side. */
export function RunsPairDetail({ pair }: { pair: RunsPair }) {
  const cut = pair.lines.length > 400;
  return (
    <div className="runs-pair" role="region" aria-label={`Difference ${pair.diff + 1} in detail`}>
      <div className="runs-items">
        <section aria-label="Run A's item"><h4>Run A{pair.a.seq !== null ? `, seq ${pair.a.seq}` : ''}: {pair.a.kind ?? 'no counterpart'}</h4><pre>{pair.a.text ?? '(run A has no item here)'}</pre></section>
        <section aria-label="Run B's item"><h4>Run B{pair.b.seq !== null ? `, seq ${pair.b.seq}` : ''}: {pair.b.kind ?? 'no counterpart'}</h4><pre>{pair.b.text ?? '(run B has no item here)'}</pre></section>
      </div>
      <section className="runs-linediff" aria-label="Line diff, A → B">
        <h4>Line diff, A → B</h4>
        <pre>{pair.lines.slice(0, 400).map((l, i) => <div key={i} className={l.op === '+' ? 'add' : l.op === '-' ? 'del' : 'same'}>{l.op === '=' ? ' ' : l.op} {l.text}</div>)}{cut ? '…' : ''}</pre>
      </section>
      <div className="runs-surfaces"><SurfaceColumn side={pair.a} run="A" /><SurfaceColumn side={pair.b} run="B" /></div>
    </div>
  );
}
