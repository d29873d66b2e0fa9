import { useApp } from '../store/store';

/**
 * The one banner of fixture mode (issue 14 §7): what a DSH snapshot-test fixture is, what fixture
 * mode implied to show it, and DSH's own verdict on the file as a plain fact, not as an alert.
 */
export function FixtureBanner() {
  const s = useApp((st) => st.summary)!;
  const v = s.verdict;
  const notes = s.fixtureNotes ?? [];
  return (
    <div className="banner" data-verdict="fixture" aria-label="Verdict">
      <span className="verdict">Fixture mode.</span>
      <span>
        This is a DSH snapshot-test fixture, not a recorded session: its events carry no seq and no time, so DSH itself
        does not load it. Seqscope shows it with each seq implied from the event’s position and each time implied as the
        header’s createdAt plus the seq; <span className="implied">implied values are in italics</span>.
      </span>
      {/* a plain fact of the fixture, like the rest of the banner: not a refusal of a recorded session */}
      {s.fixtureFailure && <p className="fixture-stop" data-testid="fixture-stop">Fixture mode stopped reading: {s.fixtureFailure.message}</p>}
      <details>
        <summary>What fixture mode read{notes.length ? ` (${notes.length} note${notes.length === 1 ? '' : 's'})` : ''}</summary>
        <ul>
          {notes.map((n, i) => <li key={i}>{n}</li>)}
          {!v.ok && <li>DSH’s loader on the original bytes: refused ({v.kind}): {v.message}</li>}
        </ul>
      </details>
    </div>
  );
}
