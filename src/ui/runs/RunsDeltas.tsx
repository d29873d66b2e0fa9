import type { RunDeltas } from '../../core/run-deltas';
import { deltaText } from './runs-text';

/** The summary of both runs: each figure as A → B (B − A). */
export function RunsDeltas({ d }: { d: RunDeltas }) {
  const rows: [string, { a: number; b: number; delta: number }][] = [
    ['Turns', d.turns], ['Steps', d.steps], ['Tool calls', d.toolCalls],
    ...d.toolCallsByTool.filter((t) => t.delta !== 0).map((t) => [`· ${t.tool}`, t] as [string, typeof t]),
    ['Tool errors', d.toolErrors], ['Input tokens', d.tokens.input], ['Cached tokens', d.tokens.cached],
    ['Output tokens', d.tokens.output], ['Reasoning tokens', d.tokens.reasoning],
    ['Wall time (s)', { a: Math.round(d.wallMs.a / 1000), b: Math.round(d.wallMs.b / 1000), delta: Math.round(d.wallMs.b / 1000) - Math.round(d.wallMs.a / 1000) }],
    ['Compactions', d.compactions], ['Prunes', d.prunes],
  ];
  return (
    <table className="runs-deltas" aria-label="Deltas, run A → run B">
      <tbody>
        {rows.map(([label, x]) => (
          <tr key={label} data-changed={x.delta !== 0 || undefined}><th scope="row">{label}</th><td>{deltaText(x)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
