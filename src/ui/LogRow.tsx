import { useEffect } from 'react';
import { eventFamily } from '../core/catalog';
import { ensureRows, rowCache, select, useApp } from '../store/store';
import { FLAG_DIAG, FLAG_NOT_ACCEPTED, FLAG_PACKED, FLAG_REFUSED, FLAG_SYNTH } from '../worker/protocol';
import { absTime, lineageRole, relTime } from './format';
import { Highlight } from './Highlight';

/** One event row of the Log view; fetches its row from the worker when not cached. */
export function LogRow({ seq }: { seq: number }) {
  useApp((s) => s.rowsVersion);
  const selected = useApp((s) => s.selected === seq);
  const role = useApp((s) => lineageRole(seq, s.lineage));
  const query = useApp((s) => s.search?.query);
  const isMatch = useApp((s) => (s.search ? binaryHas(s.search.hits, seq) : false));
  const start = useApp((s) => s.summary?.startTime ?? 0);
  const row = rowCache.get(seq);
  useEffect(() => { if (!row) ensureRows([seq]); }, [row, seq]);
  const cls = `row fam-${row ? eventFamily(row.type) : 'x'}${isMatch ? ' match' : ''}`;
  return (
    <div className={cls} role="option" data-seq={seq} aria-selected={selected} data-lineage={role} onClick={() => select(seq)}>
      <span className="seq">{seq}</span>
      <span className="time" title={row ? absTime(row.time) : undefined}>{row ? relTime(row.time - start) : ''}</span>
      <span className="type" title={row?.type}>{row?.type ?? '…'}</span>
      <span className="ts">{row?.turn !== undefined ? `${row.turn}${row.step !== undefined ? `.${row.step}` : ''}` : ''}</span>
      <span className="summary" title={row?.summary}>{row ? (isMatch && query ? <Highlight text={row.summary} query={query} /> : row.summary) : ''}</span>
      <span>
        {row && row.flags & FLAG_SYNTH ? <span className="badge synth">synthesized on load</span> : null}
        {row && row.flags & FLAG_PACKED ? <span className="badge">packed</span> : null}
        {row && row.flags & FLAG_DIAG ? <span className="badge warn">diagnostic</span> : null}
        {row && row.flags & FLAG_REFUSED ? <span className="badge err">refused here</span> : null}
        {row && row.flags & FLAG_NOT_ACCEPTED && !(row.flags & FLAG_REFUSED) ? <span className="badge err">after refusal</span> : null}
      </span>
    </div>
  );
}

function binaryHas(a: Int32Array, x: number): boolean {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) { const m = (lo + hi) >> 1; if (a[m] === x) return true; if (a[m] < x) lo = m + 1; else hi = m - 1; }
  return false;
}
