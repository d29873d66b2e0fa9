import type { FleetRow } from '../../core/fleet-figures';
import { titleOf } from './fleet-table';

/**
 * Compare two of the folder's sessions: the rows picked in the table (A first, in the order
 * picked) open in the Runs view, A shown and B aligned beside it.
 */
export function FleetCompareBar({ picked, onCompare }: { picked: readonly FleetRow[]; onCompare: (a: string, b: string) => void }) {
  const [a, b] = picked;
  return (
    <div className="fleet-compare" role="group" aria-label="Compare runs">
      <button type="button" disabled={!a || !b} onClick={() => a && b && onCompare(a.path, b.path)}>Compare runs</button>
      <span className="label" aria-live="polite">
        {!a ? 'Pick two sessions in the table to compare them as runs A and B.'
          : !b ? `Run A: ${titleOf(a)}. Pick run B.`
          : `Run A: ${titleOf(a)} · run B: ${titleOf(b)}`}
      </span>
    </div>
  );
}
