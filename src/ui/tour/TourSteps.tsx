import { deleteStep, moveStep, setStepCaption } from '../../app/tour-recorder';
import { goToStep } from '../../app/tour-player';
import { useTour } from '../../app/tour-state';

/** The open tour's steps: each one's moment, its caption (editable), and reorder and delete. */
export function TourSteps() {
  const steps = useTour((s) => s.tour?.steps ?? []);
  const current = useTour((s) => s.step);
  if (steps.length === 0) return <p className="tour-empty">No steps yet.</p>;
  return (
    <ol className="tour-steps" aria-label="Tour steps">
      {steps.map((st, i) => (
        <li key={i} className={i === current ? 'current' : undefined} aria-current={i === current ? 'step' : undefined}>
          <div className="tour-step-head">
            <button type="button" className="linkish" onClick={() => goToStep(i)} aria-label={`Show step ${i + 1}`}>
              {i + 1}. seq {st.seq} · {st.view}{st.selection !== undefined ? ` · selects ${st.selection}` : ''}{st.a !== undefined || st.b !== undefined ? ` · A ${st.a ?? '–'} B ${st.b ?? '–'}` : ''}
            </button>
            <span className="tour-step-actions">
              <button type="button" onClick={() => moveStep(i, -1)} disabled={i === 0} aria-label={`Move step ${i + 1} up`}>↑</button>
              <button type="button" onClick={() => moveStep(i, 1)} disabled={i === steps.length - 1} aria-label={`Move step ${i + 1} down`}>↓</button>
              <button type="button" onClick={() => deleteStep(i)} aria-label={`Delete step ${i + 1}`}>Delete</button>
            </span>
          </div>
          <textarea aria-label={`Caption of step ${i + 1}`} rows={2} maxLength={4000} value={st.caption} onChange={(e) => setStepCaption(i, e.target.value)} />
        </li>
      ))}
    </ol>
  );
}
