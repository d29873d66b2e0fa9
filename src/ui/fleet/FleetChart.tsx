import { useMemo, useState } from 'react';
import type { FleetRow } from '../../core/fleet-figures';
import { tokensByDay } from './fleet-table';
import { formatCount as n } from '../format';

const W = 900, H = 160, PAD = 4;
const COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac', '#86bcb6', '#d37295'];

/**
 * Tokens per day (the UTC day each step started), stacked by project or by token class, over the
 * loaded sessions. Hover (or focus) a day for its numbers; click (or Enter) filters the table to it.
 */
export function FleetChart({ rows, day, onDay }: { rows: readonly FleetRow[]; day?: string; onDay: (day: string | undefined) => void }) {
  const [by, setBy] = useState<'project' | 'class'>('project');
  const [hover, setHover] = useState<number>();
  const chart = useMemo(() => tokensByDay(rows, by), [rows, by]);
  const totals = chart.values.map((v) => v.reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const bw = chart.days.length ? (W - PAD * 2) / chart.days.length : 0;
  const shown = hover ?? (day !== undefined ? chart.days.indexOf(day) : -1);
  return (
    <section className="fleet-chart" aria-label="Tokens per day">
      <div className="fleet-chart-head">
        <strong>Tokens per day</strong>
        <label>Stack by <select aria-label="Stack by" value={by} onChange={(e) => setBy(e.target.value as 'project' | 'class')}>
          <option value="project">project</option><option value="class">token class</option>
        </select></label>
        {day !== undefined && <button type="button" onClick={() => onDay(undefined)}>Show every day</button>}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="fleet-chart-svg" role="group" aria-label={`Tokens per day, stacked by ${by === 'project' ? 'project' : 'token class'}`}>
        {chart.days.map((d, i) => {
          let y = H;
          return (
            <g key={d} role="button" tabIndex={0} aria-label={`${d}: ${n(totals[i])} tokens`} aria-pressed={day === d} className={day === d ? 'picked' : ''}
              onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(undefined)} onFocus={() => setHover(i)} onBlur={() => setHover(undefined)}
              onClick={() => onDay(day === d ? undefined : d)} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onDay(day === d ? undefined : d); } }}>
              <rect x={PAD + i * bw} y={0} width={bw} height={H} fill="transparent" />
              {chart.values[i].map((v, s) => {
                const h = (v / max) * (H - 10);
                y -= h;
                return v > 0 ? <rect key={s} x={PAD + i * bw + bw * 0.1} y={y} width={bw * 0.8} height={h} fill={COLORS[s % COLORS.length]} /> : null;
              })}
            </g>
          );
        })}
      </svg>
      <p role="status" className="label fleet-chart-numbers">
        {shown >= 0 && chart.days[shown] !== undefined
          ? `${chart.days[shown]}: ${n(totals[shown])} tokens — ${chart.series.map((s, k) => [s, chart.values[shown][k]] as const).filter(([, v]) => v > 0).map(([s, v]) => `${s} ${n(v)}`).join(', ')}`
          : `${chart.days.length} days, ${n(totals.reduce((a, b) => a + b, 0))} tokens; hover a day for its numbers, click it to filter the table`}
      </p>
      <ul className="fleet-legend" aria-label="Legend">
        {chart.series.map((s, k) => <li key={s}><span className="swatch" style={{ background: COLORS[k % COLORS.length] }} />{s}</li>)}
      </ul>
    </section>
  );
}
