import { useState, type FormEvent } from 'react';
import { cancelFleetSearch, openFleetHit, startFleetSearch, useFleetSearch } from '../../app/fleet-search';

const FAMILIES = ['', 'user', 'assistant', 'tool', 'compaction', 'request', 'session', 'turn', 'step'];

/**
 * Search across every session of the folder: text or /regex/, by event family, tool name, tool
 * errors only. Per-session counts stream in as each file is searched; a hit opens its session there.
 */
export function FleetSearch() {
  const s = useFleetSearch();
  const [pattern, setPattern] = useState(s.pattern ?? '');
  const [family, setFamily] = useState('');
  const [tool, setTool] = useState('');
  const [errors, setErrors] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    startFleetSearch(pattern, { ...(family ? { type: family } : {}), ...(tool.trim() ? { tool: tool.trim() } : {}), ...(errors ? { errors: true } : {}) });
  };
  return (
    <section className="fleet-search" aria-label="Search the folder">
      <form onSubmit={submit} className="fleet-search-form">
        <input type="search" aria-label="Search every session" placeholder="Text, or /regex/i" value={pattern} onChange={(e) => setPattern(e.target.value)} />
        <select aria-label="Event family" value={family} onChange={(e) => setFamily(e.target.value)}>
          {FAMILIES.map((f) => <option key={f} value={f}>{f || 'any family'}</option>)}
        </select>
        <input aria-label="Tool name" placeholder="tool name" value={tool} onChange={(e) => setTool(e.target.value)} size={10} />
        <label><input type="checkbox" checked={errors} onChange={(e) => setErrors(e.target.checked)} /> tool errors only</label>
        <button type="submit">Search</button>
        {s.running && <button type="button" onClick={cancelFleetSearch}>Cancel</button>}
      </form>
      {s.error && <p role="alert">{s.error}</p>}
      <p role="status" className="label" data-searched={s.searched} data-hits={s.hits} data-running={s.running ? 'yes' : 'no'}>
        {s.pattern === undefined ? 'Search every session of the folder.' : `${s.running ? 'Searching' : s.cancelled ? 'Cancelled' : 'Searched'} ${s.searched}/${s.total} sessions: ${s.hits.toLocaleString('en-US')} hits in ${s.sessions.length} sessions`}
      </p>
      <ul className="fleet-hits" aria-label="Search hits">
        {s.sessions.map((g) => (
          <li key={g.path}>
            <div className="fleet-hit-session"><strong title={g.path}>{g.id ?? g.path}</strong> <span className="label">{g.count} hit{g.count === 1 ? '' : 's'}</span></div>
            <ul>
              {g.hits.map((h) => (
                <li key={h.seq}>
                  <button type="button" className="fleet-hit" aria-label={`Open ${g.id ?? g.path} at seq ${h.seq}`} onClick={() => void openFleetHit(g.path, h.seq, s.pattern ?? '')}>
                    <span className="mono">seq {h.seq}</span> <span className="label">{h.type}</span>{' '}
                    <span className="mono">{h.text.slice(0, h.start)}<mark>{h.text.slice(h.start, h.end)}</mark>{h.text.slice(h.end)}</span>
                  </button>
                </li>
              ))}
              {g.count > g.hits.length && <li className="label">{g.count - g.hits.length} more</li>}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
