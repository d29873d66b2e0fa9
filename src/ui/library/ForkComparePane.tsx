import type { ForkSide, Row } from '../../protocol/worker-protocol';
import { showForkCompare } from '../../app/library-open';
import { type ForkComparison } from '../../store/library-slice';
import { plural } from '../status-line';
import { afterFork } from './fork-rows';

function Heading({ label, side, from }: { label: string; side: ForkSide; from: number }) {
  const after = afterFork(side.length, from);
  return (
    <h3>{label} <span className="label">({plural(after.count, 'event')} after the fork{after.count ? `, ${after.range}` : ''}{side.rows.length < after.count ? `; the first ${side.rows.length} shown` : ''})</span></h3>
  );
}

function Rows({ label, side }: { label: string; side: ForkSide }) {
  return (
    <ol aria-label={label} className="fork-rows">
      {side.rows.map((r: Row) => (
        <li key={r.seq} data-seq={r.seq} title={r.summary}><span className="mono seq">{r.seq}</span> <span className="mono type">{r.type}</span> <span className="summary">{r.summary}</span></li>
      ))}
      {side.rows.length === 0 && <li className="label">(no events after the fork point)</li>}
    </ol>
  );
}

/**
 * A fork and its parent side by side in the main area, row by row from the divergence seq (row i
 * of both columns is seq from + i), with the count of events each has after the fork. The grid's
 * first row holds both headings, so the rows below line up whatever the headings' heights.
 */
export function ForkComparePane({ c }: { c: ForkComparison }) {
  return (
    <main className="views fork-pane" aria-labelledby="fork-pane-heading">
      <div className="fork-pane-head">
        <h2 id="fork-pane-heading">Fork comparison from the divergence point, seq {c.from}</h2>
        <span className="label">parent {c.parentId}</span>
        <button type="button" onClick={() => showForkCompare(undefined)}>Close comparison</button>
      </div>
      <div className="fork-compare scroll" role="group" aria-label="Fork comparison" tabIndex={0}>
        <Heading label="Parent after the fork" side={c.other} from={c.from} />
        <Heading label="This session after the fork" side={c.self} from={c.from} />
        <Rows label="Parent after the fork" side={c.other} />
        <Rows label="This session after the fork" side={c.self} />
      </div>
    </main>
  );
}
