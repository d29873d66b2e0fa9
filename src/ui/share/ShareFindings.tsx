import { useState } from 'react';
import type { ShareFinding } from '../../protocol/share-protocol';
import { goToFinding, setKept, useShare } from '../../app/share';

/** The findings grouped by rule, with counts; each links to its event and can be kept; a whole rule too. */
export function ShareFindings({ findings }: { findings: readonly ShareFinding[] }) {
  const [shown, setShown] = useState<string | undefined>();
  // a box shows the choice as soon as it is made; the review's counts and previews follow the worker's answer
  const keep = new Set(useShare((s) => s.keep));
  const groups = new Map<string, ShareFinding[]>();
  for (const f of findings) groups.set(f.rule, [...(groups.get(f.rule) ?? []), f]);
  const current = findings.find((f) => f.id === shown);
  return (
    <div className="share-findings">
      {[...groups].map(([rule, list]) => {
        const kept = list.filter((f) => f.kept).length;
        const chosen = list.filter((f) => keep.has(f.id)).length;
        return (
          <section key={rule} className="share-rule" aria-label={`Rule ${rule}`}>
            <h3>{rule} <span className="count">{list.length} finding{list.length === 1 ? '' : 's'}{kept ? `, ${kept} kept` : ''}</span></h3>
            <label><input type="checkbox" checked={chosen === list.length} onChange={(e) => setKept(list.map((f) => f.id), e.target.checked)} /> Keep every {rule} finding</label>
            <ul aria-label={`Findings of ${rule}`}>
              {list.map((f) => (
                <li key={f.id} className={f.kept ? 'kept' : undefined}>
                  <button type="button" className="link" onClick={() => { setShown(f.id); goToFinding(f.seq); }}>
                    {f.seq !== undefined ? `seq ${f.seq}` : f.line === 1 ? 'header' : `line ${f.line}`} · {f.path || 'raw line'}
                  </button>
                  <code className="share-preview">{f.preview}</code>
                  <label><input type="checkbox" checked={keep.has(f.id)} onChange={(e) => setKept([f.id], e.target.checked)} aria-label={`Keep ${rule} at ${f.seq !== undefined ? `seq ${f.seq}` : `line ${f.line}`} (${f.path || 'raw line'})`} /> Keep</label>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {current && (
        <figure className="share-compare" aria-label="Before and after">
          <div><figcaption>As it is (the credential masked)</figcaption><pre>{current.before ?? '(not shown)'}</pre></div>
          <div><figcaption>{current.kept ? 'Kept as it is' : 'Redacted'}</figcaption><pre>{current.after ?? '(not shown)'}</pre></div>
        </figure>
      )}
    </div>
  );
}
