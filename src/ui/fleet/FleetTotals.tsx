import { useMemo } from 'react';
import { deriveCost, type PriceTable } from '../../core/cost';
import { groupFleet, type FleetRow } from '../../core/fleet-figures';
import { tokenSum } from '../../core/step-usage';
import { formatCount as n } from '../format';
import { formatCost } from './fleet-table';


/**
 * Totals over the loaded sessions shown, by project and by day (tokens by the day each step
 * started); by project with their cost when a price table is given (tokens by day carry no model).
 */
export function FleetTotals({ rows, prices }: { rows: readonly FleetRow[]; prices?: PriceTable }) {
  const byProject = useMemo(() => groupFleet(rows, 'project'), [rows]);
  const byDay = useMemo(() => groupFleet(rows, 'day'), [rows]);
  const table = (label: string, groups: typeof byProject, priced = false) => (
    <table className="fleet-totals" aria-label={label}>
      <thead><tr><th scope="col">{label.replace('Totals by ', '')}</th><th scope="col">Sessions</th><th scope="col">Turns</th><th scope="col">Steps</th><th scope="col">Tool calls</th><th scope="col">Tool errors</th><th scope="col">Tokens</th>{priced && prices && <th scope="col">Cost (“{prices.name}”)</th>}</tr></thead>
      <tbody>{groups.map((g) => (
        <tr key={g.key}><th scope="row" title={g.key}>{g.key}</th><td>{n(g.sessions)}</td><td>{n(g.figures.turns)}</td><td>{n(g.figures.steps)}</td><td>{n(g.figures.toolCalls)}</td><td>{n(g.figures.toolErrors)}</td><td>{n(tokenSum(g.figures.tokens))}</td>{priced && prices && <td>{formatCost(deriveCost(g.byModel, prices))}</td>}</tr>
      ))}</tbody>
    </table>
  );
  return <div className="fleet-totals-pair">{table('Totals by project', byProject, true)}{table('Totals by day', byDay)}</div>;
}
