import { memo, useEffect } from 'react';
import { eventFamily } from '../core/catalog';
import { useRun } from '../app/session-scope';
import { ensureRows } from '../app/session-scope';
import { useApp } from '../store/store';
import { FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH, type Row } from '../protocol/worker-protocol';
import { absTime, formatCount, relTime } from './format';
import { Highlight } from './Highlight';
import { roleAt } from './lineage-at';
import { useOption } from './useOption';
import { failedRole, toolErrorsOf } from './tool-errors-at';

/** Where a Log entry stands against the cursor the Log shows: after it (dimmed), at it, or before it. */
export type Place = 'past' | 'cursor' | 'future';

interface RowProps {
  seq: number;
  /** The event's fetched row (undefined: asked for). */
  row: Row | undefined;
  place: Place;
}

/**
 * One event row of the Log view; asks for its row from the worker when not fetched. The row and
 * the place against the cursor are props, so a cursor move or an arrival of rows re-renders only
 * the rows whose row or place changed (the Log reads both for every row it lists).
 */
export const LogRow = memo(function LogRow({ seq, row, place }: RowProps) {
  const option = useOption(seq);
  const query = useApp((s) => s.search?.query);
  const isMatch = useApp((s) => (s.search ? binaryHas(s.search.hits, seq) : false));
  const start = useApp((s) => s.summary?.startTime ?? s.progress.startTime ?? 0);
  // fixture mode: the file has no seq or time, both are implied from position (issue 14 §7)
  const implied = useApp((s) => s.summary?.container === 'fixture');
  // where fixture mode stopped reading (its records stopped making sense): the rows from there on are marked, as after a refusal
  const stop = useApp((s) => (s.summary?.container === 'fixture' ? s.summary.fixtureFailure : undefined));
  useEffect(() => { if (!row) ensureRows([seq]); }, [row, seq]);
  // a row synthesized on load carries the loader's clock: no delta from the session's start
  const synth = row !== undefined && (row.flags & FLAG_SYNTH) !== 0;
  const failed = useApp((s) => failedRole(toolErrorsOf(s.summary?.overview), seq));
  const cls = `row fam-${row ? eventFamily(row.type) : 'x'}${isMatch ? ' match' : ''}${place === 'past' ? '' : ` ${place}`}${failed === 'result' ? ' tool-error' : failed === 'call' ? ' tool-error-call' : ''}`;
  return (
    <div className={cls} {...option} aria-current={place === 'cursor' ? 'step' : undefined}>
      <span className={implied ? 'seq implied' : 'seq'} title={implied ? 'seq implied from position (fixture mode)' : undefined}>{seq}{implied && <span className="visually-hidden"> (implied)</span>}{place === 'future' && <span className="visually-hidden"> (after the cursor)</span>}</span>
      <span className={implied && !synth ? 'time implied' : 'time'} title={row ? (synth ? `${absTime(row.time)}: the clock when this row was synthesized on load, not a time in the session` : implied ? 'time implied as createdAt + seq (fixture mode: the file has no times)' : absTime(row.time)) : undefined}>
        {row ? (synth ? 'appended on load' : relTime(row.time - start)) : ''}</span>
      <span className="type" title={row?.type}>{row?.type ?? '…'}</span>
      <span className="ts">{row?.turn !== undefined ? `${row.turn}${row.step !== undefined ? `.${row.step}` : ''}` : ''}</span>
      <span className="summary" title={row?.summary}>{row ? (isMatch && query ? <Highlight text={row.summary} query={query} /> : row.summary) : ''}</span>
      <span>
        {failed === 'result' && <span className="badge error-label" title="This tool call failed">ERROR</span>}
        {failed === 'call' && <span className="badge err" title="This call's result is an error">failed</span>}
        {row && row.flags & FLAG_SYNTH ? <span className="badge synth">synthesized on load</span> : null}
        {row && row.flags & FLAG_PACKED ? <span className="badge">packed</span> : null}
        {row && row.flags & FLAG_DIAG ? <span className="badge warn">diagnostic</span> : null}
        {/* fixture mode: DSH's refusal of a fixture is said once, in the banner */}
        {row && !implied && row.flags & FLAG_REFUSED ? <span className="badge err">refused here</span> : null}
        {row && !implied && row.flags & FLAG_NOT_ACCEPTED && !(row.flags & FLAG_REFUSED) ? <span className="badge err">after refusal</span> : null}
        {row && implied && stop && row.flags & FLAG_NOT_ACCEPTED
          ? <span className="badge err" title={`Fixture mode stopped reading: ${stop.message}`}>{stop.seq === seq ? 'fixture mode stopped here' : 'after the fixture stop'}</span> : null}
      </span>
    </div>
  );
});

interface RunProps { start: number; end: number; expanded: boolean; row: Row | undefined; place: Place; onToggle(start: number): void }

/**
 * A folded run of `assistant/chunk` events: one row, expanded on demand (or when a member is
 * selected). Memoized as LogRow is: a cursor move re-renders only the runs whose marks change.
 */
export const LogRunRow = memo(function LogRunRow({ start, end, expanded, row, place, onToggle }: RunProps) {
  const run = useRun(start);
  const selected = useApp((s) => s.selected !== undefined && s.selected >= start && s.selected <= end);
  const start0 = useApp((s) => s.summary?.startTime ?? 0);
  useEffect(() => { if (!row) ensureRows([start]); }, [row, start]);
  const n = end - start + 1;
  const label = `${expanded ? 'Fold' : 'Unfold'} ${formatCount(n)} chunk events, seq ${start} to ${end}`;
  // folded, the run is highlighted when any member is a source (or dependent, or replaced) of the selection
  const lineage = useApp((s) => (expanded ? undefined : roleAt(start, end, s.lineage, s.cursor)));
  // folded, the run row stands for its first event (data-seq); unfolded, the members carry their own
  const seqAttr = expanded ? {} : { 'data-seq': start };
  return (
    <div className={`row run fam-assistant${place === 'past' ? '' : ` ${place}`}`} role="option" {...seqAttr} data-run={start} data-run-end={end} aria-selected={!expanded && selected} data-expanded={expanded}
      data-lineage={lineage} aria-current={place === 'cursor' ? 'step' : undefined} title={label} onClick={() => onToggle(start)}>
      <span className="seq">{start}</span>
      <span className="time">{row ? relTime(row.time - start0) : ''}</span>
      <span className="type"><span className="fold" aria-hidden="true">{expanded ? '▾' : '▸'}</span> chunk ×{formatCount(n)}<span className="visually-hidden">{expanded ? ', unfolded' : ', folded'}</span></span>
      <span className="ts">{row?.turn !== undefined ? `${row.turn}${row.step !== undefined ? `.${row.step}` : ''}` : ''}</span>
      <span className="summary" title={run?.kinds}>{run ? `${run.preview}${run.preview ? ' · ' : ''}${run.kinds}` : ''}</span>
      <span><span className="badge">seq {start}–{end}</span></span>
    </div>
  );
});

function binaryHas(a: Int32Array, x: number): boolean {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) { const m = (lo + hi) >> 1; if (a[m] === x) return true; if (a[m] < x) lo = m + 1; else hi = m - 1; }
  return false;
}
