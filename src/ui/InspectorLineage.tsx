import { reveal, setCursor } from '../app/cursor';
import { useApp } from '../store/store';
import type { LineageInfo } from '../protocol/worker-protocol';
import { formatRange, seqRanges } from './format';
import { lineageAt, type LineageFact } from './lineage-at';
import { useRoving } from './useRoving';

const MAX_CHIPS = 200;

/** One fact: its label and a chip per contiguous range of seqs ("8–120"); a chip selects the range's first seq. */
function Fact({ f, later }: { f: LineageFact; later?: boolean }) {
  const ranges = seqRanges(f.seqs);
  const shown = ranges.slice(0, MAX_CHIPS);
  // one tab stop per fact, the arrow keys within it
  const roving = useRoving(shown.length);
  return (
    <div className="links" role="group" aria-label={f.label} onKeyDown={roving.onKeyDown}>
      <span>{f.label}{later && f.at !== undefined ? ` (at seq ${f.at})` : ''}: </span>
      {shown.map((r, i) => {
        const text = formatRange(r);
        return (
          <button key={r[0]} type="button" {...roving.item(i)} onClick={() => reveal(r[0])} aria-label={`${f.label} seq ${text}`}
            title={r[0] === r[1] ? `Select seq ${r[0]}` : `${r[1] - r[0] + 1} seqs; select seq ${r[0]}`}>{text}</button>
        );
      })}
      {ranges.length > shown.length && <span> … {ranges.length - shown.length} more ranges</span>}
    </div>
  );
}

/**
 * The selection's lineage as of the cursor: what is true at the cursor, then, apart, what happens
 * after it, each with its seq. Selecting a later seq moves the cursor there.
 */
export function InspectorLineage({ lin }: { lin: LineageInfo }) {
  const cursor = useApp((s) => s.cursor);
  const { now, later } = lineageAt(lin, cursor);
  return (
    <>
      {lin.seq > cursor && (
        <p className="view-note" role="note">
          This event is after the cursor (seq {cursor}). <button type="button" onClick={() => setCursor(lin.seq)}>Move cursor to seq {lin.seq}</button>
        </p>
      )}
      <section aria-label="Lineage">
        {now.map((f) => <Fact key={f.label} f={f} />)}
      </section>
      {later.length > 0 && (
        <section aria-label="After the cursor" className="after-cursor">
          <h3>After the cursor</h3>
          {later.map((f) => <Fact key={f.label} f={f} later />)}
        </section>
      )}
    </>
  );
}
