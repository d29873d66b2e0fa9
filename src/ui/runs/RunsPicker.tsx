import { useState } from 'react';
import { libraryRun, openRunB } from '../../app/runs';
import { useLibrary } from '../../app/library';

/** Picks run B to compare the shown session with: a file, or a kept session. */
export function RunsPicker() {
  const entries = useLibrary((s) => s.entries);
  const current = useLibrary((s) => s.currentId);
  const [pick, setPick] = useState('');
  const others = entries.filter((e) => e.id !== current);
  return (
    <div className="runs-picker">
      <p>Compare the shown session (run A) with another run of the same task: pick run B. Two files dropped together, <code>?a=URL&amp;b=URL</code> and <code>#compare=ID,ID</code> open a pair directly.</p>
      <label>Open run B from a file <input type="file" accept=".jsonl,.zstd,.zip,application/json" onChange={(e) => { const f = e.target.files?.[0]; if (f) void openRunB(f, f.name); }} /></label>
      {others.length > 0 && (
        <span>
          <label>or a kept session{' '}
            <select value={pick} onChange={(e) => setPick(e.target.value)} aria-label="Kept session as run B">
              <option value="">…</option>
              {others.map((e) => <option key={e.id} value={e.id}>{e.name}</option>)}
            </select>
          </label>
          <button type="button" disabled={!pick} onClick={() => void libraryRun(pick).then((r) => r && openRunB(r.bytes, r.name, r.keptId))}>Compare</button>
        </span>
      )}
    </div>
  );
}
