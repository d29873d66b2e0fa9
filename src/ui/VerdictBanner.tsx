import { Fragment, type ReactNode } from 'react';
import { reveal } from '../app/cursor';
import { setView } from '../app/view';
import { useApp } from '../store/store';
import { formatBytes } from './format';
import { FixtureBanner } from './FixtureBanner';
import { selectLine } from '../app/cursor';

/** Does `message` name line `line` already ("Line 1: …", "… at line 12 …")? */
const namesLine = (message: string, line: number) => new RegExp(`\\bline ${line}\\b`, 'i').test(message);

/** DSH's verdict, the refusal sentence with a jump button, repairs and diagnostics. */
export function VerdictBanner() {
  const s = useApp((st) => st.summary)!;
  if (s.container === 'fixture') return <FixtureBanner />;
  const v = s.verdict;
  const kind = v.ok ? 'ok' : v.kind;
  const jump = (seq: number) => { setView('log'); reveal(seq); };
  // the end-seed marker every load appends is not a repair: its row says "appended on load"
  const repairs: ReactNode[] = [];
  if (s.torn) repairs.push(`${formatBytes(s.torn.bytes)} of torn bytes dropped from line ${s.torn.line}`);
  const closers = s.closerSeqs;
  if (closers.length) {
    const first = closers[0], last = closers[closers.length - 1];
    repairs.push(<>{closers.length} crash-repair closer{closers.length > 1 ? 's' : ''} synthesized (
      <button type="button" className="linkish mono" onClick={() => jump(first)} aria-label={`Go to the crash-repair closers, seq ${first}${closers.length > 1 ? ` to ${last}` : ''}`}>
        seq {first}{closers.length > 1 ? `–${last}` : ''}</button>)</>);
  }
  return (
    <div className="banner" data-verdict={kind} aria-label="Verdict">
      <span className="verdict">{v.ok ? 'DSH would load this log.' : `DSH would refuse this log (${v.kind}).`}</span>
      {!v.ok && (
        <span role="alert">
          {v.message}{' '}
          {v.seq !== undefined && v.seq < s.length && <button type="button" onClick={() => jump(v.seq!)}>Go to seq {v.seq}</button>}
          {v.seq !== undefined && v.seq >= s.length && s.length > 0 && v.line !== undefined && (
            // the refused record was not read: it is listed after the log's last event
            <button type="button" onClick={() => { setView('log'); selectLine(v.line); }}>Show line {v.line}</button>
          )}
          {/* the line as a badge only when the sentence does not already name it ("Line 1 is not a session header…") */}
          {v.seq === undefined && v.line !== undefined && !namesLine(v.message, v.line) && <span className="badge err">line {v.line}</span>}
        </span>
      )}
      {!v.ok && <span className="badge">{s.acceptedThrough >= 0 ? `views computed best-effort through seq ${s.acceptedThrough}` : 'no event could be read'}</span>}
      {repairs.length > 0 && <span>Repairs: {repairs.map((r, i) => <Fragment key={i}>{i > 0 && '; '}{r}</Fragment>)}.</span>}
      {s.droppedTotal > 0 && <span className="badge err">{s.droppedTotal} record{s.droppedTotal > 1 ? 's' : ''} DSH would not read (listed after the log)</span>}
      <details>
        <summary>{s.diagnosticsTotal} diagnostic{s.diagnosticsTotal === 1 ? '' : 's'}</summary>
        {s.diagnostics.length > 0 && (
          <ul>
            {s.diagnostics.map((d, i) => (
              <li key={i}>
                <span className={`badge ${d.severity === 'violation' ? 'err' : 'warn'}`}>{d.severity}</span>{' '}
                <button type="button" className="mono" onClick={() => jump(d.seq)}>seq {d.seq}</button> {d.code}: {d.message}
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
