import type { CSSProperties } from 'react';
import { formatPlace } from '../../core/run-compare';
import type { RunRow } from '../../core/run-rows';
import type { RunsInfo } from '../../protocol/runs-protocol';
import { openDifference } from '../../app/runs';
import { setCursor } from '../../app/cursor';
import { FixedList } from '../FixedList';

const ROW_PX = 26;

const seqText = (s: number | null) => (s === null ? '—' : `seq ${s}`);

function line(info: RunsInfo, row: RunRow, open: number) {
  switch (row.kind) {
    case 'fold':
      return (
        <div className="runs-row fold" role="option" aria-selected={false} onClick={() => setCursor(row.aFrom)}
          title="Equal items, folded: click to move the cursors there">
          ≡ {(row.to - row.from).toLocaleString()} equal item{row.to - row.from === 1 ? '' : 's'} · turns {row.turnFrom}–{row.turnTo} · A seq {row.aFrom}–{row.aTo} · B seq {row.bFrom}–{row.bTo}
        </div>
      );
    case 'turn': return <div className="runs-row turn" role="option" aria-selected={false}>{row.turn === 0 ? 'Before the first turn' : `Turn ${row.turn}`}</div>;
    case 'step': return <div className="runs-row step" role="option" aria-selected={false}>{row.turn === 0 ? '' : formatPlace(row.turn, row.step)}</div>;
    case 'diff': {
      const d = info.differences[row.diff], x = info.excerpts[row.diff];
      const label = `Difference ${row.diff + 1}: ${d.kind}${d.count > 1 ? ` (${d.count.toLocaleString()} items)` : ''}, A ${seqText(d.a)}, B ${seqText(d.b)}`;
      return (
        <div className="runs-row diff" role="option" aria-selected={open === row.diff} aria-label={label} data-kind={d.kind} data-diff={row.diff}
          onClick={() => void openDifference(row.diff)}>
          <span className="kind">{d.kind}{d.count > 1 ? ` ×${d.count.toLocaleString()}` : ''}</span>
          <span className="side"><b>A</b> {seqText(d.a)} {x?.a ?? (d.a === null ? '(none)' : '')}</span>
          <span className="side"><b>B</b> {seqText(d.b)} {x?.b ?? (d.b === null ? '(none)' : '')}</span>
        </div>
      );
    }
  }
}

/** Both runs aligned row by row: equal pairs folded, each difference under its turn and step. */
export function RunsRows({ info, open }: { info: RunsInfo; open: number }) {
  const at = open >= 0 ? info.rows.findIndex((r) => r.kind === 'diff' && r.diff === open) : -1;
  // the list is as tall as its rows, up to a cap (runs.css): a short alignment leaves room for the detail below it
  const fit = { '--runs-rows-px': `${info.rows.length * ROW_PX + 2}px` } as CSSProperties;
  return (
    <div className="runs-rows-fit" style={fit}>
      <FixedList label="Runs, aligned" className="runs-rows" count={info.rows.length} rowHeight={ROW_PX}
        scrollTo={at >= 0 ? at : undefined} scrollKey={open} render={(i) => line(info, info.rows[i], open)} />
    </div>
  );
}
